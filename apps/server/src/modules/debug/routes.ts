import { debugApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";

/** The memory figures behind the development-only /admin/debug/memory page. Absent in production. */
export function register(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.env === "production") return;
  route(app, debugApi.memory, () => {
    const m = process.memoryUsage();
    return {
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
}
