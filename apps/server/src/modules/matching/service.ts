import {
  COMPATIBILITY_RETRY_MINUTES,
  type CompatibilityPriceView,
  type CompatibilityResult,
  type CompatibilityResultsQuery,
  type CompatibilityRunView,
  type LearnedChance,
  type Locale,
  type PublicProfileView,
} from "@matchdesk/contract";
import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { AiConfig } from "../../config.js";
import type { Db } from "../../db/client.js";
import { clientProfiles, compatibilityResults, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { conflict, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { getOwnClient } from "../clients/service.js";
import { debitCredits, getBalance, lockAccount, notEnoughCredits } from "../credits/service.js";
import { publicViews, resolveDisplay } from "../profiles/public.js";
import { aiRequestPrice } from "../subscriptions/service.js";
import { getUser, type UserRow } from "../users/service.js";
import { narrate } from "./ai-narrative.js";
import { type CandidateRow, prefilterCandidates } from "./candidates-query.js";
import { learnedChance } from "./chance.js";
import { compareProfiles, EMPTY_MATCH_INPUT } from "./compatibility-engine.js";

export type MatchingDeps = {
  db: Db;
  ai: AiConfig | undefined;
  log?: { warn(obj: object, msg: string): void };
};

export const candidateNotFound = () => notFound("CANDIDATE_NOT_FOUND", "Candidate not found");

/**
 * The language the caller reads the result in: the app's language cookie when it names one of the
 * two, else the account's language (ru-RU unless en-US).
 */
export function localeOf(caller: SessionUser, cookie?: string): Locale {
  const chosen = cookie ?? caller.locale;
  return chosen === "en-US" ? "en-US" : "ru-RU";
}

/**
 * A client the caller manages, with the engine's input, read as its own matchmaker sees it. The
 * client must be complete and active to be matched (SPEC 4: an inactive profile sees no matches).
 */
export async function loadOwnClient(db: Db, caller: SessionUser, clientId: string, today: Date) {
  const client = await getOwnClient(db, caller, clientId);
  const matchmakerId = client.inviterId ?? caller.id;
  const [row] = await prefilterCandidates(db, {
    clientId: "",
    client: EMPTY_MATCH_INPUT,
    matchmakerId,
    today,
    ids: [clientId],
  });
  if (!row) {
    throw conflict("PROFILE_INCOMPLETE", "The client's profile must be complete and active to be matched");
  }
  return { client, matchmakerId, input: row.input };
}

/**
 * Candidates by id from the pool `matchmakerId` may match against (own complete, active clients
 * and other agencies' published ones), masked by display settings; hard filters not applied.
 */
export async function loadCandidates(
  db: Db,
  args: { clientId: string; matchmakerId: string; ids: string[]; today: Date },
): Promise<CandidateRow[]> {
  return prefilterCandidates(db, { ...args, client: EMPTY_MATCH_INPUT });
}

/**
 * A person as another viewer may see them: all fields for the matchmaker's own client, only the
 * displayed ones otherwise.
 */
export async function profileFor(db: Db, user: UserRow, full: boolean): Promise<PublicProfileView> {
  return (await profilesFor(db, [{ user, full }]))[0]!;
}

/** `profileFor` for a list page: one query for the display settings, then the views in one go. */
export async function profilesFor(
  db: Db,
  people: readonly { user: UserRow; full: boolean }[],
): Promise<PublicProfileView[]> {
  const masked = people.filter((p) => !p.full).map((p) => p.user.id);
  const rows =
    masked.length === 0
      ? []
      : await db
          .select({ userId: clientProfiles.userId, display: clientProfiles.displaySettings })
          .from(clientProfiles)
          .where(inArray(clientProfiles.userId, masked));
  const displayOf = new Map(rows.map((r) => [r.userId, r.display]));
  return publicViews(
    db,
    people.map(({ user, full }) => ({
      user,
      display: resolveDisplay(full ? ALL_SHOWN : (displayOf.get(user.id) ?? {})),
    })),
  );
}

/** Users by id in one query; like `getUser`, a missing one is USER_NOT_FOUND. */
export async function usersById(db: Db, ids: readonly string[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (byId.size < unique.length) throw notFound("USER_NOT_FOUND", "User not found");
  return byId;
}
const ALL_SHOWN: Record<string, boolean> = new Proxy({}, { get: () => true });

// ---------------------------------------------------------------------------------------------
// Price and charging

/**
 * What a check costs the caller. Free: a client marked free (the client checked, or the caller),
 * a user whose AI matching support enabled (`users.ai_matching_enabled`), and administrators, who
 * are that support. Everyone else pays their tier's price (regular 150, silver 100, gold 60).
 */
export async function quotePrice(
  db: Db,
  caller: SessionUser,
  client: UserRow | null,
): Promise<CompatibilityPriceView> {
  const me = await getUser(db, caller.id);
  const price = await aiRequestPrice(db, caller.id);
  const balance = await getBalance(db, caller.id);
  let freeReason: CompatibilityPriceView["freeReason"] = null;
  if (me.isFreeClient || client?.isFreeClient) freeReason = "free_client";
  else if (me.aiMatchingEnabled || caller.role === "ADMIN") freeReason = "support_enabled";
  return { price, charge: freeReason ? 0 : price, freeReason, balance };
}

export async function getPrice(db: Db, caller: SessionUser, clientId: string | undefined) {
  const client = clientId ? await getOwnClient(db, caller, clientId) : null;
  return quotePrice(db, caller, client);
}

type ResultRow = typeof compatibilityResults.$inferSelect;

function toRunView(row: ResultRow, reused: boolean): CompatibilityRunView {
  const kept = row.result as CompatibilityResult & Partial<LearnedChance>;
  return {
    ...kept,
    // Results kept before learning existed have no chance.
    mutualChance: kept.mutualChance ?? null,
    learnedFrom: kept.learnedFrom ?? 0,
    reasons: kept.reasons ?? [],
    id: row.id,
    clientId: row.clientId,
    candidateId: row.candidateId,
    narrativeSource: row.narrativeSource === "ai" ? "ai" : "engine",
    creditsCharged: row.creditsCharged,
    reused,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The same check by the same caller in the same language within the retry window, if any. */
async function recentRun(db: Db, callerId: string, clientId: string, candidateId: string, locale: Locale) {
  const since = new Date(Date.now() - COMPATIBILITY_RETRY_MINUTES * 60_000);
  const [row] = await db
    .select()
    .from(compatibilityResults)
    .where(
      and(
        eq(compatibilityResults.requestedBy, callerId),
        eq(compatibilityResults.clientId, clientId),
        eq(compatibilityResults.candidateId, candidateId),
        eq(compatibilityResults.locale, locale),
        gt(compatibilityResults.createdAt, since),
      ),
    )
    .orderBy(desc(compatibilityResults.createdAt))
    .limit(1);
  return row;
}

/**
 * Runs a compatibility check and keeps it. The price is charged in the same transaction that
 * stores the result, under the caller's credit lock: if storing fails, the debit rolls back with
 * it (nothing is charged for a result that was not kept). A retry of the same check within
 * COMPATIBILITY_RETRY_MINUTES answers the kept result and charges nothing again; the lock makes
 * that hold for parallel retries too. The balance is checked before the AI model is asked, so a
 * caller short of credits gets the 402 without spending a model call.
 */
export async function runCompatibility(
  deps: MatchingDeps,
  caller: SessionUser,
  body: { clientId: string; candidateId: string },
  locale: Locale = localeOf(caller),
): Promise<{ view: CompatibilityRunView; created: boolean }> {
  const { db } = deps;
  const today = new Date();
  const own = await loadOwnClient(db, caller, body.clientId, today);
  const [candidate] = await loadCandidates(db, {
    clientId: body.clientId,
    matchmakerId: own.matchmakerId,
    ids: [body.candidateId],
    today,
  });
  if (!candidate) throw candidateNotFound();

  const earlier = await recentRun(db, caller.id, body.clientId, body.candidateId, locale);
  if (earlier) return { view: toRunView(earlier, true), created: false };

  const quote = await quotePrice(db, caller, own.client);
  if (quote.charge > quote.balance) throw notEnoughCredits(quote.charge, quote.balance);

  const engine = compareProfiles(own.input, candidate.input, { locale, today });
  const narrative = await narrate(engine, { ai: deps.ai, log: deps.log });
  // The AI narrative above saw the engine's result only, never anyone's outcomes.
  const learned = await learnedChance(db, { id: body.clientId, input: own.input }, candidate);
  const result: CompatibilityResult & LearnedChance = {
    ...engine,
    summary: narrative.summary,
    relationshipAnalysis: narrative.relationshipAnalysis,
    ...learned,
  };

  return db.transaction(async (tx) => {
    await lockAccount(tx, caller.id);
    const raced = await recentRun(tx, caller.id, body.clientId, body.candidateId, locale);
    if (raced) return { view: toRunView(raced, true), created: false };
    const id = newId();
    let charged = 0;
    let debitId: string | null = null;
    if (quote.charge > 0) {
      const debit = await debitCredits(tx, {
        userId: caller.id,
        amount: quote.charge,
        type: "aiMatch",
        description: "AI compatibility check",
        reference: `compatibility:${id}`,
      });
      charged = debit.charged;
      debitId = debit.transaction?.id ?? null;
    }
    const [row] = await tx
      .insert(compatibilityResults)
      .values({
        id,
        clientId: body.clientId,
        candidateId: body.candidateId,
        requestedBy: caller.id,
        locale,
        percentage: result.percentage,
        result,
        narrativeSource: narrative.source,
        creditsCharged: charged,
        debitId,
      })
      .returning();
    return { view: toRunView(row!, false), created: true };
  });
}

/** Kept results of one client the caller manages, newest first. */
export async function listResults(db: Db, caller: SessionUser, q: CompatibilityResultsQuery) {
  await getOwnClient(db, caller, q.clientId);
  const where = eq(compatibilityResults.clientId, q.clientId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(compatibilityResults)
      .where(where)
      .orderBy(desc(compatibilityResults.createdAt), desc(compatibilityResults.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(compatibilityResults).where(where),
  ]);
  return {
    items: rows.map((r) => toRunView(r, false)),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}
