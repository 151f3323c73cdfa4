import { analyticsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { recordView, viewStats } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, analyticsApi.recordView, (request) =>
    recordView(deps, request.body, {
      ip: request.ip,
      userAgent: request.headers["user-agent"] ?? "",
      countryHeader: request.headers[deps.config.analyticsCountryHeader],
    }),
  );
  route(app, analyticsApi.views, (request) => viewStats(deps.db, request.user, request.query));
}
