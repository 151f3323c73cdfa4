import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyProfiles } from "../../db/schema/index.js";

export async function getAgencyName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ agencyName: agencyProfiles.agencyName })
    .from(agencyProfiles)
    .where(eq(agencyProfiles.userId, userId));
  return row?.agencyName ?? null;
}
