import type { LearnedChance } from "@matchdesk/contract";
import type { Db } from "../../db/client.js";
import { readLearningExtras } from "./candidates-query.js";
import type { MatchInput } from "./compatibility-engine.js";
import { learnerFor } from "./learner.js";

/**
 * The chance that both say yes the product gives a pair now, learned from outcomes (the
 * questionnaires' calibrated chance without history): shown in the compatibility report, and
 * kept on an introduction when it is proposed so the validity page can compare it with what
 * happened. The learner catches up with answers given since it last looked (never a refit).
 */
export async function learnedChance(
  db: Db,
  client: { id: string; input: MatchInput },
  candidate: { id: string; input: MatchInput },
): Promise<LearnedChance> {
  const learner = learnerFor(db);
  await learner.fresh();
  const extras = await readLearningExtras(db, [client.id, candidate.id]);
  return learner.chance(client, candidate, new Map(extras.map((e) => [e.id, e])));
}
