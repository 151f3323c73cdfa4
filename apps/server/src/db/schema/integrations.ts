import type { WebhookDeliveryError } from "@matchdesk/contract";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.js";

// Issue 18: API keys. The secret is shown once; only its SHA-256 is kept (as sessions do), with
// its last four characters so the owner can tell keys apart. A revoked key stays listed nowhere
// and answers 401; it is kept for the record. A deleted owner takes their keys along.
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    secretHash: text("secret_hash").notNull().unique(),
    hint: text("hint").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);

// Webhook endpoints of an agency (issue 18). The signing secret is kept as given, because the
// server signs every delivery with it (HMAC needs the key itself, as the partner app's secret in
// the environment); it is answered once at creation and never logged or listed.
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Switched off after a delivery failed every try, or when over 40 % of the deliveries tried in
     * 24 hours failed; "send again" switches it back on.
     */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** Since when it has been on (created or switched back on): the failure rate counts from here. */
    enabledAt: timestamp("enabled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId)],
);

// The outbox: one row per event and endpoint, written in the transaction of the change itself,
// so a change and its deliveries are stored together or not at all. Workers on every instance
// claim due rows with FOR UPDATE SKIP LOCKED (push `next_attempt_at` ahead as a lease), send them
// and write the outcome; the unique pair keeps an event from being queued twice for one endpoint.
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The exact JSON sent, so every retry signs and sends the same bytes. */
    body: text("body").notNull(),
    status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error").$type<WebhookDeliveryError>(),
    durationMs: integer("duration_ms"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_uq").on(t.endpointId, t.eventId),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);
