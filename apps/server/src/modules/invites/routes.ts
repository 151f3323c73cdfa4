import { invitesApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { toUserView } from "../users/service.js";
import { createInvite, getInvite, myInvite, myInviteQr, resendInvite } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
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
