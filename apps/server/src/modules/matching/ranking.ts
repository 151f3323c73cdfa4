import type { Db } from "../../db/client.js";
import {
  candidatePoolReady,
  columnsScore,
  inviterCode,
  loadCandidatePool,
  type PoolMember,
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
import { learnerFor, type OutcomeLearner, preparedFromEngine } from "./learner.js";
import { packScore } from "./pool-scan.js";

export type RankedCandidate = {
  id: string;
  inviterId: string | null;
  isOwnClient: boolean;
} & Omit<PairScore, "excluded">;

/** What a ranking reads its places from (`Ranking`). */
type Places = {
  at(i: number): RankedCandidate;
  idAt(i: number): string;
  percentageAt(i: number): number;
  isOwnAt(i: number): boolean;
};

/**
 * A ranking, best first, ties by id (the first places may be re-ordered by the learned chance:
 * `reorderFirst`). At national scale it holds hundreds of thousands of candidates of which a
 * caller reads a page: a place becomes an object only when it is read.
 */
export class Ranking {
  #first: readonly RankedCandidate[] = [];
  constructor(
    readonly length: number,
    private readonly places: Places,
  ) {}

  /** A list already best first. */
  static of(list: readonly RankedCandidate[]): Ranking {
    return new Ranking(list.length, {
      at: (i) => list[i]!,
      idAt: (i) => list[i]!.id,
      percentageAt: (i) => list[i]!.percentage,
      isOwnAt: (i) => list[i]!.isOwnClient,
    });
  }

  /** The candidate at place `i` (from 0). */
  at(i: number): RankedCandidate {
    return i < this.#first.length ? this.#first[i]! : this.places.at(i);
  }
  idAt(i: number): string {
    return i < this.#first.length ? this.#first[i]!.id : this.places.idAt(i);
  }
  percentageAt(i: number): number {
    return i < this.#first.length ? this.#first[i]!.percentage : this.places.percentageAt(i);
  }
  isOwnAt(i: number): boolean {
    return i < this.#first.length ? this.#first[i]!.isOwnClient : this.places.isOwnAt(i);
  }

  /** The candidates at places `start` to `end` (not included), as objects. */
  slice(start = 0, end = this.length): RankedCandidate[] {
    const out: RankedCandidate[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, this.length); i++) out.push(this.at(i));
    return out;
  }

  /** Puts `first`, the first places in another order, in their place. */
  reorderFirst(first: readonly RankedCandidate[]) {
    this.#first = first;
  }
}

/**
 * Candidates for a client, best first: the pool the matchmaker may match against (their own
 * complete, active clients and other agencies' published ones, the latter read through their
 * display settings) scored by the engine, which drops every pair a hard filter excludes. The pool
 * is kept in memory and brought up to date before each ranking (`candidate-pool.ts`); after a
 * start it is read back from its snapshot on disk (`candidatePoolReady`). The SQL pre-filter
 * (`prefilterCandidates`) selects the same candidates, and ranks while the pool is still loading
 * (no usable snapshot). Ties break on the id, so the order is stable.
 */
export async function rankCandidates(
  db: Db,
  args: {
    clientId: string;
    client: MatchInput;
    matchmakerId: string;
    today: Date;
    /** False: the engine's order alone (the bench compares the two). */
    learning?: boolean;
  },
): Promise<Ranking> {
  const { clientId, today } = args;
  const me = prepareProfile(args.client, today);
  const prepared = new Map<string, PreparedProfile>();
  // The learner catches up (the first time after a start, a refit reading every answer) beside
  // the candidates' read; `learnedOrder` waits for it.
  const learner = args.learning === false ? null : learnerFor(db);
  const fresh = learner?.fresh();
  fresh?.catch(() => undefined); // awaited below: a failure of the ranking first leaves it unawaited
  // While the pool loads, rankings read the database one at a time: wait for the one reading.
  for (let reading = readingDatabase.get(db); reading; reading = readingDatabase.get(db))
    await reading.catch(() => undefined);
  // A client the pool's columns cannot score goes the database's way: a gender, a fraction of a
  // year or centimetre, or more interest categories than the contract has, which no stored client
  // has (the columns are enums, integers and the contract's categories); the SQL pre-filter would
  // refuse such values too.
  const ranked =
    columnsScore(me) && (await candidatePoolReady(db, today))
      ? await fromPool(db, args, me, prepared)
      : await fromDatabase(db, args, me, prepared);
  if (learner) {
    await fresh;
    await learnedOrder(db, learner, clientId, me, ranked, prepared, today);
  }
  return ranked;
}

type RankArgs = Parameters<typeof rankCandidates>[1];

const byScore = (a: RankedCandidate, b: RankedCandidate) =>
  b.percentage - a.percentage || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const unpack = (score: number) => ({
  percentage: score >> 16,
  clientFit: (score >> 8) & 255,
  candidateFit: score & 255,
});

type Member = { readonly id: string; readonly inviterId: string | null };

/**
 * The ranking, best first, ties by id: `own` (scored objects) and `others` with their packed
 * scores (`packScore`), which stay numbers until a place is read. A counting sort on the
 * percentage puts own members first within one (in id order), then the others in the order given,
 * which mostly follows the ids (the pool's slots, which a load fills in id order): each run, once
 * read, is checked in one pass and sorted only if it is not in id order, and the own members are
 * merged in.
 */
