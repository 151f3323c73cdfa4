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

export async function isAgencyLoginTaken(db: Db, login: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: agencyProfiles.userId })
    .from(agencyProfiles)
    .where(eq(agencyProfiles.login, login));
  return row !== undefined && row.userId !== exceptUserId;
}

export async function saveAgencyBasics(
  db: Db,
  userId: string,
  basics: { agencyName: string; login: string },
) {
  await db
    .insert(agencyProfiles)
    .values({ userId, ...basics })
    .onConflictDoUpdate({ target: agencyProfiles.userId, set: { ...basics, updatedAt: new Date() } });
}
