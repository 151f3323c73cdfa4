import {
  ageOn,
  DEFAULT_DISPLAYED,
  DISPLAYABLE_FIELDS,
  type DisplayableField,
  type DisplaySettings,
  PRODUCT_NAME,
  type ProfilePatchBody,
  type PublicProfileView,
} from "@matchdesk/contract";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { clientProfiles, profileAccessGrants } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, notFound } from "../../platform/errors.js";
import { hashToken, newToken } from "../../platform/ids.js";
import type { Mailer } from "../../platform/mail.js";
import { mailText } from "../../platform/mail-text.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { getAgencyName } from "../agencies/service.js";
import { checkEmailToken, issueEmailToken } from "../auth/email-tokens.js";
import { recordConsent } from "../consents/ledger.js";
import { type NotifyDeps, notify } from "../notifications/service.js";
import { clientEmailOf, findUser, getUser, type UserRow } from "../users/service.js";
import { photosOf } from "./media.js";
import { getProfile, readClientProfile, toFields, writeClientProfile } from "./service.js";

const EDIT_LINK_TTL_MS = 7 * 86_400_000;
const WRONG_TRIES_PER_MINUTE = 5;
// Across all addresses: a botnet gets 30 guesses an hour at one profile, not 5 a minute per address.
const WRONG_TRIES_PER_PROFILE_HOUR = 30;
/** Under the profile's hourly limit: one address alone cannot close a profile to everyone. */
const WRONG_TRIES_PER_ADDRESS_HOUR = 10;
const HOUR_MS = 3_600_000;
const profileNotFound = () => notFound("PROFILE_NOT_FOUND", "Profile not found");

export function resolveDisplay(stored: Record<string, boolean>): DisplaySettings {
  return Object.fromEntries(
    DISPLAYABLE_FIELDS.map((f) => [f, stored[f] ?? DEFAULT_DISPLAYED.includes(f)]),
  ) as DisplaySettings;
}

async function ensureProfileRow(db: Db, userId: string) {
  await db.insert(clientProfiles).values({ userId }).onConflictDoNothing();
  const [row] = await db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId));
  return row!;
}

/** A client's display settings, for a caller whose right to them was checked (the export). */
export async function readDisplaySettings(db: Db, userId: string) {
  const [row] = await db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId));
  return resolveDisplay(row?.displaySettings ?? {});
}

export async function getDisplaySettings(db: Db, caller: SessionUser, userId: string) {
  await getProfile(db, caller, userId);
  const [row] = await db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId));
  return resolveDisplay(row?.displaySettings ?? {});
}

export async function putDisplaySettings(
  db: Db,
  caller: SessionUser,
  userId: string,
  fields: Partial<Record<DisplayableField, boolean>>,
) {
  await getProfile(db, caller, userId);
  const row = await ensureProfileRow(db, userId);
  const next = { ...row.displaySettings, ...fields };
  await db.update(clientProfiles).set({ displaySettings: next }).where(eq(clientProfiles.userId, userId));
  return resolveDisplay(next);
}

/** Whether a password guards the public profile (never the password or its hash). */
export async function getProfilePassword(db: Db, caller: SessionUser, userId: string) {
  await getProfile(db, caller, userId);
  const [row] = await db
    .select({ hash: clientProfiles.accessPasswordHash })
    .from(clientProfiles)
    .where(eq(clientProfiles.userId, userId));
  return { hasPassword: Boolean(row?.hash) };
}

/** Sets, changes or (empty) removes the password that opens the public profile. */
export async function setProfilePassword(db: Db, caller: SessionUser, userId: string, password: string) {
  await getProfile(db, caller, userId);
  await ensureProfileRow(db, userId);
  const accessPasswordHash = password === "" ? null : await hash(password);
  await db.transaction(async (tx) => {
    await tx.update(clientProfiles).set({ accessPasswordHash }).where(eq(clientProfiles.userId, userId));
    // Whoever opened it with the old password must ask again.
    await tx.delete(profileAccessGrants).where(eq(profileAccessGrants.profileUserId, userId));
    // A public profile is the client's consent: the ledger records who opened or closed it.
    await recordConsent(tx, {
      clientId: userId,
      kind: "public_profile",
      on: accessPasswordHash !== null,
      actor: caller,
    });
  });
  return { hasPassword: accessPasswordHash !== null };
}

/** Whether the client's public profile is open (has a password), for a caller whose right was checked. */
export async function readProfilePasswordSet(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: clientProfiles.accessPasswordHash })
    .from(clientProfiles)
    .where(eq(clientProfiles.userId, userId));
  return Boolean(row?.hash);
}

/** Closes a client's public profile at once (the client withdrew their consent): no password, no open grant. */
export async function closePublicProfile(tx: Db, userId: string) {
  await tx.update(clientProfiles).set({ accessPasswordHash: null }).where(eq(clientProfiles.userId, userId));
  await tx.delete(profileAccessGrants).where(eq(profileAccessGrants.profileUserId, userId));
}

