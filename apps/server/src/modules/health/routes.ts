import { HealthView } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      config: { access: "public" },
      schema: { tags: ["meta"], response: { 200: HealthView, 503: HealthView } },
    },
    async (_request, reply) => {
      try {
        await deps.database.ping();
        return { status: "ok" as const, db: "ok" as const };
      } catch {
        return reply.status(503).send({ status: "error", db: "down" });
      }
    },
  );
}
