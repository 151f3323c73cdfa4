import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { payments } from "../../db/schema/index.js";

/**
 * Payments are accounting records the law makes an agency keep: they stay, with the invoice
 * number, product, amount and dates, pointing at the anonymous tombstone; the checkout URL (which
 * may carry the buyer's address) is dropped. Answers how many were kept.
 */
export async function keepPaymentsOf(tx: Db, userId: string): Promise<number> {
  const rows = await tx
    .update(payments)
    .set({ url: null })
    .where(eq(payments.userId, userId))
    .returning({ id: payments.id });
  return rows.length;
}
