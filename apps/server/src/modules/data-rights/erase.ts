import {
  type ErasedPart,
  type ErasureReport,
  formatPhone,
  type KeptPart,
  type KeptReason,
} from "@matchdesk/contract";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client.js";
import { clientAccessLog, clientRetention, exportLinks, retentionSettings } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, badRequest, conflict, notFound } from "../../platform/errors.js";
import { eraseMailOf } from "../../platform/mail-erase.js";
import type { Storage } from "../../platform/storage.js";
import { eraseAgencyProfileOf } from "../agencies/erase.js";
import { eraseLeadsOf } from "../agency-page/erase.js";
import { eraseProfileViewsOf } from "../analytics/erase.js";
import { eraseApiKeysOf } from "../api-keys/erase.js";
import { eraseApplicationsOf } from "../applications/erase.js";
import { endEverySignIn } from "../auth/erase.js";
import { eraseChatOf } from "../chat/erase.js";
import { getOwnClient } from "../clients/service.js";
import { eraseConsentsOf } from "../consents/erase.js";
import { keepCreditsOf } from "../credits/erase.js";
import { eraseIntroductionsOf, introductionPartiesOf } from "../introductions/erase.js";
import { refreshCandidatePool } from "../matching/candidate-pool.js";
import { eraseMatchingOf } from "../matching/erase.js";
import { learnerFor } from "../matching/learner.js";
import { eraseNotificationsOf } from "../notifications/erase.js";
import { erasePackagesOf } from "../packages/erase.js";
import { keepPaymentsOf } from "../payments/erase.js";
import { eraseProfileOf } from "../profiles/erase.js";
import { eraseRecalibrationsOf } from "../recalibration/erase.js";
import { eraseReviewsOf } from "../reviews/erase.js";
import { eraseSubscriptionsOf } from "../subscriptions/erase.js";
import { eraseTelegramOf } from "../telegram/erase.js";
import { addressesOf, anonymizeUser, liveClientCount, lockPersonForErasure } from "../users/erase.js";
import type { UserRow } from "../users/service.js";
import { eraseWebhooksOf } from "../webhooks/erase.js";
import { emitWebhookEvent } from "../webhooks/service.js";

/**
 * Every instance hears an erasure here (NOTIFY on commit) and refits its matching learner, whose
 * in-memory ledger would otherwise keep the erased person's answers until the hourly refit. The
 * other caches (sessions, directory, candidate pool) hear the database's own triggers.
 */
export const PERSON_ERASED_CHANNEL = "md_person_erased";

export type EraseDeps = { db: Db; storage: Storage };

const KEPT_REASONS: Record<KeptPart, KeptReason> = {
  introductions: "otherPartyHistory",
  otherFeedback: "otherPartyOwnRecord",
  contactsReceived: "otherPartyOwnRecord",
  payments: "accountingLaw",
  credits: "accountingLaw",
};

/** The confirmation is the literal `true`; anything else erases nothing. */
function requireConfirmation(body: { confirm?: unknown }) {
  if (body.confirm !== true)
    throw badRequest("ERASURE_NOT_CONFIRMED", "Erasure must be confirmed with { confirm: true }");
}

/**
 * Erases a person (issue 20, GDPR art. 17) in one transaction: each module deletes or empties
 * what it holds about them (`<module>/erase.ts`), the account becomes an anonymous tombstone, and
 * their files are removed from storage before the transaction commits (a storage failure rolls
 * everything back and answers 503, so a retry can finish; a file already removed stays removed).
 * What is kept for the other party or by law is counted in the answer with the reason.
 */
async function erasePerson(
  deps: EraseDeps,
  id: string,
  now = new Date(),
  guard?: (tx: Db) => Promise<boolean>,
): Promise<ErasureReport | null> {
  const counts = await deps.db.transaction(async (tx) => {
    const person = await lockPersonForErasure(tx, id);
    if (!person) throw notFound("USER_NOT_FOUND", "Not found");
    // Checked with the person's row locked: a concurrent erasure or change waits or is seen.
    if (guard && !(await guard(tx))) return null;
    if (person.role === "INVITER" && (await liveClientCount(tx, person.id)) > 0) {
      throw conflict(
        "MATCHMAKER_HAS_CLIENTS",
        "A matchmaker with clients is erased once the clients are moved or erased",
      );
    }
    return eraseInside(tx, deps.storage, person, now);
  });
  if (counts === null) return null;
  // This instance refits now (the NOTIFY reaches the others); a failure waits for the next refit.
  await learnerFor(deps.db)
    .forget(id)
    .catch(() => {});
  const erased = Object.entries(counts.erased)
    .filter(([, n]) => n > 0)
    .map(([part, count]) => ({ part: part as ErasedPart, count }));
  const kept = Object.entries(counts.kept)
    .filter(([, n]) => n > 0)
    .map(([part, count]) => ({ part: part as KeptPart, count, reason: KEPT_REASONS[part as KeptPart] }));
  return { userId: id, erasedAt: now.toISOString(), erased, kept };
}

