import { clientImportApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { exportClients, importClients } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, clientImportApi.importClients, (request) =>
    importClients(deps.db, request.user, request.query, request),
  );
  route(app, clientImportApi.exportClients, (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="clients-${day}.csv"`)
      .header("cache-control", "private, no-store")
      .send(exportClients(deps.db, request.user));
  });
}
