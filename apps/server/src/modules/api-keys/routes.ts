import { integrationsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, integrationsApi.listApiKeys, (request) => listApiKeys(deps.db, request.user));
  route(app, integrationsApi.createApiKey, (request) => createApiKey(deps.db, request.user, request.body));
  route(app, integrationsApi.revokeApiKey, (request) =>
    revokeApiKey(deps.db, request.user, request.params.id),
  );
}
