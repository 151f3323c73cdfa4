import type { Db } from "../../db/client.js";
import {
  columnsScore,
  inviterCode,
  isCandidatePoolLoaded,
  loadCandidatePool,
  profileOn,
  scoreShared,
  withCandidatePool,
} from "./candidate-pool.js";
import { prefilterCandidates, readLearningExtras, readSharedMembers } from "./candidates-query.js";
import {
  type MatchInput,
  type PairScore,
  type PreparedProfile,
  prepareProfile,
  scorePair,
} from "./compatibility-engine.js";
import { learnerFor, preparedFromEngine } from "./learner.js";

export type RankedCandidate = {
  id: string;
  inviterId: string | null;
  isOwnClient: boolean;
} & Omit<PairScore, "excluded">;

/**
 * Candidates for a client, best first: the pool the matchmaker may match against (their own
 * complete, active clients and other agencies' published ones, the latter read through their
 * display settings) scored by the engine, which drops every pair a hard filter excludes. The pool
 * is kept in memory and brought up to date before each ranking (`candidate-pool.ts`); the SQL
 * pre-filter (`prefilterCandidates`) selects the same candidates, and ranks while the pool is
 * still loading. Ties break on the id, so the order is stable.
 */
export async function rankCandidates(
  db: Db,
  args: {
    clientId: string;
    client: MatchInput;
    matchmakerId: string;
    today: Date;
    limit?: number;
    /** False: the engine's order alone (the bench compares the two). */
    learning?: boolean;
  },
): Promise<RankedCandidate[]> {
  const { clientId, today, limit } = args;
  const me = prepareProfile(args.client, today);
  const prepared = new Map<string, PreparedProfile>();
  // While the pool loads, rankings read the database one at a time: wait for the one reading.
  for (let reading = readingDatabase.get(db); reading; reading = readingDatabase.get(db))
    await reading.catch(() => undefined);
  // A client the pool's columns cannot score goes the database's way: a gender, a fraction of a
  // year or centimetre, or more interest categories than the contract has, which no stored client
  // has (the columns are enums, integers and the contract's categories); the SQL pre-filter would
  // refuse such values too.
  const ranked =
    isCandidatePoolLoaded(db) && columnsScore(me)
      ? await fromPool(db, args, me, prepared)
      : await fromDatabase(db, args, me, prepared);
  if (args.learning !== false) await learnedOrder(db, clientId, me, ranked, prepared, today);
  return limit === undefined ? ranked : ranked.slice(0, limit);
}

type RankArgs = Parameters<typeof rankCandidates>[1];

const byScore = (a: RankedCandidate, b: RankedCandidate) =>
  b.percentage - a.percentage || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Puts `out[start..end)` in id order: one pass when it is already. */
function byIdIn(out: RankedCandidate[], start: number, end: number) {
  for (let i = start + 1; i < end; i++)
    if (out[i - 1]!.id > out[i]!.id) {
      const run = out.slice(start, end).sort(byScore);
      for (let j = 0; j < run.length; j++) out[start + j] = run[j]!;
      return;
    }
}

/** Merges `out[start..mid)` and `out[mid..end)`, each in id order, into id order. */
function mergeByIdIn(out: RankedCandidate[], start: number, mid: number, end: number) {
  const left = out.slice(start, mid);
  let i = 0;
  let j = mid;
  let at = start;
  while (i < left.length && j < end) out[at++] = left[i]!.id < out[j]!.id ? left[i++]! : out[j++]!;
  while (i < left.length) out[at++] = left[i++]!;
}

/** A pair's three numbers (each 0-100) as one. */
export const packScore = (percentage: number, clientFit: number, candidateFit: number) =>
  (percentage << 16) | (clientFit << 8) | candidateFit;
const unpack = (score: number) => ({
  percentage: score >> 16,
  clientFit: (score >> 8) & 255,
  candidateFit: score & 255,
});

