import {
  AcceptedView,
  AuthMethodsView,
  AuthStatusView,
  EmailSignInRequestBody,
  EmailSignInVerifyBody,
  LoginBody,
  OidcCallbackBody,
  OidcCallbackView,
  OidcStartQuery,
  RegisterBody,
  UserView,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { register as registerUser, registerWithProvider } from "../invites/service.js";
import { toUserView } from "../users/service.js";
import { requestSignInLink, verifySignInLink } from "./email-signin.js";
import { finishOidc, OIDC_STATE_COOKIE, startOidc } from "./oidc.js";
import { login } from "./service.js";
import { clearSessionCookie, deleteSession, setSessionCookie } from "./sessions.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = deps.config.isHttps;
  const emailDeps = { ...deps, publicUrl: deps.config.publicUrl };

  r.get(
    "/api/auth/status",
    { config: { access: "public" }, schema: { tags: ["auth"], response: { 200: AuthStatusView } } },
    async (request) => {
      if (!request.userRecord) return { authenticated: false, user: null };
      return { authenticated: true, user: toUserView(request.userRecord) };
    },
  );

  r.post(
    "/api/auth/login",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], body: LoginBody, response: { 200: UserView } },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await login(deps, request.body, request.ip);
      setSessionCookie(reply, token, expiresAt, secure);
      return toUserView(user);
    },
  );

  r.post(
    "/api/auth/email/request",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], body: EmailSignInRequestBody, response: { 202: AcceptedView } },
    },
    async (request, reply) => {
      await requestSignInLink(emailDeps, request.body.email, request.ip);
      return reply.status(202).send({ status: "sent" as const });
    },
  );

  r.post(
    "/api/auth/email/verify",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], body: EmailSignInVerifyBody, response: { 200: UserView } },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await verifySignInLink(deps, request.body.token, request.ip);
      setSessionCookie(reply, token, expiresAt, secure);
      return toUserView(user);
    },
  );

  r.post(
    "/api/auth/register",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], body: RegisterBody, response: { 201: UserView } },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await registerUser(deps, request.body, request.ip);
      setSessionCookie(reply, token, expiresAt, secure);
      return reply.status(201).send(toUserView(user));
    },
  );

  r.get(
    "/api/auth/methods",
    { config: { access: "public" }, schema: { tags: ["auth"], response: { 200: AuthMethodsView } } },
    async () => ({
      password: true,
      emailLink: true,
      oidc: { enabled: deps.config.oidc !== undefined, name: deps.config.oidc?.name ?? "" },
    }),
  );

  r.get(
    "/api/auth/oidc/start",
    { config: { access: "public" }, schema: { tags: ["auth"], querystring: OidcStartQuery } },
    async (request, reply) => {
      await deps.limiter.hit(`oidc-start:ip:${request.ip}`, 30, 60_000);
      const { url, state } = await startOidc(deps, {
        redirect: request.query.redirect,
        inviteCode: request.query.invite,
      });
      reply.setCookie(OIDC_STATE_COOKIE, state, {
        path: "/api/auth/oidc",
        httpOnly: true,
        sameSite: "lax",
        secure,
        maxAge: 600,
      });
      return reply.redirect(url, 302);
    },
  );

  r.post(
    "/api/auth/oidc/callback",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], body: OidcCallbackBody, response: { 200: OidcCallbackView } },
    },
    async (request, reply) => {
      const cookieState = request.cookies[OIDC_STATE_COOKIE];
      reply.clearCookie(OIDC_STATE_COOKIE, {
        path: "/api/auth/oidc",
        httpOnly: true,
        sameSite: "lax",
        secure,
      });
      const { user, redirect, token, expiresAt } = await finishOidc(
        deps,
        { ...request.body, cookieState },
        (code, identity) => registerWithProvider(deps, code, identity),
      );
      setSessionCookie(reply, token, expiresAt, secure);
      return { user: toUserView(user), redirect };
    },
  );

  r.post(
    "/api/auth/logout",
    { config: { access: "public" }, schema: { tags: ["auth"], response: { 204: z.null() } } },
    async (request, reply) => {
      if (request.user) await deleteSession(deps.db, request.user.sessionId);
      clearSessionCookie(reply, secure);
      return reply.status(204).send(null);
    },
  );
}
