import { notificationsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { listNotifications, markNotificationsRead } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, notificationsApi.list, (request) => listNotifications(deps.db, request.user, request.query));
  route(app, notificationsApi.markRead, (request) =>
    markNotificationsRead(deps.db, request.user, request.body),
  );
}
