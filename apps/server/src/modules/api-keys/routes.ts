import { integrationsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { requireSignedInPerson } from "../../platform/bearer.js";
import { route } from "../../platform/route.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, integrationsApi.listApiKeys, (request) => listApiKeys(deps.db, request.user));
  route(app, integrationsApi.createApiKey, (request) => {
    requireSignedInPerson(request.user);
    return createApiKey(deps.db, request.user, request.body);
  });
  route(app, integrationsApi.revokeApiKey, (request) => {
    requireSignedInPerson(request.user);
    return revokeApiKey(deps.db, request.user, request.params.id);
  });
}
