import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema/index.js";

/**
 * Deletes the person's webhook endpoints (with their deliveries) and every other agency's delivery
 * whose event names the person: a queued or sent body holds their name and contacts.
 */
export async function eraseWebhooksOf(tx: Db, userId: string): Promise<number> {
  const endpoints = await tx
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .returning({ id: webhookEndpoints.id });
  const deliveries = await tx
    .delete(webhookDeliveries)
    .where(sql`strpos(${webhookDeliveries.body}, ${JSON.stringify(userId)}) > 0`)
    .returning({ id: webhookDeliveries.id });
  return endpoints.length + deliveries.length;
}