export function bestFirst(
  own: readonly RankedCandidate[],
  others: readonly Member[],
  scores: ArrayLike<number>,
): Ranking {
  const n = others.length;
  const ranked = (i: number): RankedCandidate => ({
    id: others[i]!.id,
    inviterId: others[i]!.inviterId,
    isOwnClient: false,
    ...unpack(scores[i]!),
  });
  // A percentage the counting sort has no place for (psychology answers past 100 would give one:
  // the database allows none) is ordered by a plain sort instead.
  let past100 = own.some((r) => !(r.percentage >= 0 && r.percentage <= 100));
  for (let i = 0; i < n && !past100; i++) past100 = scores[i]! >> 16 > 100;
  if (past100) return Ranking.of([...own, ...others.map((_, i) => ranked(i))].sort(byScore));
  const mine = [...own].sort(byScore);
  const perPercentage = new Int32Array(101);
  const ownPerPercentage = new Int32Array(101);
  for (let i = 0; i < n; i++) perPercentage[scores[i]! >> 16]!++;
  for (const r of mine) {
    perPercentage[r.percentage]!++;
    ownPerPercentage[r.percentage]!++;
  }
  const next = new Int32Array(101);
  for (let p = 99, at = perPercentage[100]!; p >= 0; at += perPercentage[p--]!) next[p] = at;
  // A place holds `~k` for own member k, else the index into `others`.
  const order = new Int32Array(n + mine.length);
  for (let k = 0; k < mine.length; k++) order[next[mine[k]!.percentage]!++] = ~k;
  for (let i = 0; i < n; i++) order[next[scores[i]! >> 16]!++] = i;
  const idOf = (e: number) => (e < 0 ? mine[~e]!.id : others[e]!.id);
  const byId = (a: number, b: number) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0);
  // Each percentage's run is put in id order when a place in it is first read: a caller reads the
  // first page, and comparing ids (about 100 ns each here) over every run costs more than the rest.
  let orderedTo = 0; // places before it are in order
  let nextRun = 100;
  const inOrder = (place: number) => {
    for (; orderedTo <= place && nextRun >= 0; orderedTo += perPercentage[nextRun--]!) {
      const start = orderedTo;
      const mid = start + ownPerPercentage[nextRun]!;
      const end = start + perPercentage[nextRun]!;
      for (let i = mid + 1; i < end; i++)
        if (idOf(order[i - 1]!) > idOf(order[i]!)) {
          order.subarray(mid, end).sort(byId);
          break;
        }
      if (mid > start) {
        // Merge the own run [start, mid) and the others' [mid, end), each in id order.
        const left = order.slice(start, mid);
        let i = 0;
        let j = mid;
        let at = start;
        while (i < left.length && j < end)
          order[at++] = byId(left[i]!, order[j]!) < 0 ? left[i++]! : order[j++]!;
        while (i < left.length) order[at++] = left[i++]!;
      }
    }
    return order[place]!;
  };
  return new Ranking(order.length, {
    at: (i) => {
      const e = inOrder(i);
      return e < 0 ? mine[~e]! : ranked(e);
    },
    idAt: (i) => idOf(inOrder(i)),
    // One run has one percentage: no need to order it.
    percentageAt: (i) => (order[i]! < 0 ? mine[~order[i]!]!.percentage : scores[order[i]!]! >> 16),
    isOwnAt: (i) => inOrder(i) < 0,
  });
}

/** The read of the ranking reading candidates from the database right now (one at a time). */
const readingDatabase = new WeakMap<Db, Promise<unknown>>();

/**
 * Until the pool is loaded (the first seconds after a start with no usable snapshot on disk, at
 * 100,000 members), a ranking reads the candidates that pass the hard filters from the database,
 * as the pool would give them, and then starts the pool's load in the background. One ranking at
 * a time does (each reads thousands of wide rows): the next waits for it, then reads the pool if
 * it has loaded meanwhile, else the database.
 */
async function fromDatabase(
  db: Db,
  args: RankArgs,
  me: PreparedProfile,
  prepared: Map<string, PreparedProfile>,
): Promise<Ranking> {
  const { clientId, client, matchmakerId, today } = args;
  const read = prefilterCandidates(db, { clientId, client, matchmakerId, today });
  readingDatabase.set(db, read);
  let rows: Awaited<typeof read>;
  try {
    rows = await read;
  } finally {
    if (readingDatabase.get(db) === read) readingDatabase.delete(db);
    // The load starts once the read is done: run side by side, the two took a third longer to
    // give the first ranking (100,000 members on PostgreSQL: 3.2 s against 2.4 s).
    loadCandidatePool(db);
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
  return Ranking.of(out.sort(byScore));
}

function fromPool(
  db: Db,
  args: RankArgs,
  me: PreparedProfile,
  prepared: Map<string, PreparedProfile>,
): Promise<Ranking> {
  const { clientId, matchmakerId, today } = args;
  return withCandidatePool(db, matchmakerId, today, async (pool) => {
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
    // columns (the hard filters first), kept as numbers until a place is read. The members are
    // taken now: a refresh after this turn may give their slots to others.
    const others: PoolMember[] = [];
    const scores: number[] = [];
    const skip = { inviter: inviterCode(matchmakerId), slot: pool.members.get(clientId)?.slot ?? -1 };
    await scoreShared(
      pool,
      me,
      (slot, percentage, clientFit, candidateFit) => {
        others.push(pool.slots[slot]!);
        scores.push(packScore(percentage, clientFit, candidateFit));
      },
      skip,
    );
    const out = bestFirst(own, others, scores);
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
  learner: OutcomeLearner,
  clientId: string,
  me: PreparedProfile,
  ranked: Ranking,
  prepared: Map<string, PreparedProfile>,
  today: Date,
) {
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
  ranked.reorderFirst(top);
}
