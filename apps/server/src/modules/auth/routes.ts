import { authApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { withRetryAfter } from "../../platform/rate-limit.js";
import { route } from "../../platform/route.js";
import { toUserView } from "../users/service.js";
import { requestSignInLink, signInMailsSettled, verifySignInLink } from "./email-signin.js";
import { deviceOf, rememberSignIn, setDeviceCookie } from "./known-sign-ins.js";
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
    const source = { ip: request.ip, device: deviceOf(request) };
    const { user, token, expiresAt, device } = await withRetryAfter(reply, () =>
      login(deps, request.body, source),
    );
    setSessionCookie(reply, token, expiresAt, secure);
    setDeviceCookie(reply, device, secure);
    return toUserView(user);
  });

  // The same answer for every address, given before anything depends on whose address it is.
  route(app, authApi.requestEmailLink, async (request, reply) => {
    await withRetryAfter(reply, () =>
      requestSignInLink(emailDeps, request.body.email, request.ip, request.log),
    );
    return { status: "sent" as const };
  });
  app.addHook("onClose", () => signInMailsSettled());

  route(app, authApi.verifyEmailLink, async (request, reply) => {
    const source = { ip: request.ip, device: deviceOf(request) };
    const { user, token, expiresAt } = await withRetryAfter(reply, () =>
      verifySignInLink(deps, request.body.token, request.ip),
    );
    // A link from the matchmaker's own inbox makes this browser known, like a password sign-in.
    const device = await rememberSignIn(deps.db, user.id, source);
    setSessionCookie(reply, token, expiresAt, secure);
    setDeviceCookie(reply, device, secure);
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
