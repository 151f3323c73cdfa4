import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { apiKeys } from "../../db/schema/index.js";

/** Deletes the person's API keys: an erased account acts through nothing. */
export async function eraseApiKeysOf(tx: Db, userId: string): Promise<number> {
  const rows = await tx.delete(apiKeys).where(eq(apiKeys.userId, userId)).returning({ id: apiKeys.id });
  return rows.length;
}
