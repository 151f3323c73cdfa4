import { agenciesApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import type { DirectoryCache } from "./directory-cache.js";
import { registerAgencyPreview } from "./link-preview.js";
import { getOwnAgencyProfile, patchOwnAgencyProfile, setAgencyPassword } from "./service.js";

// The public agency page and the requests sent from it are the agency-page module's.
export function register(app: FastifyInstance, deps: AppDeps & { directory: DirectoryCache }) {
  // /agency/:id, the web page with the agency's link preview: HTML outside /api, not an endpoint.
  registerAgencyPreview(app, deps);

  route(app, agenciesApi.me, (request) => getOwnAgencyProfile(deps.db, request.user));
  route(app, agenciesApi.updateMe, (request) => patchOwnAgencyProfile(deps.db, request.user, request.body));
  route(app, agenciesApi.setPassword, (request) =>
    setAgencyPassword(deps.db, request.user, request.body.password),
  );
  route(app, agenciesApi.directory, (request) => deps.directory.search(request.query));
}