/** The public view: only what the display settings allow, never contacts or the exact birth date. */
export async function publicView(
  db: Db,
  user: UserRow,
  display: DisplaySettings,
): Promise<PublicProfileView> {
  return (await publicViews(db, [{ user, display }]))[0]!;
}

/**
 * The public views of many clients, in their order, for list pages: one query for their profiles
 * and one for the photos of those that show them, however many there are.
 */
export async function publicViews(
  db: Db,
  people: readonly { user: UserRow; display: DisplaySettings }[],
): Promise<PublicProfileView[]> {
  if (people.length === 0) return [];
  if (people.some(({ user }) => user.role !== "INVITEE")) throw profileNotFound();
  const [rows, photos] = await Promise.all([
    db
      .select()
      .from(clientProfiles)
      .where(
        inArray(
          clientProfiles.userId,
          people.map(({ user }) => user.id),
        ),
      ),
    photosOf(
      db,
      people.filter(({ display }) => display.photos).map(({ user }) => user.id),
    ),
  ]);
  const profileOf = new Map(rows.map((row) => [row.userId, row]));
  return people.map(({ user, display }) => {
    const profile = toFields(user, profileOf.get(user.id));
    const fields: Record<string, unknown> = {};
    for (const key of DISPLAYABLE_FIELDS) {
      if (!display[key] || key === "age" || key === "photos") continue;
      fields[key] = profile[key as keyof typeof profile];
    }
    const view: PublicProfileView = { userId: user.id, fields: fields as PublicProfileView["fields"] };
    if (display.age && profile.dateOfBirth) view.age = ageOn(profile.dateOfBirth);
    if (display.photos) {
      view.photos = (photos.get(user.id) ?? []).map(({ id, url, thumbUrl, isMain }) => ({
        id,
        url,
        thumbUrl,
        isMain,
      }));
    }
    return view;
  });
}

/**
 * Opens a password-protected public profile. At most 5 wrong passwords a minute and 10 an hour per
 * address and profile, and 30 an hour per profile from all addresses together (so tripping that
 * takes several addresses); a profile without a password
 * is not public at all. Every attempt counts before the check (a right password gives its count
 * back), for unknown profiles too, so the answers tell nothing about which exist.
 */
export async function accessPublicProfile(
  deps: NotifyDeps & { limiter: RateLimiter },
  userId: string,
  password: string,
  ip: string,
) {
  const key = `profile-access:${ip}:${userId}`;
  const hourKey = `profile-access:hour:${ip}:${userId}`;
  const profileKey = `profile-access:profile:${userId}`;
  await deps.limiter.hit(key, WRONG_TRIES_PER_MINUTE, 60_000);
  await deps.limiter.hit(hourKey, WRONG_TRIES_PER_ADDRESS_HOUR, HOUR_MS);
  try {
    await deps.limiter.hit(profileKey, WRONG_TRIES_PER_PROFILE_HOUR, HOUR_MS);
  } catch (error) {
    await warnMatchmakerOnce(deps, userId);
    throw error;
  }
  const user = await findUser(deps.db, userId);
  if (user?.role !== "INVITEE" || user.status === "inactive") throw profileNotFound();
  const [row] = await deps.db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId));
  if (!row?.accessPasswordHash) throw profileNotFound();
  if (!(await verify(row.accessPasswordHash, password).catch(() => false))) {
    throw new AppError("INCORRECT_PASSWORD", 401, "Incorrect password");
  }
  await deps.limiter.reset(key);
  await deps.limiter.reset(hourKey);
  await deps.limiter.undo(profileKey);
  // The hour of access is for this password: the hash just checked, not whatever is stored now.
  const access = await grantProfileAccess(deps.db, userId, row.accessPasswordHash);
  return { view: await publicView(deps.db, user, resolveDisplay(row.displaySettings)), access };
}

/**
 * Tells the client's matchmaker that the profile's limit tripped: once an hour at most, however
 * many attempts follow (the first refusal of the hour claims the notice, on any instance).
 */
async function warnMatchmakerOnce(deps: NotifyDeps & { limiter: RateLimiter }, userId: string) {
  const { count } = await deps.limiter.take(`profile-access:warned:${userId}`, HOUR_MS);
  if (count !== 1) return;
  const client = await findUser(deps.db, userId);
  if (client?.role !== "INVITEE" || !client.inviterId) return;
  // Only a profile that is public (has a password) has anything to warn about.
  const [row] = await deps.db
    .select({ hash: clientProfiles.accessPasswordHash })
    .from(clientProfiles)
    .where(eq(clientProfiles.userId, userId));
  if (!row?.hash) return;
  await notify(deps, client.inviterId, "profile_password_attempts", {
    clientId: client.id,
    clientName: `${client.firstName} ${client.lastName}`.trim(),
  });
}

