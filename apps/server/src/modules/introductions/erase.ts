import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  contactReleases,
  introductionEvents,
  introductionFeedback,
  introductionLinks,
  introductionSettings,
  introductionSides,
  introductions,
} from "../../db/schema/index.js";

/**
 * An erased person's part of their introductions. The introductions stay: they are the other
 * client's history (and count toward the other's package); the erased side keeps its yes or no
 * (the pair's status depends on it) but loses its free text (the matchmaker's note, the comment),
 * their own feedback and one-click links go, and the timeline's steps about them lose their notes
 * and comments. The other client's own feedback stays. Releases of the person's contacts (their
 * consent ledger) are deleted; releases of another client's contacts to the person stay in that
 * client's ledger, to an anonymous recipient.
 */
export async function eraseIntroductionsOf(tx: Db, userId: string) {
  const answers = await tx
    .update(introductionSides)
    .set({ askNote: null, comment: null })
    .where(eq(introductionSides.clientId, userId))
    .returning({ id: introductionSides.introductionId });
  await tx.delete(introductionLinks).where(eq(introductionLinks.clientId, userId));
  const feedback = await tx
    .delete(introductionFeedback)
    .where(eq(introductionFeedback.clientId, userId))
    .returning({ id: introductionFeedback.introductionId });
  await tx
    .update(introductionEvents)
    .set({ data: sql`${introductionEvents.data} - 'comment' - 'note' - 'askNote'` })
    .where(or(eq(introductionEvents.clientId, userId), eq(introductionEvents.actorId, userId)));
  const ledger = await tx
    .delete(contactReleases)
    .where(eq(contactReleases.subjectId, userId))
    .returning({ id: contactReleases.id });
  await tx.delete(introductionSettings).where(eq(introductionSettings.matchmakerId, userId));

  const involves = or(
    eq(introductions.clientId, userId),
    eq(introductions.candidateId, userId),
    eq(introductions.proposedBy, userId),
    eq(introductions.responderId, userId),
  );
  const [kept] = await tx.select({ n: sql<number>`count(*)::int` }).from(introductions).where(involves);
  const [otherFeedback] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(introductionFeedback)
    .innerJoin(introductions, eq(introductions.id, introductionFeedback.introductionId))
    .where(
      and(
        or(eq(introductions.clientId, userId), eq(introductions.candidateId, userId)),
        ne(introductionFeedback.clientId, userId),
      ),
    );
  const [received] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(contactReleases)
    .where(eq(contactReleases.recipientId, userId));
  return {
    introductionAnswers: answers.length,
    feedback: feedback.length,
    consentLedger: ledger.length,
    keptIntroductions: kept?.n ?? 0,
    keptOtherFeedback: otherFeedback?.n ?? 0,
    keptContactsReceived: received?.n ?? 0,
  };
}

/**
 * Everyone an introduction of the person's connects them with: the other clients and every
 * matchmaker who proposed, answered or asked in one. Notices and mails to them name the person
 * by first name (`candidateName`), which the erasure removes.
 */
export async function introductionPartiesOf(db: Db, userId: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select distinct x.id from introductions i
      join introduction_sides s on s.introduction_id = i.id
      cross join lateral (values (i.client_id), (i.candidate_id), (i.proposed_by), (i.responder_id), (s.matchmaker_id)) as x(id)
     where (i.client_id = ${userId} or i.candidate_id = ${userId}) and x.id <> ${userId}`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows.map((r) => r.id);
}
