import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { newInviteCode, type UserRow } from "./service.js";

/**
 * The person the erasure is about, read under a row lock so two erasures (or an erasure and an
 * edit) take turns. Undefined when there is no such person or they are already erased.
 */
export async function lockPersonForErasure(tx: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return row && row.erasedAt === null ? row : undefined;
}

/** The name an erased person's tombstone shows where a name must be (the other party's introductions). */
export const ERASED_NAME = "—";

/**
 * The account becomes an anonymous tombstone (issue 20): no name, e-mail, phone, password,
 * gender, website, partner-app id or avatar, no matchmaker, out of search, switched off. The row
 * stays so the other party's introductions and the kept payments still point somewhere; its
 * triggers empty `search_text`, tell every instance's session cache (md_user_changed) and the
 * candidate pool (match_input_changes), and the directory (md_directory_changed).
 */
export async function anonymizeUser(tx: Db, id: string, at: Date) {
  await tx
    .update(users)
    .set({
      email: null,
      passwordHash: null,
      // Views that show the other party of an introduction need a name: a dash, in no language.
      firstName: ERASED_NAME,
      lastName: "",
      phone: null,
      gender: null,
      status: "inactive",
      isFreeClient: false,
      aiMatchingEnabled: false,
      inviteCode: newInviteCode(),
      inviterId: null,
      website: null,
      isVerified: false,
      verifiedAt: null,
      emailNotifications: false,
      participatesInSearch: false,
      smId: null,
      partnerLikes: null,
      avatarKey: null,
      avatarThumbKey: null,
      erasedAt: at,
      updatedAt: at,
    })
    .where(eq(users.id, id));
}

/** Clients (not erased) a matchmaker still has: a matchmaker with clients is not erased. */
export async function liveClientCount(db: Db, matchmakerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      sql`${users.inviterId} = ${matchmakerId} and ${users.role} = 'INVITEE' and ${users.erasedAt} is null`,
    );
  return row?.n ?? 0;
}

/** The e-mail addresses of these people (those who have one). */
export async function addressesOf(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.id, ids));
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}