/** E-mails the client a 7-day link to edit their anketa without signing in; a new link revokes the old. */
export async function sendEditLink(
  deps: { db: Db; mailer: Pick<Mailer, "send">; config: { publicUrl: string } },
  caller: SessionUser,
  clientId: string,
  ownClient: UserRow,
) {
  const to = clientEmailOf(ownClient);
  const token = await issueEmailToken(deps.db, clientId, "edit_profile", EDIT_LINK_TTL_MS);
  const inviter = ownClient.inviterId
    ? await getUser(deps.db, ownClient.inviterId)
    : await getUser(deps.db, caller.id);
  const link = `${deps.config.publicUrl}/edit-profile/${clientId}?token=${encodeURIComponent(token)}`;
  const agency = await getAgencyName(deps.db, inviter.id);
  const mail = mailText(ownClient.locale, "editLink", {
    name: ownClient.firstName,
    inviter: agency ?? `${inviter.firstName} ${inviter.lastName}`.trim(),
    link,
    product: PRODUCT_NAME,
  });
  await deps.mailer.send({ to, ...mail });
  return { expiresAt: new Date(Date.now() + EDIT_LINK_TTL_MS).toISOString() };
}

async function assertEditToken(
  deps: { db: Db; limiter: RateLimiter },
  userId: string,
  token: string,
  ip: string,
) {
  await deps.limiter.hit(`edit-link:ip:${ip}`, 120, 60_000);
  const check = await checkEmailToken(deps.db, token, "edit_profile", userId);
  if (check.state === "expired") throw new AppError("EDIT_LINK_EXPIRED", 410, "This edit link has expired");
  if (check.state !== "valid") throw new AppError("EDIT_LINK_INVALID", 401, "This edit link is not valid");
}

export async function getByEditToken(
  deps: { db: Db; limiter: RateLimiter },
  userId: string,
  token: string,
  ip: string,
) {
  await assertEditToken(deps, userId, token, ip);
  return readClientProfile(deps.db, userId);
}

export async function patchByEditToken(
  deps: { db: Db; limiter: RateLimiter },
  userId: string,
  token: string,
  ip: string,
  body: ProfilePatchBody,
) {
  await assertEditToken(deps, userId, token, ip);
  return writeClientProfile(deps.db, await getUser(deps.db, userId), body);
}

const ACCESS_GRANT_MS = HOUR_MS;
const profileLocked = () => new AppError("PROFILE_LOCKED", 401, "Enter the password to open this profile");

/** Keeps a profile open for an hour in the browser that gave this password: the cookie's token. */
async function grantProfileAccess(db: Db, userId: string, passwordHash: string) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ACCESS_GRANT_MS);
  await db.insert(profileAccessGrants).values({
    tokenHash: hashToken(token),
    profileUserId: userId,
    passwordFingerprint: hashToken(passwordHash),
    expiresAt,
  });
  return { token, maxAgeSeconds: ACCESS_GRANT_MS / 1000 };
}

/**
 * The public profile for a browser holding a live grant for it; 401 PROFILE_LOCKED for anyone
 * else, whether the profile exists or not. The profile's rules hold as on opening: a client who
 * left, or a password removed or changed, closes it.
 */
export async function readGrantedProfile(db: Db, userId: string, token: string | undefined) {
  if (!token) throw profileLocked();
  const [grant] = await db
    .select({ passwordFingerprint: profileAccessGrants.passwordFingerprint })
    .from(profileAccessGrants)
    .where(
      and(
        eq(profileAccessGrants.tokenHash, hashToken(token)),
        eq(profileAccessGrants.profileUserId, userId),
        gt(profileAccessGrants.expiresAt, new Date()),
      ),
    );
  if (!grant) throw profileLocked();
  const user = await findUser(db, userId);
  if (user?.role !== "INVITEE" || user.status === "inactive") throw profileLocked();
  const [row] = await db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId));
  // Given for another password (changed since, even while it was being given): locked.
  if (!row?.accessPasswordHash || hashToken(row.accessPasswordHash) !== grant.passwordFingerprint)
    throw profileLocked();
  return publicView(db, user, resolveDisplay(row.displaySettings));
}

/** Ends this browser's grant for the profile (its "lock" button); nothing to end is fine too. */
export async function revokeProfileAccess(db: Db, userId: string, token: string | undefined) {
  if (!token) return;
  await db
    .delete(profileAccessGrants)
    .where(
      and(eq(profileAccessGrants.tokenHash, hashToken(token)), eq(profileAccessGrants.profileUserId, userId)),
    );
}

/** Housekeeping's sweep: grants whose hour is over. */
export async function sweepExpiredProfileAccess(db: Db, now: Date) {
  await db.delete(profileAccessGrants).where(lt(profileAccessGrants.expiresAt, now));
}
