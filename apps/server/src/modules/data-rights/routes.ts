import { dataRightsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { accessLogOf, accessSummaryOf } from "./access-log.js";
import { exportClient, exportMine } from "./export.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const exportDeps = { db: deps.db, publicUrl: deps.config.publicUrl };
  route(app, dataRightsApi.exportMine, (request) => exportMine(exportDeps, request.user));
  route(app, dataRightsApi.exportClient, (request) =>
    exportClient(exportDeps, request.user, request.params.id),
  );
  route(app, dataRightsApi.accessLog, (request) =>
    accessLogOf(deps.db, request.user, request.params.id, request.query),
  );
  route(app, dataRightsApi.mySummary, (request) => accessSummaryOf(deps.db, request.user));
}
