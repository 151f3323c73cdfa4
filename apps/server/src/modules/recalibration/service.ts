import { createHash } from "node:crypto";
import {
  type AcceptRecalibrationBody,
  ageOn,
  DeclineReason,
  type DismissRecalibrationBody,
  type ProfileFields,
  RECALIBRATION_WINDOW,
  RecalibrationChange,
  type RecalibrationProposal,
  type RecalibrationRecord,
  type RecalibrationView,
} from "@matchdesk/contract";
import { and, desc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  clientProfiles,
  introductionFeedback,
  introductionSides,
  introductions,
  recalibrations,
  users,
} from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { badRequest, conflict } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { getOwnClient } from "../clients/service.js";
import { resolveDisplay } from "../profiles/public.js";
import { readClientProfile, writeClientProfile } from "../profiles/service.js";
import type { UserRow } from "../users/service.js";
import { type CandidateFacts, preferencePatch, proposeChanges } from "./rules.js";
import { type AnswerRow, type DecisionRow, summarize } from "./state.js";

const DAY_MS = 86_400_000;
const HISTORY_SIZE = 10;

const reasonOf = (value: string | null) => {
  const parsed = DeclineReason.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * What the client's matchmaker may know of each candidate: everything of their own clients; of
 * another agency's client only what its display settings show (what the introduction showed).
 */
async function candidateFacts(
  db: Db,
  client: UserRow,
  rows: readonly { candidateId: string; at: Date }[],
): Promise<Map<string, (at: Date) => CandidateFacts>> {
  const ids = [...new Set(rows.map((r) => r.candidateId))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, inviterId: users.inviterId, profile: clientProfiles })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(inArray(users.id, ids));
  return new Map(
    found.map(({ id, inviterId, profile }) => {
      const isOwn = inviterId !== null && inviterId === client.inviterId;
      const shown = resolveDisplay(profile?.displaySettings ?? {});
      const may = (field: keyof typeof shown) => isOwn || shown[field];
      const pick = <T>(field: keyof typeof shown, value: T | null | undefined): T | null =>
        may(field) ? (value ?? null) : null;
      return [
        id,
        (at: Date): CandidateFacts => ({
          age: may("age") && profile?.dateOfBirth ? ageOn(profile.dateOfBirth, at) : null,
          city: pick("city", profile?.city?.trim() || null),
          educationLevel: pick("educationLevel", profile?.educationLevel as ProfileFields["educationLevel"]),
          smoking: pick("smoking", profile?.smoking as ProfileFields["smoking"]),
          alcohol: pick("alcohol", profile?.alcohol as ProfileFields["alcohol"]),
          familyPlan: pick("familyPlan", profile?.familyPlan as ProfileFields["familyPlan"]),
          // Faith is not a displayable field: only a client of the same agency tells it.
          faith: isOwn ? ((profile?.faith ?? null) as ProfileFields["faith"]) : null,
        }),
      ];
    }),
  );
}

/** The client's last answers in the window, each with their feedback and the candidate's facts. */
async function recentAnswers(db: Db, client: UserRow, now: Date): Promise<AnswerRow[]> {
  const since = new Date(now.getTime() - RECALIBRATION_WINDOW.days * DAY_MS);
  const rows = await db
    .select({
      introductionId: introductionSides.introductionId,
      answer: introductionSides.answer,
      reason: introductionSides.reason,
      answeredAt: introductionSides.answeredAt,
      clientId: introductions.clientId,
      candidateId: introductions.candidateId,
      meetAgain: introductionFeedback.meetAgain,
      feedbackReasons: introductionFeedback.reasons,
      feedbackAt: introductionFeedback.createdAt,
    })
    .from(introductionSides)
    .innerJoin(introductions, eq(introductions.id, introductionSides.introductionId))
    .leftJoin(
      introductionFeedback,
      and(
        eq(introductionFeedback.introductionId, introductionSides.introductionId),
        eq(introductionFeedback.clientId, introductionSides.clientId),
      ),
    )
    .where(
      and(
        eq(introductionSides.clientId, client.id),
        isNotNull(introductionSides.answer),
        gte(introductionSides.answeredAt, since),
      ),
    )
    .orderBy(desc(introductionSides.answeredAt), desc(introductionSides.introductionId))
    .limit(RECALIBRATION_WINDOW.answers);
  const withOther = rows.map((r) => ({
    ...r,
    otherId: r.clientId === client.id ? r.candidateId : r.clientId,
    at: r.answeredAt!,
  }));
  const facts = await candidateFacts(
    db,
    client,
    withOther.map((r) => ({ candidateId: r.otherId, at: r.at })),
  );
  const unknown = (): CandidateFacts => ({
    age: null,
    city: null,
    educationLevel: null,
    smoking: null,
    alcohol: null,
    familyPlan: null,
    faith: null,
  });
  return withOther.map((r) => ({
    introductionId: r.introductionId,
    answer: r.answer!,
    reason: reasonOf(r.reason),
    answeredAt: r.at,
    feedback:
      r.meetAgain && r.feedbackAt
        ? {
            meetAgain: r.meetAgain,
            reasons: (r.feedbackReasons ?? []).map(reasonOf).filter((x) => x !== null),
            createdAt: r.feedbackAt,
          }
        : null,
    candidate: (facts.get(r.otherId) ?? unknown)(r.at),
  }));
}

