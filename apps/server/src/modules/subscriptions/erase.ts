import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { subscriptions } from "../../db/schema/index.js";

/** Deletes the person's subscription periods (what they paid is kept in payments). */
export async function eraseSubscriptionsOf(tx: Db, userId: string): Promise<number> {
  const rows = await tx
    .delete(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .returning({ id: subscriptions.id });
  return rows.length;
}
