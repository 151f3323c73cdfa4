import { normalizePhone, phoneRegion, type Role, type UserView } from "@matchdesk/contract";
import { hash } from "@node-rs/argon2";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyProfiles, users } from "../../db/schema/index.js";
import { AppError, badRequest, isUniqueViolation, notFound } from "../../platform/errors.js";
import { newId, newToken } from "../../platform/ids.js";
import { fileUrl } from "../../platform/storage.js";

export type UserRow = typeof users.$inferSelect;
/** A user known to have an e-mail: staff always, a client found or made by their address. */
export type UserWithEmail = UserRow & { email: string };

export function toUserView(u: UserRow): UserView {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    gender: u.gender,
    role: u.role,
    status: u.status,
    isFreeClient: u.isFreeClient,
    referralCode: u.inviteCode,
    website: u.website,
    isVerified: u.isVerified,
    emailNotifications: u.emailNotifications,
    participatesInSearch: u.participatesInSearch,
    termsAccepted: u.termsAcceptedAt !== null,
    smId: u.smId,
    locale: u.locale === "en-US" ? "en-US" : "ru-RU",
    isOnboardingComplete: u.role !== "INVITER" || u.onboardingCompletedAt !== null,
    avatarUrl: u.avatarKey ? fileUrl(u.avatarKey) : null,
    createdAt: u.createdAt.toISOString(),
  };
}

export const hashPassword = (password: string) => hash(password);

/** Invite codes are short enough to type from a card, long enough not to be guessed: 10 of 31 symbols. */
export function newInviteCode(): string {
  const alphabet = "23456789abcdefghjkmnpqrstuvwxyz";
  return Array.from(newToken().slice(0, 10), (c) => alphabet[c.charCodeAt(0) % alphabet.length]).join("");
}

export async function findUserByEmail(db: Db, email: string): Promise<UserWithEmail | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row as UserWithEmail | undefined;
}

/**
 * Where mail to a client goes; 409 CLIENT_EMAIL_REQUIRED for a client known by phone only (an
 * invitation, an edit link): their matchmaker adds the address first (issue 17, item 11).
 */
export function clientEmailOf(client: UserRow): string {
  if (!client.email) {
    throw new AppError("CLIENT_EMAIL_REQUIRED", 409, "Add the client's e-mail before sending them mail");
  }
  return client.email;
}

export async function getUser(db: Db, id: string): Promise<UserRow> {
  const row = await findUser(db, id);
  if (!row) throw notFound("USER_NOT_FOUND", "User not found");
  return row;
}

/**
 * The user with this id, or undefined when there is none (for a caller with a 404 of its own). A
 * database that fails still fails: a lookup that swallowed it would answer "not found" during an
 * outage instead of 503.
 */
export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export type NewUser = {
  email: string;
  password?: string;
  firstName: string;
  lastName: string;
  role: Role;
  inviterId?: string | null;
  isDemo?: boolean;
  locale?: "en-US" | "ru-RU";
  termsAccepted?: boolean;
  onboardingComplete?: boolean;
  isVerified?: boolean;
};

export async function createUser(db: Db, input: NewUser): Promise<UserWithEmail> {
  if (await findUserByEmail(db, input.email)) {
    throw new AppError("EMAIL_TAKEN", 409, "A user with this e-mail already exists");
  }
  const now = new Date();
  const rows = await db
    .insert(users)
    .values({
      id: newId(),
      email: input.email.toLowerCase(),
      passwordHash: input.password ? await hashPassword(input.password) : null,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      inviteCode: newInviteCode(),
      inviterId: input.inviterId ?? null,
      isDemo: input.isDemo ?? false,
      locale: input.locale ?? "ru-RU",
      termsAcceptedAt: input.termsAccepted ? now : null,
      onboardingCompletedAt: input.onboardingComplete ? now : null,
      isVerified: input.isVerified ?? false,
      verifiedAt: input.isVerified ? now : null,
    })
    .returning()
    .catch((error: unknown) => {
      // Two registrations of one address at once: the unique index decides, the loser gets 409.
      if (isUniqueViolation(error))
        throw new AppError("EMAIL_TAKEN", 409, "A user with this e-mail already exists");
      throw error;
    });
  return rows[0] as UserWithEmail;
}

/** A client account as a matchmaker makes it (the client page, an import): an e-mail, a phone or both. */
export type NewClientUser = {
  email: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  gender: UserRow["gender"];
};

/**
 * Many client accounts of one matchmaker in one insert (a CSV import): no password, not yet
 * registered, as `createClient` makes them. The caller checked the e-mails are free; if one was
 * taken meanwhile the unique index refuses the whole insert (409 EMAIL_TAKEN) and nothing is written.
 */
export async function createClientUsers(
  db: Db,
  inviterId: string,
  inputs: NewClientUser[],
): Promise<UserRow[]> {
  if (inputs.length === 0) return [];
  return db
    .insert(users)
    .values(
      inputs.map((input) => ({
        id: newId(),
        email: input.email?.toLowerCase() ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        gender: input.gender,
        role: "INVITEE" as const,
        inviteCode: newInviteCode(),
        inviterId,
        locale: "ru-RU",
      })),
    )
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new AppError("EMAIL_TAKEN", 409, "A user with this e-mail already exists");
      throw error;
    });
}

/** Which of these e-mails (lower case) already have an account. */
export async function takenEmails(db: Db, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return new Set(rows.flatMap((r) => (r.email ? [r.email] : [])));
}

