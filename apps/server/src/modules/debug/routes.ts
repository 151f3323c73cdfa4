import { MemoryView } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.js";

/** The memory figures behind the development-only /admin/debug/memory page. Absent in production. */
export function register(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.env === "production") return;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/debug/memory",
      { config: { access: ["ADMIN", "INVITER"] }, schema: { tags: ["meta"], response: { 200: MemoryView } } },
      async () => {
        const m = process.memoryUsage();
        return {
          rss: m.rss,
          heapUsed: m.heapUsed,
          heapTotal: m.heapTotal,
          external: m.external,
          arrayBuffers: m.arrayBuffers,
          uptimeSeconds: Math.round(process.uptime()),
        };
      },
    );
}
