import type { AgencyFocus, AgencyProfilePatchBody, AgencyProfileView } from "@matchdesk/contract";
import { hash } from "@node-rs/argon2";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyProfiles, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, isUniqueViolation, notFound } from "../../platform/errors.js";
import { fileUrl } from "../../platform/storage.js";
import { setListed } from "../users/service.js";

// The agency's profile: the row other modules look agencies up by (names, logins, the public
// agency), its owner's editor, and the rating the directory sorts by. The directory's search is
// directory.ts; the public page, and what is sent from it, the agency-page module's.

type AgencyRow = typeof agencyProfiles.$inferSelect;

const agencyNotFound = () => notFound("AGENCY_NOT_FOUND", "Agency not found");
const loginTaken = () =>
  new AppError("AGENCY_LOGIN_TAKEN", 409, "This agency login is taken", undefined, {
    login: ["This agency login is taken"],
  });

export async function getAgencyName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ agencyName: agencyProfiles.agencyName })
    .from(agencyProfiles)
    .where(eq(agencyProfiles.userId, userId));
  return row?.agencyName ?? null;
}

/** The agency names of many matchmakers in one query, by user id (absent: no agency profile). */
export async function agencyNamesOf(db: Db, userIds: string[]): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: agencyProfiles.userId, agencyName: agencyProfiles.agencyName })
    .from(agencyProfiles)
    .where(inArray(agencyProfiles.userId, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.userId, r.agencyName]));
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

/** The agency a public page may show: an onboarded, active matchmaker's. Else 404. */
export async function findPublicAgency(db: Db, idOrLogin: string) {
  const [row] = await db
    .select({ agency: agencyProfiles, user: users })
    .from(agencyProfiles)
    .innerJoin(users, eq(users.id, agencyProfiles.userId))
    .where(
      and(
        sql`(${agencyProfiles.userId} = ${idOrLogin} or ${agencyProfiles.login} = ${idOrLogin.toLowerCase()})`,
        eq(users.role, "INVITER"),
        sql`${users.status} <> 'inactive'`,
        isNotNull(users.onboardingCompletedAt),
      ),
    );
  if (!row) throw agencyNotFound();
  return row;
}

async function ownAgency(db: Db, caller: SessionUser) {
  const [row] = await db
    .select({ agency: agencyProfiles, user: users })
    .from(agencyProfiles)
    .innerJoin(users, eq(users.id, agencyProfiles.userId))
    .where(eq(agencyProfiles.userId, caller.id));
  if (!row) throw agencyNotFound();
  return row;
}

/** What an agency offers and how it works: the same on its public page and in its owner's editor. */
export function agencyOffer(a: AgencyRow) {
  return {
    link: a.link,
    services: a.services,
    focus: a.focus,
    about: a.about,
    awards: a.awards,
    currency: a.currency,
    introductionPrice: a.introductionPrice,
    turnkeyPrice: a.turnkeyPrice,
    introductionFee: a.introductionFee,
    payForIntroduction: a.payForIntroduction,
    clientToClientContract: a.clientToClientContract,
    acceptsFreeClients: a.acceptsFreeClients,
    experience: a.experience,
    clientBaseSize: a.clientBaseSize,
    successfulCases: a.successfulCases,
  };
}

function toProfileView(a: AgencyRow, u: typeof users.$inferSelect): AgencyProfileView {
  return {
    userId: a.userId,
    agencyName: a.agencyName,
    login: a.login,
    contactFirstName: a.contactFirstName,
    contactLastName: a.contactLastName,
    country: a.country as AgencyProfileView["country"],
    city: a.city,
    ...agencyOffer(a),
    isListed: u.participatesInSearch,
    logoUrl: u.avatarKey ? fileUrl(u.avatarKey) : null,
    hasPassword: a.passwordHash !== null,
    isVerified: u.isVerified,
  };
}

export async function getOwnAgencyProfile(db: Db, caller: SessionUser): Promise<AgencyProfileView> {
  const { agency, user } = await ownAgency(db, caller);
  return toProfileView(agency, user);
}

export async function patchOwnAgencyProfile(db: Db, caller: SessionUser, body: AgencyProfilePatchBody) {
  await ownAgency(db, caller);
  const { isListed, ...fields } = body;
  if (fields.login !== undefined && (await isAgencyLoginTaken(db, fields.login, caller.id)))
    throw loginTaken();
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (Object.keys(fields).length > 0) {
      await txDb
        .update(agencyProfiles)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(agencyProfiles.userId, caller.id))
        .catch((error) => {
          if (isUniqueViolation(error)) throw loginTaken();
          throw error;
        });
    }
    if (isListed !== undefined) await setListed(txDb, caller.id, isListed);
  });
  return getOwnAgencyProfile(db, caller);
}

/** Sets, changes or (empty) removes the agency's profile password. */
export async function setAgencyPassword(db: Db, caller: SessionUser, password: string) {
  await ownAgency(db, caller);
  const passwordHash = password === "" ? null : await hash(password);
  await db
    .update(agencyProfiles)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(agencyProfiles.userId, caller.id));
  return getOwnAgencyProfile(db, caller);
}

/** Locks the agency's row until the transaction ends, so that its ratings are averaged one at a time. */
export async function lockAgency(db: Db, agencyUserId: string) {
  await db
    .select({ id: agencyProfiles.userId })
    .from(agencyProfiles)
    .where(eq(agencyProfiles.userId, agencyUserId))
    .for("update");
}

/** Keeps the agency's directory rating in step with its ratings; called inside the rating's transaction. */
export async function setAgencyRating(db: Db, agencyUserId: string, overall: number | null, n: number) {
  await db
    .update(agencyProfiles)
    .set({ ratingOverall: overall, ratingCount: n })
    .where(eq(agencyProfiles.userId, agencyUserId));
}

/** The focus of each of these agencies (by user id), for the quiz's ranking of directory results. */
export async function agencyFocusOf(db: Db, userIds: string[]): Promise<Map<string, AgencyFocus[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: agencyProfiles.userId, focus: agencyProfiles.focus })
    .from(agencyProfiles)
    .where(inArray(agencyProfiles.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.focus]));
}
