import type { Db } from "../../db/client.js";
import { prefilterCandidates } from "./candidates-query.js";
import { type MatchInput, type PairScore, prepareProfile, scorePair } from "./compatibility-engine.js";

export type RankedCandidate = {
  id: string;
  inviterId: string | null;
  isOwnClient: boolean;
} & Omit<PairScore, "excluded">;

/**
 * Candidates for a client, best first: the SQL pre-filter narrows the pool by the hard filters,
 * the engine scores what is left (and drops what only it can judge, such as preferred cities).
 * Ties break on the id, so the order is stable.
 */
export async function rankCandidates(
  db: Db,
  args: { clientId: string; client: MatchInput; matchmakerId: string; today: Date; limit?: number },
): Promise<RankedCandidate[]> {
  const { limit, ...query } = args;
  const rows = await prefilterCandidates(db, query);
  const me = prepareProfile(args.client, args.today);
  const ranked: RankedCandidate[] = [];
  for (const row of rows) {
    const s = scorePair(me, prepareProfile(row.input, args.today));
    if (s.excluded) continue;
    ranked.push({
      id: row.id,
      inviterId: row.inviterId,
      isOwnClient: row.isOwnClient,
      percentage: s.percentage,
      clientFit: s.clientFit,
      candidateFit: s.candidateFit,
    });
  }
  ranked.sort((a, b) => b.percentage - a.percentage || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return limit === undefined ? ranked : ranked.slice(0, limit);
}
