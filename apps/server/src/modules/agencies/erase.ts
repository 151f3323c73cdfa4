import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyProfiles } from "../../db/schema/index.js";

/**
 * Deletes an erased matchmaker's agency profile; its triggers update the directory's words and
 * announce the change (md_directory_changed), so every instance's directory cache drops it.
 */
export async function eraseAgencyProfileOf(tx: Db, userId: string): Promise<number> {
  const rows = await tx
    .delete(agencyProfiles)
    .where(eq(agencyProfiles.userId, userId))
    .returning({ id: agencyProfiles.userId });
  return rows.length;
}
