import { describe, expect, it } from "vitest";
import type { CandidateFacts } from "./rules.js";
import { type AnswerRow, declineOf, summarize } from "./state.js";

const day = (d: number) => new Date(Date.UTC(2026, 2, d));
const candidate = (city: string | null = null): CandidateFacts => ({
  age: null,
  city,
  educationLevel: null,
  smoking: null,
  alcohol: null,
  familyPlan: null,
  faith: null,
});
const no = (d: number, reason: AnswerRow["reason"] = "AGE"): AnswerRow => ({
  introductionId: `no-${d}`,
  answer: "no",
  reason,
  answeredAt: day(d),
  feedback: null,
  candidate: candidate(),
});
const yes = (d: number, city: string | null = null, feedback: AnswerRow["feedback"] = null): AnswerRow => ({
  introductionId: `yes-${d}`,
  answer: "yes",
  reason: null,
  answeredAt: day(d),
  feedback,
  candidate: candidate(city),
});

describe("[recalibration] declines", () => {
  it("a no with its reason, or 'not again' after a date with what did not fit", () => {
    expect(declineOf(no(1))?.reasons).toEqual(["AGE"]);
    expect(declineOf(no(1, null))).toBeNull();
    const after = yes(1, null, {
      meetAgain: "no",
      reasons: ["DISTANCE", "AGE", "DISTANCE"],
      createdAt: day(5),
    });
    expect(declineOf(after)).toMatchObject({ at: day(5), reasons: ["DISTANCE", "AGE"] });
    expect(declineOf(yes(1, null, { meetAgain: "no", reasons: [], createdAt: day(5) }))).toBeNull();
    expect(declineOf(yes(1, null, { meetAgain: "maybe", reasons: ["AGE"], createdAt: day(5) }))).toBeNull();
    expect(declineOf(yes(1))).toBeNull();
  });

  it("counts every reason in the list's order and keeps the cities of yes answers", () => {
    const s = summarize([no(1, "DISTANCE"), no(2), yes(3, "Tver"), no(4), yes(5, null)], []);
    expect(s.declines).toHaveLength(3);
    expect(s.byReason.map((r) => r.count)).toEqual([0, 2, 1, 0, 0, 0, 0, 0]);
    expect(s.byReason[1]).toEqual({ reason: "AGE", count: 2 });
    expect(s.acceptedCities).toEqual(["Tver"]);
    expect(s.basis.map((d) => d.introductionId)).toEqual(["no-4", "no-2", "no-1"]);
    expect(s.isDue).toBe(true);
  });
});

describe("[recalibration] when the card shows", () => {
  const three = [no(1), no(2), no(3)];

  it("from three declines", () => {
    expect(summarize([no(1), no(2)], []).isDue).toBe(false);
    expect(summarize(three, []).isDue).toBe(true);
  });

  it("an accept starts the count again", () => {
    const s = summarize([...three, no(5), no(6)], [{ action: "accepted", at: day(4) }]);
    expect(s.basis.map((d) => d.introductionId)).toEqual(["no-6", "no-5"]);
    expect(s.isDue).toBe(false);
    expect(summarize([...three, no(5), no(6), no(7)], [{ action: "accepted", at: day(4) }]).isDue).toBe(true);
  });

  it("a dismiss hides it until the next decline", () => {
    const dismissed = [{ action: "dismissed" as const, at: day(4) }];
    expect(summarize(three, dismissed).isDue).toBe(false);
    expect(summarize([...three, yes(5)], dismissed).isDue).toBe(false);
    const again = summarize([...three, no(5)], dismissed);
    expect(again.isDue).toBe(true);
    // The count did not start again: the earlier declines still speak.
    expect(again.basis).toHaveLength(4);
  });
});
