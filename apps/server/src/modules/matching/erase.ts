import { eq, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { candidateMarks, compatibilityResults } from "../../db/schema/index.js";

/** Deletes the compatibility checks and candidate marks about (or run by) the person. */
export async function eraseMatchingOf(tx: Db, userId: string) {
  const results = await tx
    .delete(compatibilityResults)
    .where(
      or(
        eq(compatibilityResults.clientId, userId),
        eq(compatibilityResults.candidateId, userId),
        eq(compatibilityResults.requestedBy, userId),
      ),
    )
    .returning({ id: compatibilityResults.id });
  const marks = await tx
    .delete(candidateMarks)
    .where(or(eq(candidateMarks.clientId, userId), eq(candidateMarks.candidateId, userId)))
    .returning({ id: candidateMarks.clientId });
  return { compatibilityResults: results.length, candidateMarks: marks.length };
}