async function eraseInside(tx: Db, storage: Storage, person: UserRow, now: Date) {
  const fullName = `${person.firstName} ${person.lastName}`.trim();
  const phones = person.phone ? [person.phone, formatPhone(person.phone)] : [];
  const related = [
    ...new Set([
      ...(person.inviterId ? [person.inviterId] : []),
      ...(await introductionPartiesOf(tx, person.id)),
    ]),
  ];
  const relatedAddresses = await addressesOf(tx, related);
  const firstName = person.firstName.trim();
  const profile = await eraseProfileOf(tx, person.id);
  const intro = await eraseIntroductionsOf(tx, person.id);
  const matching = await eraseMatchingOf(tx, person.id);
  // Retention's own rows (a flag and a date, nothing personal) go with the person.
  await tx.delete(clientRetention).where(eq(clientRetention.clientId, person.id));
  await tx.delete(retentionSettings).where(eq(retentionSettings.matchmakerId, person.id));
  // Their exports' file links (the files themselves go with the profile, below).
  await tx.delete(exportLinks).where(eq(exportLinks.userId, person.id));
  const accessLog = await tx
    .delete(clientAccessLog)
    .where(eq(clientAccessLog.clientId, person.id))
    .returning({ id: clientAccessLog.id });
  // Their API keys' names (their own words) on others' logs: the entries stay, by role and agency
  // (the key's id goes with the key, below), without the name; through a partial index.
  await tx
    .update(clientAccessLog)
    .set({ apiKeyName: null })
    .where(and(eq(clientAccessLog.actorId, person.id), isNotNull(clientAccessLog.apiKeyName)));
  const erased: Record<ErasedPart, number> = {
    account: 1,
    sessions: await endEverySignIn(tx, person.id),
    questionnaire: profile.questionnaire,
    preferences: profile.preferences,
    photos: profile.photos,
    certificates: profile.certificates,
    files: 0,
    introductionAnswers: intro.introductionAnswers,
    feedback: intro.feedback,
    consentLedger: intro.consentLedger,
    packages: await erasePackagesOf(tx, person.id),
    candidateMarks: matching.candidateMarks,
    compatibilityResults: matching.compatibilityResults,
    recalibrations: await eraseRecalibrationsOf(tx, person.id),
    notifications: await eraseNotificationsOf(tx, { id: person.id, fullName, firstName, related }),
    chatMessages: await eraseChatOf(tx, person.id),
    mails: await eraseMailOf(tx, { email: person.email, fullName, firstName, phones, relatedAddresses }),
    accessLog: accessLog.length,
    leads: await eraseLeadsOf(tx, person.id, person.email),
    applications: await eraseApplicationsOf(tx, person.email),
    profileViews: await eraseProfileViewsOf(tx, person.id),
    agencyProfile: await eraseAgencyProfileOf(tx, person.id),
    reviews: await eraseReviewsOf(tx, person.id, person.email),
    subscriptions: await eraseSubscriptionsOf(tx, person.id),
    consents: await eraseConsentsOf(tx, person.id),
    apiKeys: await eraseApiKeysOf(tx, person.id),
    webhooks: await eraseWebhooksOf(tx, person.id),
    telegram: await eraseTelegramOf(tx, person.id),
  };
  const kept: Record<KeptPart, number> = {
    introductions: intro.keptIntroductions,
    otherFeedback: intro.keptOtherFeedback,
    contactsReceived: intro.keptContactsReceived,
    payments: await keepPaymentsOf(tx, person.id),
    credits: await keepCreditsOf(tx, person.id),
  };
  // The matchmaker's tools hold the client too (art. 19): they hear of the erasure, by id alone.
  if (person.role === "INVITEE" && person.inviterId) {
    await emitWebhookEvent(tx, [person.inviterId], "client.erased", { client: { id: person.id } });
  }
  await anonymizeUser(tx, person.id, now);
  await tx.execute(sql`select pg_notify(${PERSON_ERASED_CHANNEL}, ${person.id})`);
  const keys = [...profile.fileKeys, person.avatarKey, person.avatarThumbKey].filter(
    (k): k is string => k !== null,
  );
  try {
    await storage.delete(keys);
  } catch {
    throw new AppError("SERVICE_UNAVAILABLE", 503, "File storage is unavailable; nothing was erased");
  }
  erased.files = keys.length;
  return { erased, kept };
}

/** The signed-in person erases themselves: a client, or a matchmaker without clients. */
export async function eraseMe(deps: EraseDeps, caller: SessionUser, body: { confirm?: unknown }) {
  requireConfirmation(body);
  return (await erasePerson(deps, caller.id))!;
}

/**
 * Retention's erasure of an inactive client: the same erasure as a manual one, when `stillDue`
 * (run inside the transaction, with the person's row locked) says it is still due; null when not,
 * or when the person is already erased.
 */
export async function eraseIfStillDue(
  deps: EraseDeps,
  id: string,
  now: Date,
  stillDue: (tx: Db) => Promise<boolean>,
): Promise<ErasureReport | null> {
  try {
    return await erasePerson(deps, id, now, stillDue);
  } catch (error) {
    if (error instanceof AppError && error.code === "USER_NOT_FOUND") return null;
    throw error;
  }
}

/** A client's matchmaker (or an admin) erases the client; 404 for anyone else's client. */
export async function eraseClient(
  deps: EraseDeps,
  caller: SessionUser,
  clientId: string,
  body: { confirm?: unknown },
) {
  await getOwnClient(deps.db, caller, clientId);
  requireConfirmation(body);
  return (await erasePerson(deps, clientId))!;
}

/**
 * Each instance refits its learner when any instance erases someone, and brings its candidate
 * pool up to date (the one erased leaves it, and its snapshot on disk soon after).
 */
export async function listenForErasures(database: Database) {
  const poolCatchesUp = () => void refreshCandidatePool(database.db).catch(() => {});
  return database.listen(PERSON_ERASED_CHANNEL, {
    message: (id) => {
      void learnerFor(database.db)
        .forget(id)
        .catch(() => {});
      poolCatchesUp();
    },
    gap: () => {
      void learnerFor(database.db)
        .forget(null)
        .catch(() => {});
      poolCatchesUp();
    },
  });
}