/**
 * The ranking, best first, ties by id: `own` (scored objects) and other members as slots with
 * packed scores (`packScore`), made objects only once in order. A counting sort on the percentage
 * puts own members first within one, then the rest in slot order, which mostly follows the ids (a
 * load fills slots in id order): each run is then checked in one pass and sorted only if it is
 * not in id order, and the own members are merged in.
 */
export function bestFirst(
  own: RankedCandidate[],
  found: readonly number[],
  scores: readonly number[],
  memberAt: (slot: number) => { id: string; inviterId: string | null },
): RankedCandidate[] {
  // A percentage the counting sort has no place for (psychology answers past 100 would give one:
  // the database allows none) is ordered by a plain sort instead.
  if (own.some((r) => !(r.percentage >= 0 && r.percentage <= 100)) || scores.some((s) => s >> 16 > 100))
    return [
      ...own,
      ...found.map((slot, i) => ({ ...memberAt(slot), ...unpack(scores[i]!), isOwnClient: false })),
    ].sort(byScore);
  const perPercentage = new Int32Array(101);
  const ownPerPercentage = new Int32Array(101);
  for (const score of scores) perPercentage[score >> 16]!++;
  for (const r of own) {
    perPercentage[r.percentage]!++;
    ownPerPercentage[r.percentage]!++;
  }
  const next = new Int32Array(101);
  for (let p = 99, at = perPercentage[100]!; p >= 0; at += perPercentage[p--]!) next[p] = at;
  const out: RankedCandidate[] = new Array(found.length + own.length);
  for (const r of own) out[next[r.percentage]!++] = r;
  for (let i = 0; i < found.length; i++) {
    const score = scores[i]!;
    const m = memberAt(found[i]!);
    out[next[score >> 16]!++] = { id: m.id, inviterId: m.inviterId, isOwnClient: false, ...unpack(score) };
  }
  for (let p = 100, start = 0; p >= 0; start += perPercentage[p--]!) {
    const mid = start + ownPerPercentage[p]!;
    const end = start + perPercentage[p]!;
    byIdIn(out, mid, end);
    if (mid > start) {
      byIdIn(out, start, mid);
      mergeByIdIn(out, start, mid, end);
    }
  }
  return out;
}

/** The read of the ranking reading candidates from the database right now (one at a time). */
const readingDatabase = new WeakMap<Db, Promise<unknown>>();

/**
 * Until the pool is loaded (the first seconds after a start, at 100,000 members), a ranking reads
 * the candidates that pass the hard filters from the database, as the pool would give them, and
 * the pool loads in the background. One ranking at a time does (each reads thousands of wide
 * rows): the next waits for it, then reads the pool if it has loaded meanwhile, else the database.
 */
async function fromDatabase(
  db: Db,
  args: RankArgs,
  me: PreparedProfile,
  prepared: Map<string, PreparedProfile>,
): Promise<RankedCandidate[]> {
  const { clientId, client, matchmakerId, today } = args; // `limit` cuts the ranking, not the read
  // The ranking's read is sent before the load's first statement (PGlite runs one at a time).
  const read = prefilterCandidates(db, { clientId, client, matchmakerId, today });
  readingDatabase.set(db, read);
  loadCandidatePool(db);
  let rows: Awaited<typeof read>;
  try {
    rows = await read;
  } finally {
    if (readingDatabase.get(db) === read) readingDatabase.delete(db);
  }
  const out: RankedCandidate[] = [];
  for (const row of rows) {
    const candidate = prepareProfile(row.input, today);
    const s = scorePair(me, candidate);
    if (s.excluded) continue;
    prepared.set(row.id, candidate);
    out.push({
      id: row.id,
      inviterId: row.inviterId,
      isOwnClient: row.isOwnClient,
      percentage: s.percentage,
      clientFit: s.clientFit,
      candidateFit: s.candidateFit,
    });
  }
  return out.sort(byScore);
}

