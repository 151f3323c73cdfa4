import { authApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { toUserView } from "../users/service.js";
import { requestSignInLink, verifySignInLink } from "./email-signin.js";
import { OIDC_STATE_COOKIE, oidcStateCookie, startOidc } from "./oidc.js";
import { login } from "./service.js";
import { clearSessionCookie, deleteSession, setSessionCookie } from "./sessions.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const secure = deps.config.isHttps;
  const emailDeps = { ...deps, publicUrl: deps.config.publicUrl };
  const stateCookie = oidcStateCookie(secure);

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

  // The account-creating routes (authApi.register, authApi.oidcCallback, which may register
  // through an invitation) are the invites module's: invitations build on sign-in, not the other
  // way round.

  route(app, authApi.logout, async (request, reply) => {
    if (request.user) await deleteSession(deps.db, request.user.sessionId);
    clearSessionCookie(reply, secure);
  });
}
