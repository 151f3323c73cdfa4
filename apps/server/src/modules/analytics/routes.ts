import { RecordViewBody, ViewsQuery, ViewsView } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { recordView, viewStats } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["analytics"];

  // Public pages call this when they open, passing the page's referrer and utm_source along.
  r.post(
    "/api/analytics/views",
    { config: { access: "public" }, schema: { tags, body: RecordViewBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await recordView(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
        countryHeader: request.headers[deps.config.analyticsCountryHeader],
      });
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/analytics/views",
    {
      config: { access: ["ADMIN", "INVITER", "INVITEE"] },
      schema: { tags, querystring: ViewsQuery, response: { 200: ViewsView } },
    },
    async (request) => viewStats(deps.db, request.user!, request.query),
  );
}