/** A name for exactly this proposal: its declines and its changes. */
function versionOf(basis: readonly { introductionId: string; at: Date }[], proposal: object): string {
  const key = JSON.stringify({
    basis: basis.map((d) => [d.introductionId, d.at.toISOString()]),
    proposal,
  });
  return createHash("sha256").update(key).digest("base64url").slice(0, 22);
}

async function history(db: Db, clientId: string) {
  return db
    .select({
      id: recalibrations.id,
      action: recalibrations.action,
      changes: recalibrations.changes,
      declines: recalibrations.declines,
      createdAt: recalibrations.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(recalibrations)
    .leftJoin(users, eq(users.id, recalibrations.actorId))
    .where(eq(recalibrations.clientId, clientId))
    .orderBy(desc(recalibrations.createdAt), desc(recalibrations.id));
}

type State = { view: RecalibrationView; proposal: RecalibrationProposal | null };

async function computeState(db: Db, client: UserRow, now: Date): Promise<State> {
  const [answers, records, profile] = await Promise.all([
    recentAnswers(db, client, now),
    history(db, client.id),
    readClientProfile(db, client.id),
  ]);
  const decisions: DecisionRow[] = records.map((r) => ({ action: r.action, at: r.createdAt }));
  const summary = summarize(answers, decisions);
  let proposal: RecalibrationProposal | null = null;
  if (summary.isDue) {
    const { changes, notes } = proposeChanges({
      client: {
        age: profile.fields.dateOfBirth ? ageOn(profile.fields.dateOfBirth, now) : null,
        city: profile.fields.city,
      },
      preferences: profile.preferences,
      declines: summary.basis,
      acceptedCities: summary.acceptedCities,
    });
    proposal = {
      version: versionOf(summary.basis, { changes, notes }),
      declines: summary.basis.length,
      changes,
      notes,
    };
  }
  const recent: RecalibrationRecord[] = records.slice(0, HISTORY_SIZE).map((r) => ({
    id: r.id,
    action: r.action,
    // Written by this module from the contract's type; read back through it all the same.
    changes: r.changes.flatMap((c) => {
      const parsed = RecalibrationChange.safeParse(c);
      return parsed.success ? [parsed.data] : [];
    }),
    declines: r.declines,
    byName: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ""}`.trim(),
    at: r.createdAt.toISOString(),
  }));
  return {
    proposal,
    view: {
      answers: answers.length,
      declines: summary.declines.length,
      byReason: summary.byReason,
      sinceAccepted: summary.basis.length,
      proposal,
      history: recent,
    },
  };
}

/** The client's declines by reason over their recent introductions and, when due, the proposal. */
export async function getRecalibration(db: Db, caller: SessionUser, clientId: string) {
  const client = await getOwnClient(db, caller, clientId);
  return (await computeState(db, client, new Date())).view;
}

/**
 * Checks the proposal the caller saw is still the one due, under a lock on the client (the same
 * first lock a questionnaire save takes), so two accepts or an accept and a dismiss cannot both
 * pass; then `act` writes.
 */
async function decide(
  db: Db,
  client: UserRow,
  version: string,
  act: (tx: Db, proposal: RecalibrationProposal, now: Date) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, client.id)).for("no key update");
    const now = new Date();
    const { proposal } = await computeState(tx, client, now);
    if (!proposal) throw conflict("RECALIBRATION_NOT_AVAILABLE", "No recalibration is proposed");
    if (proposal.version !== version) {
      throw conflict("RECALIBRATION_CHANGED", "The proposal changed: read it again");
    }
    await act(tx, proposal, now);
  });
  return (await computeState(db, client, new Date())).view;
}

/**
 * Applies the proposal's changes (all, or the chosen `fields`) to the client's preferences through
 * the profiles module, and records the accept: the client's recalibration history.
 */
export async function acceptRecalibration(
  db: Db,
  caller: SessionUser,
  clientId: string,
  body: AcceptRecalibrationBody,
) {
  const client = await getOwnClient(db, caller, clientId);
  return decide(db, client, body.version, async (tx, proposal, now) => {
    if (proposal.changes.length === 0) {
      throw conflict("RECALIBRATION_NOT_AVAILABLE", "The proposal has no change to apply");
    }
    const offered = new Set(proposal.changes.map((c) => c.field));
    const stray = (body.fields ?? []).filter((f) => !offered.has(f));
    if (stray.length > 0) {
      throw badRequest("VALIDATION_FAILED", "The request is not valid", {
        fields: [`Not part of the proposal: ${stray.join(", ")}`],
      });
    }
    const chosen = body.fields
      ? proposal.changes.filter((c) => body.fields!.includes(c.field))
      : proposal.changes;
    await writeClientProfile(tx, client, { preferences: preferencePatch(chosen) });
    await tx.insert(recalibrations).values({
      id: newId(),
      clientId: client.id,
      action: "accepted",
      changes: chosen,
      declines: proposal.declines,
      actorId: caller.id,
      createdAt: now,
    });
  });
}

/** Hides the proposal until the client's next decline, and records the dismiss. */
export async function dismissRecalibration(
  db: Db,
  caller: SessionUser,
  clientId: string,
  body: DismissRecalibrationBody,
) {
  const client = await getOwnClient(db, caller, clientId);
  return decide(db, client, body.version, async (tx, proposal, now) => {
    await tx.insert(recalibrations).values({
      id: newId(),
      clientId: client.id,
      action: "dismissed",
      changes: proposal.changes,
      declines: proposal.declines,
      actorId: caller.id,
      createdAt: now,
    });
  });
}
