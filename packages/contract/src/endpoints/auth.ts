import {
  AcceptedView,
  AuthMethodsView,
  EmailSignInRequestBody,
  EmailSignInVerifyBody,
  OidcCallbackBody,
  OidcStartQuery,
  RegisterBody,
} from "../auth.js";
import { endpoint } from "../endpoint.js";
import { AuthStatusView, LoginBody, OidcCallbackView, UserView } from "../users.js";

const tag = "auth";

/** Signing in and out (SPEC section 4). Every route is public: it is how a caller becomes signed in. */
export const authApi = {
  status: endpoint({
    method: "GET",
    path: "/api/auth/status",
    access: "public",
    tag,
    response: AuthStatusView,
  }),
  login: endpoint({
    method: "POST",
    path: "/api/auth/login",
    access: "public",
    tag,
    body: LoginBody,
    response: UserView,
  }),
  /** E-mails a one-time sign-in link; the answer is the same for an unknown address. */
  requestEmailLink: endpoint({
    method: "POST",
    path: "/api/auth/email/request",
    access: "public",
    tag,
    body: EmailSignInRequestBody,
    response: AcceptedView,
    status: 202,
  }),
  verifyEmailLink: endpoint({
    method: "POST",
    path: "/api/auth/email/verify",
    access: "public",
    tag,
    body: EmailSignInVerifyBody,
    response: UserView,
  }),
  register: endpoint({
    method: "POST",
    path: "/api/auth/register",
    access: "public",
    tag,
    body: RegisterBody,
    response: UserView,
    status: 201,
  }),
  methods: endpoint({
    method: "GET",
    path: "/api/auth/methods",
    access: "public",
    tag,
    response: AuthMethodsView,
  }),
  /** Opened as a page, not fetched: the server redirects the browser to the OpenID Connect provider. */
  oidcStart: endpoint({
    method: "GET",
    path: "/api/auth/oidc/start",
    access: "public",
    tag,
    query: OidcStartQuery,
    response: "redirect",
  }),
  oidcCallback: endpoint({
    method: "POST",
    path: "/api/auth/oidc/callback",
    access: "public",
    tag,
    body: OidcCallbackBody,
    response: OidcCallbackView,
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/auth/logout",
    access: "public",
    tag,
    response: "none",
  }),
};
