import { clientImportApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { reportAccessSubjects } from "../../platform/access-subjects.js";
import { route } from "../../platform/route.js";
import { exportClients, importClients } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, clientImportApi.importClients, (request) => {
    // Each client created or updated is a change of their data, in their access log: the list
    // fills as rows are written, so an import that fails part way still records what it wrote.
    const touched: string[] = [];
    reportAccessSubjects(request, touched);
    return importClients(deps.db, request.user, request.query, request, touched);
  });
  route(app, clientImportApi.exportClients, (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="clients-${day}.csv"`)
      .header("cache-control", "private, no-store")
      .send(exportClients(deps.db, request.user));
  });
}
