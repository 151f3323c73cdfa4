import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { recalibrations } from "../../db/schema/index.js";

/** Deletes a client's recalibration history. */
export async function eraseRecalibrationsOf(tx: Db, clientId: string): Promise<number> {
  const rows = await tx
    .delete(recalibrations)
    .where(eq(recalibrations.clientId, clientId))
    .returning({ id: recalibrations.id });
  return rows.length;
}
