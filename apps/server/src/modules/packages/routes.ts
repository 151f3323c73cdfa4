import { clientPackagesApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { reportAccessSubjects } from "../../platform/access-subjects.js";
import { route } from "../../platform/route.js";
import { createPackage, listPackages, myPackages, packagesOverview, pausePackage } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, clientPackagesApi.list, (request) => listPackages(deps.db, request.user, request.params.id));
  route(app, clientPackagesApi.create, (request) =>
    createPackage(deps.db, request.user, request.params.id, request.body),
  );
  route(app, clientPackagesApi.pause, (request) =>
    pausePackage(deps.db, request.user, request.params, request.body),
  );
  route(app, clientPackagesApi.overview, async (request) => {
    const page = await packagesOverview(deps.db, request.user, request.query);
    reportAccessSubjects(
      request,
      page.items.map((p) => p.clientId),
    );
    return page;
  });
  route(app, clientPackagesApi.mine, (request) => myPackages(deps.db, request.user));
}
