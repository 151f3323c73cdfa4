import {
  NotificationList,
  PageQuery,
  ReadNotificationsBody,
  ReadNotificationsResult,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.js";
import { listNotifications, markNotificationsRead } from "./service.js";

const everyone = ["ADMIN", "INVITER", "INVITEE"] as const;

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/notifications",
    {
      config: { access: everyone },
      schema: { tags: ["notifications"], querystring: PageQuery, response: { 200: NotificationList } },
    },
    async (request) => listNotifications(deps.db, request.user!, request.query),
  );

  r.post(
    "/api/notifications/read",
    {
      config: { access: everyone },
      schema: {
        tags: ["notifications"],
        body: ReadNotificationsBody,
        response: { 200: ReadNotificationsResult },
      },
    },
    async (request) => markNotificationsRead(deps.db, request.user!, request.body),
  );
}
