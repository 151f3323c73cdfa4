import {
  type CreatedWebhook,
  type CreateWebhookBody,
  WEBHOOKS_MAX,
  type WebhookDeliveryList,
  type WebhookDeliveryView,
  type WebhookEventType,
  type WebhookList,
  type WebhookView,
} from "@matchdesk/contract";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users, webhookDeliveries, webhookEndpoints } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { badRequest, conflict, notFound } from "../../platform/errors.js";
import { newId, newToken } from "../../platform/ids.js";
import { resolveTarget } from "./address-guard.js";

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
/** A transaction or the database: events are written in the caller's transaction. */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const viewOf = (row: EndpointRow): WebhookView => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  createdAt: row.createdAt.toISOString(),
  disabledAt: row.disabledAt?.toISOString() ?? null,
});

export const deliveryViewOf = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  eventId: row.eventId,
  type: row.type as WebhookEventType,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  durationMs: row.durationMs,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

export async function listWebhooks(db: Db, user: SessionUser): Promise<WebhookList> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, user.id))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return { items: rows.map(viewOf) };
}

/**
 * A new endpoint: the URL must pass the address guard now (and will at each delivery); the
 * signing secret is answered this once. The owner's row is locked while counting, so parallel
 * creations cannot pass the cap.
 */
export async function createWebhook(
  deps: { db: Db; allowPrivate: boolean },
  user: SessionUser,
  body: CreateWebhookBody,
): Promise<CreatedWebhook> {
  const target = await resolveTarget(body.url, deps.allowPrivate);
  if (!target.ok) {
    throw badRequest("WEBHOOK_URL_REFUSED", `This URL cannot receive webhooks: ${target.reason}`, {
      url: [`Refused: ${target.reason}`],
    });
  }
  const secret = `whsec_${newToken()}`;
  const row = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, user.id));
    if ((existing?.n ?? 0) >= WEBHOOKS_MAX) {
      throw conflict("WEBHOOK_LIMIT", `At most ${WEBHOOKS_MAX} webhook endpoints; remove one first`);
    }
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ id: newId(), userId: user.id, url: body.url, events: [...new Set(body.events)], secret })
      .returning();
    return created!;
  });
  return { ...viewOf(row), secret };
}

async function ownEndpoint(db: Db, user: SessionUser, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, user.id)));
  if (!row) throw notFound("NOT_FOUND", "Webhook not found");
  return row;
}

export async function deleteWebhook(db: Db, user: SessionUser, id: string): Promise<void> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, user.id)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound("NOT_FOUND", "Webhook not found");
}

/** The endpoint's latest 50 deliveries, newest first. */
export async function listDeliveries(db: Db, user: SessionUser, id: string): Promise<WebhookDeliveryList> {
  await ownEndpoint(db, user, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(50);
  return { items: rows.map(deliveryViewOf) };
}

/**
 * "Send again": the delivery is due now with a fresh set of tries, and a switched-off endpoint is
 * switched back on (the owner says it works again).
 */
export async function redeliver(
  db: Db,
  user: SessionUser,
  id: string,
  deliveryId: string,
): Promise<WebhookDeliveryView> {
  await ownEndpoint(db, user, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
      .for("update");
    if (!row) throw notFound("NOT_FOUND", "Delivery not found");
    await tx
      .update(webhookEndpoints)
      .set({ disabledAt: null, enabledAt: new Date() })
      .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.disabledAt} is not null`));
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), deliveredAt: null })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning();
    return deliveryViewOf(updated!);
  });
}

/**
 * Queues an event for every live endpoint of the given owners that asked for its type, in the
 * caller's transaction (the outbox): nothing is written when no endpoint wants it. The body is
 * fixed now, `{ id, type, createdAt, data }`, so every try sends the same bytes.
 */
export async function emitWebhookEvent(
  tx: Db | Tx,
  ownerIds: readonly string[],
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  await emitWebhookEvents(tx, ownerIds, type, [data]);
}

/** Several events of one type for the same owners (an import's new clients): one lookup, batched inserts. */
export async function emitWebhookEvents(
  tx: Db | Tx,
  ownerIds: readonly string[],
  type: WebhookEventType,
  dataList: readonly Record<string, unknown>[],
): Promise<void> {
  const owners = [...new Set(ownerIds)];
  if (owners.length === 0 || dataList.length === 0) return;
  // Only owners who may still see their clients hear about them: not a switched-off or erased one.
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.userId))
    .where(
      and(
        inArray(webhookEndpoints.userId, owners),
        isNull(webhookEndpoints.disabledAt),
        sql`${type} = any(${webhookEndpoints.events})`,
        eq(users.status, "active"),
        isNull(users.erasedAt),
      ),
    );
  if (endpoints.length === 0) return;
  const createdAt = new Date();
  const rows = dataList.flatMap((data) => {
    const eventId = newId();
    const body = JSON.stringify({ id: eventId, type, createdAt: createdAt.toISOString(), data });
    return endpoints.map((e) => ({
      id: newId(),
      endpointId: e.id,
      eventId,
      type,
      body,
      nextAttemptAt: createdAt,
      createdAt,
    }));
  });
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(webhookDeliveries).values(rows.slice(i, i + 500));
  }
}

/** How long sent and failed deliveries are kept for the settings page: their bodies hold client data. */
export const DELIVERY_KEEP_DAYS = 30;

/**
 * Housekeeping: drops deliveries older than DELIVERY_KEEP_DAYS, whatever their state: one still
 * pending that long waits on a switched-off endpoint or owner, and its body holds client data.
 */
export async function sweepWebhookDeliveries(db: Db, now: Date) {
  await db
    .delete(webhookDeliveries)
    .where(
      sql`${webhookDeliveries.createdAt} < ${new Date(now.getTime() - DELIVERY_KEEP_DAYS * 86_400_000)}`,
    );
}
