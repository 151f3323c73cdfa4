import {
  DECLINE_REASONS,
  type DeclineReason,
  type MeetAgain,
  RECALIBRATION_THRESHOLD,
  type RecalibrationAction,
} from "@matchdesk/contract";
import type { CandidateFacts, Decline } from "./rules.js";

// Which of a client's recent answers are declines, how they count by reason, and whether the card
// shows: declines count from the last accepted recalibration; a dismiss hides the card until a
// decline comes after it. Pure: the service reads the rows, this decides.

/** One of the client's answers in the window (RECALIBRATION_WINDOW), with their feedback if any. */
export type AnswerRow = {
  introductionId: string;
  answer: "yes" | "no";
  reason: DeclineReason | null;
  answeredAt: Date;
  feedback: { meetAgain: MeetAgain; reasons: readonly DeclineReason[]; createdAt: Date } | null;
  candidate: CandidateFacts;
};

export type DecisionRow = { action: RecalibrationAction; at: Date };

/**
 * The client's own decline in one answer: their no with its reason, or, after a yes and a date,
 * "not again" with what did not fit. A no without a reason, or "not again" without one, says
 * nothing a preference could follow and is not counted.
 */
export function declineOf(a: AnswerRow): Decline | null {
  if (a.answer === "no") {
    return a.reason
      ? { introductionId: a.introductionId, at: a.answeredAt, reasons: [a.reason], candidate: a.candidate }
      : null;
  }
  if (a.feedback?.meetAgain === "no" && a.feedback.reasons.length > 0) {
    return {
      introductionId: a.introductionId,
      at: a.feedback.createdAt,
      reasons: [...new Set(a.feedback.reasons)],
      candidate: a.candidate,
    };
  }
  return null;
}

export type Summary = {
  declines: Decline[];
  byReason: { reason: DeclineReason; count: number }[];
  /** The declines since the last accepted recalibration, newest first. */
  basis: Decline[];
  /** Cities of candidates the client said yes to (and did not turn down after a date). */
  acceptedCities: string[];
  /** Enough declines since the last accept, and one of them after the last dismiss. */
  isDue: boolean;
};

const latest = (decisions: readonly DecisionRow[], action: RecalibrationAction) =>
  decisions
    .filter((d) => d.action === action)
    .reduce<Date | null>((max, d) => (max === null || d.at > max ? d.at : max), null);

export function summarize(answers: readonly AnswerRow[], decisions: readonly DecisionRow[]): Summary {
  const declines: Decline[] = [];
  const acceptedCities: string[] = [];
  for (const answer of answers) {
    const decline = declineOf(answer);
    if (decline) declines.push(decline);
    else if (answer.answer === "yes" && answer.candidate.city) acceptedCities.push(answer.candidate.city);
  }
  declines.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.introductionId < b.introductionId ? 1 : -1));
  const counts = new Map<DeclineReason, number>();
  for (const d of declines) for (const r of d.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);

  const accepted = latest(decisions, "accepted");
  const dismissed = latest(decisions, "dismissed");
  const basis = accepted ? declines.filter((d) => d.at > accepted) : declines;
  const newest = basis[0]?.at ?? null;
  const isDue =
    basis.length >= RECALIBRATION_THRESHOLD && newest !== null && (dismissed === null || newest > dismissed);
  return {
    declines,
    byReason: DECLINE_REASONS.map((reason) => ({ reason, count: counts.get(reason) ?? 0 })),
    basis,
    acceptedCities,
    isDue,
  };
}
