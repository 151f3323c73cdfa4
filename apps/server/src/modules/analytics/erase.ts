import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { profileViews } from "../../db/schema/index.js";

/** Deletes the visits counted on the person's public profile. */
export async function eraseProfileViewsOf(tx: Db, userId: string): Promise<number> {
  const rows = await tx
    .delete(profileViews)
    .where(eq(profileViews.profileUserId, userId))
    .returning({ id: profileViews.id });
  return rows.length;
}
