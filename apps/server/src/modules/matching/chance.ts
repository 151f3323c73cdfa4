import type { MatchInput } from "./compatibility-engine.js";
import { prepareProfile, scorePair } from "./compatibility-engine.js";

/**
 * The chance that both say yes the product gives a pair now (0-1), kept on an introduction when
 * it is proposed so that the validity page can compare it with what happened.
 */
export function proposalChance(client: MatchInput, candidate: MatchInput, today: Date): number {
  const score = scorePair(prepareProfile(client, today), prepareProfile(candidate, today));
  return score.excluded ? 0 : score.percentage / 100;
}
