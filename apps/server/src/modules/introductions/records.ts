import type { ExportIntroduction } from "@matchdesk/contract";
import { and, asc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { introductionFeedback, introductionSides, introductions } from "../../db/schema/index.js";

// Reads for the data-rights module (issue 20): whose data an introduction's routes show, and a
// person's introductions for their export. Callers have checked their right to them.

/** The two clients of an introduction (none when there is no such introduction). */
export async function clientsOfIntroduction(db: Db, id: string): Promise<string[]> {
  const [row] = await db
    .select({ clientId: introductions.clientId, candidateId: introductions.candidateId })
    .from(introductions)
    .where(eq(introductions.id, id));
  return row ? [row.clientId, row.candidateId] : [];
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Every introduction the client took part in, oldest first, with their own answer and feedback. */
export async function introductionsOfClient(db: Db, clientId: string): Promise<ExportIntroduction[]> {
  const rows = await db
    .select({ intro: introductions, side: introductionSides, feedback: introductionFeedback })
    .from(introductions)
    .leftJoin(
      introductionSides,
      and(eq(introductionSides.introductionId, introductions.id), eq(introductionSides.clientId, clientId)),
    )
    .leftJoin(
      introductionFeedback,
      and(
        eq(introductionFeedback.introductionId, introductions.id),
        eq(introductionFeedback.clientId, clientId),
      ),
    )
    .where(or(eq(introductions.clientId, clientId), eq(introductions.candidateId, clientId)))
    .orderBy(asc(introductions.createdAt), asc(introductions.id));
  return rows.map(({ intro, side, feedback }) => ({
    id: intro.id,
    otherClientId: intro.clientId === clientId ? intro.candidateId : intro.clientId,
    status: intro.status,
    proposedAt: intro.createdAt.toISOString(),
    introducedAt: iso(intro.introducedAt),
    dateStartsAt: iso(intro.dateStartsAt),
    datePlace: intro.datePlace,
    myAnswer: {
      askedAt: iso(side?.askedAt ?? null),
      answer: side?.answer ?? null,
      reason: side?.reason ?? null,
      comment: side?.comment ?? null,
      answeredAt: iso(side?.answeredAt ?? null),
      dateResponse: side?.dateResponse ?? null,
    },
    myFeedback: feedback
      ? {
          happened: feedback.happened,
          meetAgain: feedback.meetAgain,
          attraction: feedback.attraction,
          conversation: feedback.conversation,
          sharedValues: feedback.sharedValues,
          manners: feedback.manners,
          reasons: feedback.reasons,
          note: feedback.note,
          createdAt: feedback.createdAt.toISOString(),
        }
      : null,
  }));
}
