import type {
  AdminUsersQuery,
  AdminUserView,
  CreateMatchmakerBody,
  UpdateUserBody,
} from "@matchdesk/contract";
import { and, count, desc, eq, ilike, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyProfiles, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError } from "../../platform/errors.js";
import type { Mailer } from "../../platform/mail.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { escapeLike } from "../../platform/sql.js";
import { getAgencyName } from "../agencies/service.js";
import { sendSignInLink, WELCOME_LINK_TTL_MS } from "../auth/email-signin.js";
import { recordConsent } from "../consents/ledger.js";
import {
  createUser,
  deleteUser,
  getUser,
  updateUser as patchUser,
  toUserView,
  type UserRow,
} from "../users/service.js";

type Deps = { db: Db; mailer: Pick<Mailer, "send">; limiter: RateLimiter; publicUrl: string };

function toAdminView(row: UserRow, agencyName: string | null): AdminUserView {
  return {
    ...toUserView(row),
    agencyName,
    inviterId: row.inviterId,
    aiMatchingEnabled: row.aiMatchingEnabled,
  };
}

export async function listUsers(db: Db, query: AdminUsersQuery) {
  // Erased people's tombstones are nobody to manage.
  const filters: SQL[] = [isNull(users.erasedAt)];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    filters.push(
      or(
        ilike(users.email, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(agencyProfiles.agencyName, like),
      )!,
    );
  }
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.status) filters.push(eq(users.status, query.status));
  if (query.verified !== undefined) filters.push(eq(users.isVerified, query.verified));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, agencyName: agencyProfiles.agencyName })
      .from(users)
      .leftJoin(agencyProfiles, eq(agencyProfiles.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(users)
      .leftJoin(agencyProfiles, eq(agencyProfiles.userId, users.id))
      .where(where),
  ]);
  return {
    items: rows.map((r) => toAdminView(r.user, r.agencyName)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** An admin creates a matchmaker, who gets a welcome e-mail with a sign-in link. */
export async function createMatchmaker(deps: Deps, caller: SessionUser, body: CreateMatchmakerBody) {
  const user = await createUser(deps.db, {
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    role: "INVITER",
    inviterId: caller.id,
    locale: body.locale,
  });
  try {
    await sendSignInLink(deps, user, WELCOME_LINK_TTL_MS, "welcomeMatchmaker");
  } catch (error) {
    await deleteUser(deps.db, user.id);
    throw error;
  }
  return toAdminView(user, null);
}

export async function updateUser(db: Db, caller: SessionUser, userId: string, body: UpdateUserBody) {
  if (userId === caller.id && body.status === "inactive") {
    throw new AppError("CANNOT_CHANGE_SELF", 409, "You cannot deactivate your own account");
  }
  const user = await getUser(db, userId);
  if (body.emailNotifications !== undefined && user.role === "INVITEE") {
    throw new AppError(
      "NOTIFICATIONS_NOT_FOR_CLIENTS",
      400,
      "The e-mail notification setting is for matchmakers and admins only",
    );
  }
  // Support's switch frees a matchmaker's compatibility checks; clients never pay and admins
  // are free already, so for them it would mean nothing.
  if (body.aiMatchingEnabled !== undefined && user.role !== "INVITER") {
    throw new AppError(
      "AI_MATCHING_MATCHMAKERS_ONLY",
      400,
      "AI matching can be enabled for matchmakers only",
    );
  }
  const row = await db.transaction(async (tx) => {
    const updated = await patchUser(tx, userId, {
      ...(body.status !== undefined && { status: body.status }),
      ...(body.verified !== undefined && { verified: body.verified }),
      ...(body.participatesInSearch !== undefined && { participatesInSearch: body.participatesInSearch }),
      ...(body.emailNotifications !== undefined && { emailNotifications: body.emailNotifications }),
      ...(body.aiMatchingEnabled !== undefined && { aiMatchingEnabled: body.aiMatchingEnabled }),
    });
    // A client's place in the shared search is their consent: the ledger records who switched it.
    if (body.participatesInSearch !== undefined && user.role === "INVITEE") {
      await recordConsent(tx, {
        clientId: userId,
        kind: "shared_search",
        on: body.participatesInSearch,
        actor: caller,
      });
    }
    return updated;
  });
  return toAdminView(row!, await getAgencyName(db, userId));
}
