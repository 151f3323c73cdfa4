import { authApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { register as registerUser, registerWithProvider } from "../invites/service.js";
import { toUserView } from "../users/service.js";
import { requestSignInLink, verifySignInLink } from "./email-signin.js";
import { finishOidc, OIDC_STATE_COOKIE, startOidc } from "./oidc.js";
import { login } from "./service.js";
import { clearSessionCookie, deleteSession, setSessionCookie } from "./sessions.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const secure = deps.config.isHttps;
  const emailDeps = { ...deps, publicUrl: deps.config.publicUrl };
  // The OpenID Connect state cookie goes only to the start and the callback.
  const stateCookie = { path: "/api/auth/oidc", httpOnly: true, sameSite: "lax", secure } as const;

  route(app, authApi.status, (request) => {
    if (!request.userRecord) return { authenticated: false, user: null };
    return { authenticated: true, user: toUserView(request.userRecord) };
  });

  route(app, authApi.login, async (request, reply) => {
    const { user, token, expiresAt } = await login(deps, request.body, request.ip);
    setSessionCookie(reply, token, expiresAt, secure);
    return toUserView(user);
  });

  route(app, authApi.requestEmailLink, async (request) => {
    await requestSignInLink(emailDeps, request.body.email, request.ip);
    return { status: "sent" as const };
  });

  route(app, authApi.verifyEmailLink, async (request, reply) => {
    const { user, token, expiresAt } = await verifySignInLink(deps, request.body.token, request.ip);
    setSessionCookie(reply, token, expiresAt, secure);
    return toUserView(user);
  });

  route(app, authApi.register, async (request, reply) => {
    const { user, token, expiresAt } = await registerUser(deps, request.body, request.ip);
    setSessionCookie(reply, token, expiresAt, secure);
    return toUserView(user);
  });

  route(app, authApi.methods, () => ({
    password: true,
    emailLink: true,
    oidc: { enabled: deps.config.oidc !== undefined, name: deps.config.oidc?.name ?? "" },
  }));

  route(app, authApi.oidcStart, async (request, reply) => {
    await deps.limiter.hit(`oidc-start:ip:${request.ip}`, 30, 60_000);
    const { url, state } = await startOidc(deps, {
      redirect: request.query.redirect,
      inviteCode: request.query.invite,
    });
    reply.setCookie(OIDC_STATE_COOKIE, state, { ...stateCookie, maxAge: 600 });
    return reply.redirect(url, 302);
  });

  route(app, authApi.oidcCallback, async (request, reply) => {
    const cookieState = request.cookies[OIDC_STATE_COOKIE];
    reply.clearCookie(OIDC_STATE_COOKIE, stateCookie);
    const { user, redirect, token, expiresAt } = await finishOidc(
      deps,
      { ...request.body, cookieState },
      (code, identity) => registerWithProvider(deps, code, identity),
    );
    setSessionCookie(reply, token, expiresAt, secure);
    return { user: toUserView(user), redirect };
  });

  route(app, authApi.logout, async (request, reply) => {
    if (request.user) await deleteSession(deps.db, request.user.sessionId);
    clearSessionCookie(reply, secure);
  });
}
