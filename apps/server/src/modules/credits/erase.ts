import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { creditTransactions } from "../../db/schema/index.js";

/**
 * Credit movements are accounting records: they stay, on the anonymous tombstone, with their
 * free-text descriptions emptied. Answers how many were kept.
 */
export async function keepCreditsOf(tx: Db, userId: string): Promise<number> {
  const rows = await tx
    .update(creditTransactions)
    .set({ description: "" })
    .where(eq(creditTransactions.userId, userId))
    .returning({ id: creditTransactions.id });
  return rows.length;
}
