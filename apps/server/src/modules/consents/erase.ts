import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { clientConsents } from "../../db/schema/index.js";

/** Deletes an erased client's consent ledger. */
export async function eraseConsentsOf(tx: Db, clientId: string): Promise<number> {
  const rows = await tx
    .delete(clientConsents)
    .where(eq(clientConsents.clientId, clientId))
    .returning({ id: clientConsents.id });
  return rows.length;
}
