import { usersApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { unauthenticated } from "../../platform/errors.js";
import { route } from "../../platform/route.js";
import { toUserView } from "./service.js";

export function register(app: FastifyInstance, _deps: AppDeps) {
  route(app, usersApi.me, (request) => {
    // The session hook sets the row with `request.user`, so a signed-in request always has it.
    if (!request.userRecord) throw unauthenticated();
    return toUserView(request.userRecord);
  });
}
