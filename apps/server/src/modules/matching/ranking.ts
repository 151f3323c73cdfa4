import type { Db } from "../../db/client.js";
import { forEachSharedCandidate, type PoolMember, profileOn, withCandidatePool } from "./candidate-pool.js";
import {
  type MatchInput,
  type PairScore,
  type PreparedProfile,
  prepareProfile,
  scorePair,
} from "./compatibility-engine.js";

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
 * pre-filter (`prefilterCandidates`) selects the same candidates. Ties break on the id, so the
 * order is stable.
 */
export async function rankCandidates(
  db: Db,
  args: { clientId: string; client: MatchInput; matchmakerId: string; today: Date; limit?: number },
): Promise<RankedCandidate[]> {
  const { clientId, matchmakerId, today, limit } = args;
  const me = prepareProfile(args.client, today);
  const ranked = await withCandidatePool(db, matchmakerId, today, (pool) => {
    const out: RankedCandidate[] = [];
    const keep = (m: PoolMember, candidate: PreparedProfile, isOwnClient: boolean) => {
      const s = scorePair(me, candidate);
      if (s.excluded) return;
      out.push({
        id: m.id,
        inviterId: m.inviterId,
        isOwnClient,
        percentage: s.percentage,
        clientFit: s.clientFit,
        candidateFit: s.candidateFit,
      });
    };
    // The matchmaker's own clients, seen in full (whether published or not).
    for (const id of pool.byInviter.get(matchmakerId) ?? []) {
      const m = pool.members.get(id)!;
      // An own member without a full view could not be read again: it just left the pool.
      if (id !== clientId && m.own) keep(m, profileOn(m.own, today), true);
    }
    // Everyone else's published clients, through their display settings: the typed columns
    // first skip the pairs the gender, age and height filters exclude.
    forEachSharedCandidate(pool, me, (m) => {
      if (m.inviterId !== matchmakerId && m.id !== clientId) keep(m, m.shared.profile, false);
    });
    return out;
  });
  ranked.sort((a, b) => b.percentage - a.percentage || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return limit === undefined ? ranked : ranked.slice(0, limit);
}
