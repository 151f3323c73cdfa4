import { healthApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../platform/errors.js";
import { route } from "../../platform/route.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, healthApi.get, async (_request, reply) => {
    try {
      await deps.database.ping();
      return { status: "ok" as const, db: "ok" as const };
    } catch {
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: "error", db: "down" });
    }
  });
}