function fromPool(
  db: Db,
  args: RankArgs,
  me: PreparedProfile,
  prepared: Map<string, PreparedProfile>,
): Promise<RankedCandidate[]> {
  const { clientId, matchmakerId, today } = args;
  return withCandidatePool(db, matchmakerId, today, (pool) => {
    // The matchmaker's own clients, seen in full (whether published or not).
    const own: RankedCandidate[] = [];
    for (const id of pool.byInviter.get(matchmakerId) ?? []) {
      const m = pool.members.get(id)!;
      // An own member without a full view could not be read again: it just left the pool.
      if (id === clientId || !m.own) continue;
      const candidate = profileOn(m.own, today);
      const s = scorePair(me, candidate);
      if (s.excluded) continue;
      prepared.set(m.id, candidate);
      own.push({
        id: m.id,
        inviterId: m.inviterId,
        isOwnClient: true,
        percentage: s.percentage,
        clientFit: s.clientFit,
        candidateFit: s.candidateFit,
      });
    }
    // Everyone else's published clients, through their display settings, scored from the pool's
    // columns (the hard filters first), kept as numbers until they are in order.
    const found: number[] = [];
    const scores: number[] = [];
    const skip = { inviter: inviterCode(matchmakerId), slot: pool.members.get(clientId)?.slot ?? -1 };
    scoreShared(
      pool,
      me,
      (slot, percentage, clientFit, candidateFit) => {
        found.push(slot);
        scores.push(packScore(percentage, clientFit, candidateFit));
      },
      skip,
    );
    const out = bestFirst(own, found, scores, (slot) => pool.slots[slot]!);
    // The learned order (after the pool's turn) reads the best candidates' profiles: those the
    // pool keeps from here, the others from the database (`learnedOrder`).
    for (const r of out.slice(0, LEARNED_RERANK)) {
      const shared = r.isOwnClient ? undefined : pool.members.get(r.id)!.shared;
      if (shared) prepared.set(r.id, shared.profile);
    }
    return out;
  });
}

/** How many of the engine's best candidates the learned chance re-orders. */
export const LEARNED_RERANK = 100;

/**
 * Issue 15: once the client has answered introductions (or been answered), the engine's best
 * LEARNED_RERANK candidates are re-ordered by the learned chance that both say yes (ties: the
 * engine's order). A client without history keeps the engine's order: the questionnaire's chance
 * alone would only reshuffle it with less evidence. The rest of the list keeps the engine's order.
 */
async function learnedOrder(
  db: Db,
  clientId: string,
  me: PreparedProfile,
  ranked: RankedCandidate[],
  prepared: Map<string, PreparedProfile>,
  today: Date,
) {
  const learner = learnerFor(db);
  await learner.fresh();
  if (!learner.hasHistory(clientId) || ranked.length < 2) return;
  const top = ranked.slice(0, LEARNED_RERANK);
  // Other agencies' candidates as the shared view shows them now (a candidate who just left the
  // pool has none: no chance, last among the re-ordered).
  const [read, unprepared] = await Promise.all([
    readLearningExtras(db, [clientId, ...top.map((r) => r.id)]),
    readSharedMembers(db, { ids: top.filter((r) => !prepared.has(r.id)).map((r) => r.id) }),
  ]);
  for (const m of unprepared) prepared.set(m.id, prepareProfile(m.input, today));
  const extras = new Map(read.map((e) => [e.id, e]));
  const client = { id: clientId, prepared: preparedFromEngine(me, extras.get(clientId)) };
  const chance = new Map<string, number>();
  // A candidate without a chance (no longer a member) goes after those with one, in the engine's order.
  for (const r of top) {
    const profile = prepared.get(r.id);
    const c = profile
      ? learner.chanceOfPrepared(client, {
          id: r.id,
          prepared: preparedFromEngine(profile, extras.get(r.id)),
        }).mutualChance
      : null;
    chance.set(r.id, c ?? -1);
  }
  const order = new Map(top.map((r, k) => [r.id, k]));
  top.sort((a, b) => chance.get(b.id)! - chance.get(a.id)! || order.get(a.id)! - order.get(b.id)!);
  ranked.splice(0, top.length, ...top);
}
