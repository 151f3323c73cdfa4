import { authApi, invitesApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { deviceOf, rememberSignIn, setDeviceCookie } from "../auth/known-sign-ins.js";
import { finishOidc, OIDC_STATE_COOKIE, oidcStateCookie } from "../auth/oidc.js";
import { setSessionCookie } from "../auth/sessions.js";
import { toUserView } from "../users/service.js";
import {
  createInvite,
  getInvite,
  myInvite,
  myInviteQr,
  register as registerUser,
  registerWithProvider,
  resendInvite,
} from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const secure = deps.config.isHttps;

  // Registration by invitation: the account, then a session as after a sign-in.
  route(app, authApi.register, async (request, reply) => {
    const { user, token, expiresAt } = await registerUser(deps, request.body, request.ip);
    setSessionCookie(reply, token, expiresAt, secure);
    return toUserView(user);
  });

  // The identity provider's callback signs in, or registers through the invitation it started with.
  route(app, authApi.oidcCallback, async (request, reply) => {
    const cookieState = request.cookies[OIDC_STATE_COOKIE];
    reply.clearCookie(OIDC_STATE_COOKIE, oidcStateCookie(secure));
    const { user, redirect, token, expiresAt } = await finishOidc(
      deps,
      { ...request.body, cookieState },
      (code, identity) => registerWithProvider(deps, code, identity),
    );
    // A sign-in through the identity provider makes this browser known, like a password sign-in.
    const device = await rememberSignIn(deps.db, user.id, { ip: request.ip, device: deviceOf(request) });
    setSessionCookie(reply, token, expiresAt, secure);
    setDeviceCookie(reply, device, secure);
    return { user: toUserView(user), redirect };
  });

  route(app, invitesApi.mine, (request) => myInvite(deps, request.user));

  route(app, invitesApi.qr, async (request, reply) => {
    const format = request.query.format;
    const body = await myInviteQr(deps, request.user, format);
    return reply
      .type(format === "svg" ? "image/svg+xml" : "image/png")
      .header("content-disposition", `attachment; filename="invite-qr.${format}"`)
      .header("cache-control", "private, no-store")
      .send(body);
  });

  route(app, invitesApi.get, (request) => getInvite(deps, request.params.code, request.ip));

  route(app, invitesApi.create, async (request) =>
    toUserView(await createInvite(deps, request.user, request.body)),
  );

  route(app, invitesApi.resendInvite, (request) => resendInvite(deps, request.user, request.params.id));
}
