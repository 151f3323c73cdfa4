import { z } from "zod";
import { Id } from "../common.js";
import { endpoint } from "../endpoint.js";
import {
  ApiKeyList,
  CreateApiKeyBody,
  CreatedApiKey,
  CreatedWebhook,
  CreateWebhookBody,
  WebhookDeliveryList,
  WebhookDeliveryView,
  WebhookList,
} from "../integrations.js";

const managers = ["INVITER", "ADMIN"] as const;
const tag = "integrations";

/**
 * Issue 18 (API.md "Integrations"): API keys and webhooks. A key acts as its owner on every /api
 * route with `Authorization: Bearer <key>`; only its owner lists and revokes it. A webhook
 * endpoint is its owner's too: only they list it, its deliveries, and remove it.
 */
export const integrationsApi = {
  listApiKeys: endpoint({
    method: "GET",
    path: "/api/api-keys",
    access: managers,
    tag,
    summary: "My API keys (never their secrets)",
    response: ApiKeyList,
  }),
  createApiKey: endpoint({
    method: "POST",
    path: "/api/api-keys",
    access: managers,
    tag,
    summary: "Creates a named API key; the answer holds its secret, shown this once",
    body: CreateApiKeyBody,
    status: 201,
    response: CreatedApiKey,
  }),
  revokeApiKey: endpoint({
    method: "DELETE",
    path: "/api/api-keys/:id",
    access: managers,
    tag,
    summary: "Revokes one of my API keys: it answers 401 from then on",
    params: z.object({ id: Id }),
    response: "none",
  }),
  listWebhooks: endpoint({
    method: "GET",
    path: "/api/webhooks",
    access: managers,
    tag,
    summary: "My webhook endpoints (never their secrets)",
    response: WebhookList,
  }),
  createWebhook: endpoint({
    method: "POST",
    path: "/api/webhooks",
    access: managers,
    tag,
    summary:
      "Adds a webhook endpoint (https, public address); the answer holds its signing secret, shown this once",
    body: CreateWebhookBody,
    status: 201,
    response: CreatedWebhook,
  }),
  deleteWebhook: endpoint({
    method: "DELETE",
    path: "/api/webhooks/:id",
    access: managers,
    tag,
    summary: "Removes a webhook endpoint and its deliveries",
    params: z.object({ id: Id }),
    response: "none",
  }),
  listDeliveries: endpoint({
    method: "GET",
    path: "/api/webhooks/:id/deliveries",
    access: managers,
    tag,
    summary: "The endpoint's latest deliveries (50, newest first): status code, timing, next retry",
    params: z.object({ id: Id }),
    response: WebhookDeliveryList,
  }),
  redeliver: endpoint({
    method: "POST",
    path: "/api/webhooks/:id/deliveries/:deliveryId/retry",
    access: managers,
    tag,
    summary: "Sends a delivery again now (and switches a switched-off endpoint back on)",
    params: z.object({ id: Id, deliveryId: Id }),
    status: 202,
    response: WebhookDeliveryView,
  }),
};