/** Deletes an account and, by the database's cascades, everything stored for it. */
/**
 * The person signed in or used the app at `at` (a session created or renewed): their lasting
 * activity mark, and their latest activity as retention counts it (never moved back).
 */
export async function markActive(db: Db, userId: string, at: Date) {
  await db
    .update(users)
    .set({
      lastActiveAt: at,
      lastActivityAt: sql`greatest(${users.lastActivityAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId));
}

/** Deletes the account; answers whether this call deleted it (a concurrent one may have first). */
export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
}

export async function setAvatarKeys(db: Db, userId: string, keys: { main: string; thumb: string }) {
  await db
    .update(users)
    .set({ avatarKey: keys.main, avatarThumbKey: keys.thumb, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Onboarding done: terms count as accepted from now on if they were not before. */
export async function markOnboarded(db: Db, user: UserRow): Promise<UserRow> {
  const now = new Date();
  const [row] = await db
    .update(users)
    .set({ onboardingCompletedAt: now, termsAcceptedAt: user.termsAcceptedAt ?? now, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}

/** A client claims the account their matchmaker created: password, names and terms. */
export async function claimAccount(
  db: Db,
  user: UserRow,
  input: { password: string; firstName: string; lastName: string; locale?: "en-US" | "ru-RU" },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      termsAcceptedAt: new Date(),
      locale: input.locale ?? user.locale,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}

/** The columns of a user that other modules change, each through this module (CONTRIBUTING: one writer per table). */
export type UserPatch = Partial<
  Pick<
    UserRow,
    | "firstName"
    | "lastName"
    | "phone"
    | "gender"
    | "status"
    | "participatesInSearch"
    | "emailNotifications"
    | "aiMatchingEnabled"
    | "smId"
    | "partnerLikes"
  >
> & {
  /** Verified or not; the moment of verification is kept with it. */
  verified?: boolean;
};

/**
 * A client's e-mail, added or corrected by their matchmaker before they register (issue 17, item
 * 11): 409 EMAIL_TAKEN when someone has it already (the unique index decides a race).
 */
export async function setEmail(db: Db, userId: string, email: string): Promise<UserWithEmail> {
  const owner = await findUserByEmail(db, email);
  if (owner && owner.id !== userId) {
    throw new AppError("EMAIL_TAKEN", 409, "A user with this e-mail already exists");
  }
  const [row] = await db
    .update(users)
    .set({ email: email.toLowerCase(), updatedAt: new Date() })
    // An erased person's tombstone takes no e-mail back (a request that waited on the erasure).
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new AppError("EMAIL_TAKEN", 409, "A user with this e-mail already exists");
      throw error;
    });
  if (!row) throw notFound("USER_NOT_FOUND", "User not found");
  return row as UserWithEmail;
}

/**
 * Holds a person's row for the rest of the transaction (FOR KEY SHARE: an erasure waits, and a
 * write that waited on one sees it) and answers whether they are still there, not erased. A
 * writer that stores what a person says takes this first, before its own rows, so it and an
 * erasure lock in the same order.
 */
export async function holdLivePerson(tx: Db, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .for("key share");
  return row !== undefined;
}

/** Changes a user's columns and answers the row; `db` may be a transaction that holds the row. */
export async function updateUser(db: Db, userId: string, patch: UserPatch): Promise<UserRow> {
  const { verified, ...columns } = patch;
  const now = new Date();
  const [row] = await db
    .update(users)
    .set({
      ...columns,
      ...(verified !== undefined && { isVerified: verified, verifiedAt: verified ? now : null }),
      updatedAt: now,
    })
    // An erased person's tombstone is never changed back (a request that waited on the erasure).
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .returning();
  if (!row) throw notFound("USER_NOT_FOUND", "User not found");
  return row;
}

/** The partner app's like count for the account linked to an SM ID; false when none is linked. */
export async function setPartnerLikes(db: Db, smId: string, likes: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ partnerLikes: likes })
    .where(eq(users.smId, smId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A matchmaker's own choice to appear in the public directory (the participates-in-search flag). */
export async function setListed(db: Db, userId: string, isListed: boolean) {
  await db
    .update(users)
    .set({ participatesInSearch: isListed, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * A client's phone as typed by their matchmaker or themselves, as E.164: a number without its
 * country code is read by the contract's `phoneRegion` rule (the questionnaire's country, then
 * the agency's, then the matchmaker's language). Not a valid number there: 400 on `phone`.
 */
export async function normalizeClientPhone(
  db: Db,
  raw: string,
  o: { matchmakerId: string | null; country?: string | null },
): Promise<string> {
  let matchmaker: { agencyCountry: string | null; locale: string } | undefined;
  if (!o.country && o.matchmakerId) {
    [matchmaker] = await db
      .select({ agencyCountry: agencyProfiles.country, locale: users.locale })
      .from(users)
      .leftJoin(agencyProfiles, eq(agencyProfiles.userId, users.id))
      .where(eq(users.id, o.matchmakerId));
  }
  const region = phoneRegion({
    country: o.country,
    agencyCountry: matchmaker?.agencyCountry,
    locale: matchmaker?.locale,
  });
  const phone = normalizePhone(raw, region);
  if (!phone) throw badRequest("VALIDATION_FAILED", "The request is not valid", { phone: ["Invalid phone"] });
  return phone;
}
