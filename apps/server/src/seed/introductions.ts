import type { ClientAnswer, DeclineReason, IntroductionStatus } from "@matchdesk/contract";
import type { Db } from "../db/client.js";
import { introductionSides, introductions } from "../db/schema/index.js";
import { newId } from "../platform/ids.js";

export type SeedSide = {
  clientId: string;
  matchmakerId: string;
  askedAt?: Date;
  answer?: ClientAnswer;
  reason?: DeclineReason;
  answeredAt?: Date;
};

/**
 * An introduction in any state with both client sides, written directly as a fixture (tests and
 * demo data); the product moves introductions only through `modules/introductions`.
 */
export async function seedIntroduction(
  db: Db,
  o: {
    client: SeedSide;
    candidate: SeedSide;
    status: IntroductionStatus;
    introducedAt?: Date;
    createdAt?: Date;
    dateStartsAt?: Date;
    datePlace?: string;
  },
) {
  const id = newId();
  const pairKey =
    o.client.clientId < o.candidate.clientId
      ? `${o.client.clientId}:${o.candidate.clientId}`
      : `${o.candidate.clientId}:${o.client.clientId}`;
  const createdAt = o.createdAt ?? new Date();
  const [row] = await db
    .insert(introductions)
    .values({
      id,
      clientId: o.client.clientId,
      candidateId: o.candidate.clientId,
      pairKey,
      proposedBy: o.client.matchmakerId,
      responderId: o.candidate.matchmakerId,
      status: o.status,
      introducedAt: o.introducedAt ?? null,
      dateStartsAt: o.dateStartsAt ?? null,
      datePlace: o.datePlace ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await db.insert(introductionSides).values(
    [o.client, o.candidate].map((s) => ({
      introductionId: id,
      clientId: s.clientId,
      matchmakerId: s.matchmakerId,
      askedAt: s.askedAt ?? (s.answer ? createdAt : null),
      answer: s.answer ?? null,
      reason: s.reason ?? null,
      answeredAt: s.answeredAt ?? (s.answer ? createdAt : null),
    })),
  );
  return row!;
}

export type BulkIntroduction = {
  clientId: string;
  candidateId: string;
  proposedBy: string;
  responderId: string;
  status: IntroductionStatus;
  /** Both clients asked then (open questions when unanswered). */
  askedAt?: Date;
  expiresAt?: Date;
  remindersSent?: number;
  matchmakerAlerted?: boolean;
  nextNudgeAt?: Date | null;
  updatedAt?: Date;
};

/** Many introductions with their two sides, in batches (the bench). */
export async function seedManyIntroductions(db: Db, rows: readonly BulkIntroduction[]) {
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows.slice(start, start + 1000).map((r) => ({ ...r, id: newId() }));
    await db.insert(introductions).values(
      batch.map((r) => ({
        id: r.id,
        clientId: r.clientId,
        candidateId: r.candidateId,
        pairKey:
          r.clientId < r.candidateId ? `${r.clientId}:${r.candidateId}` : `${r.candidateId}:${r.clientId}`,
        proposedBy: r.proposedBy,
        responderId: r.responderId,
        status: r.status,
        createdAt: r.updatedAt ?? new Date(),
        updatedAt: r.updatedAt ?? new Date(),
      })),
    );
    await db.insert(introductionSides).values(
      batch.flatMap((r) =>
        [
          [r.clientId, r.proposedBy],
          [r.candidateId, r.responderId],
        ].map(([clientId, matchmakerId]) => ({
          introductionId: r.id,
          clientId: clientId!,
          matchmakerId: matchmakerId!,
          askedAt: r.askedAt ?? null,
          expiresAt: r.expiresAt ?? null,
          remindersSent: r.remindersSent ?? 0,
          matchmakerAlerted: r.matchmakerAlerted ?? false,
          nextNudgeAt: r.nextNudgeAt ?? null,
        })),
      ),
    );
  }
}
