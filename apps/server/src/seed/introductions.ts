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
