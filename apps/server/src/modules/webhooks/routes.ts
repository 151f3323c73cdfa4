import { integrationsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { requireSignedInPerson } from "../../platform/bearer.js";
import { route } from "../../platform/route.js";
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, redeliver } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const createDeps = { db, allowPrivate: deps.config.webhooks.allowPrivate };
  route(app, integrationsApi.listWebhooks, (request) => listWebhooks(db, request.user));
  route(app, integrationsApi.createWebhook, (request) => {
    requireSignedInPerson(request.user);
    return createWebhook(createDeps, request.user, request.body);
  });
  route(app, integrationsApi.deleteWebhook, (request) => {
    requireSignedInPerson(request.user);
    return deleteWebhook(db, request.user, request.params.id);
  });
  route(app, integrationsApi.listDeliveries, (request) =>
    listDeliveries(db, request.user, request.params.id),
  );
  route(app, integrationsApi.redeliver, (request) => {
    requireSignedInPerson(request.user);
    return redeliver(db, request.user, request.params.id, request.params.deliveryId);
  });
}
