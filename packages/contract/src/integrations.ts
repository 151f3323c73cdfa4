import { z } from "zod";
import { Id } from "./common.js";

// Issue 18, API.md "Integrations": API keys for the caller's own tools.

const Time = z.iso.datetime();

/** What every key's secret starts with, so a leaked one is recognised (secret scanners, logs). */
export const API_KEY_PREFIX = "mdk_";
/** How many live keys one person may hold. */
export const API_KEYS_MAX = 20;

export const INTEGRATION_ERRORS = [
  /** The caller already holds API_KEYS_MAX live keys. */
  "API_KEY_LIMIT",
  /** The caller already has WEBHOOKS_MAX webhook endpoints. */
  "WEBHOOK_LIMIT",
  /** A webhook URL that is not https, or that resolves to a loopback, private, link-local or metadata address. */
  "WEBHOOK_URL_REFUSED",
] as const;

export const CreateApiKeyBody = z.object({
  name: z.string().trim().min(1).max(80),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** A key as its owner sees it later: never the secret, only its last four characters. */
export const ApiKeyView = z.object({
  id: Id,
  name: z.string(),
  /** `mdk_…abcd`: enough to tell keys apart, not enough to use one. */
  hint: z.string(),
  createdAt: Time,
  lastUsedAt: Time.nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const ApiKeyList = z.object({ items: z.array(ApiKeyView) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** The answer to a creation: the key and, this once, its secret. */
export const CreatedApiKey = ApiKeyView.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

// Webhooks: signed POSTs of what changed to the agency's own endpoints (docs/webhooks.md).

/** Up to this many endpoints per agency (per matchmaker account). */
export const WEBHOOKS_MAX = 10;

export const WebhookEventType = z.enum([
  "client.created",
  "client.updated",
  "client.deleted",
  "client.erased",
  "introduction.updated",
  "feedback.received",
]);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

export const CreateWebhookBody = z.object({
  url: z.url().max(2000),
  events: z.array(WebhookEventType).min(1).max(WebhookEventType.options.length),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export const WebhookView = z.object({
  id: Id,
  url: z.string(),
  events: z.array(WebhookEventType),
  createdAt: Time,
  /** Set when repeated failures switched the endpoint off; "send again" switches it back on. */
  disabledAt: Time.nullable(),
});
export type WebhookView = z.infer<typeof WebhookView>;

export const WebhookList = z.object({ items: z.array(WebhookView) });
export type WebhookList = z.infer<typeof WebhookList>;

/** The answer to a creation: the endpoint and, this once, the secret its deliveries are signed with. */
export const CreatedWebhook = WebhookView.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookDeliveryStatus = z.enum(["pending", "delivered", "failed"]);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** One event's delivery to one endpoint, with its last attempt. */
/**
 * Why a delivery attempt failed: no answer in time, the connection failed, the name does not
 * resolve, the address is not allowed (not https, private, loopback...), or a non-2xx answer.
 */
export const WebhookDeliveryError = z.enum(["timeout", "connection", "unresolved", "refused", "http_status"]);
export type WebhookDeliveryError = z.infer<typeof WebhookDeliveryError>;

export const WebhookDeliveryView = z.object({
  id: Id,
  eventId: Id,
  type: WebhookEventType,
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  /** The HTTP status of the last attempt (null: none answered, or not tried yet). */
  lastStatusCode: z.number().int().nullable(),
  /** Why the last attempt failed (WebhookDeliveryError), or null. */
  lastError: WebhookDeliveryError.nullable(),
  /** How long the last attempt took, in milliseconds. */
  durationMs: z.number().int().nullable(),
  createdAt: Time,
  lastAttemptAt: Time.nullable(),
  /** When the next try is due (pending only). */
  nextAttemptAt: Time.nullable(),
  deliveredAt: Time.nullable(),
});
export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryView>;

export const WebhookDeliveryList = z.object({ items: z.array(WebhookDeliveryView) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
