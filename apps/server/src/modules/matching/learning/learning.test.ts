import { describe, expect, it } from "vitest";
import {
  fitLogistic,
  fitScaledLogistic,
  predictLogistic,
  predictScaled,
  type ScaledLogistic,
  sigmoid,
} from "./logistic.js";
import { auc, brier, calibrationTable } from "./metrics.js";
import {
  DECISION_SIGNALS,
  type DecisionSignals,
  decisionProbability,
  decisionReasons,
  decisionSignals,
  type FittedLearner,
  fitCombination,
  fitPriors,
  MIN_GROUP_EXAMPLES,
  matchProbability,
  type Person,
  type Priors,
} from "./model.js";
import { type Decision, OutcomeLedger } from "./outcomes.js";
import { additiveEffects, fitBetaPrior, MIN_CONTRIBUTORS, shrunkRate, tasteSignal } from "./signals.js";

function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const TRAITS = 3;
const women = Array.from({ length: 8 }, (_, i) => `w${i}`);
const men = Array.from({ length: 8 }, (_, i) => `m${i}`);
const person = (id: string): Person => ({ id, group: id[0]!, stated: [0.5, 0, 0] });

/** Everyone meets everyone of the other side; traits are halves, so sums are exact. */
function decisions(seed: number): Decision[] {
  const rand = generator(seed);
  const out: Decision[] = [];
  for (let round = 0; round < 8; round++)
    for (let k = 0; k < 8; k++) {
      const w = women[k]!;
      const m = men[(k + round) % 8]!;
      for (const [from, to] of [
        [w, m],
        [m, w],
      ] as const)
        out.push({
          from,
          to,
          yes: rand() < 0.4,
          traits: [Math.round(rand() * 4) / 2 - 1, Math.round(rand() * 4) / 2 - 1, 0.5],
        });
    }
  return out;
}

const priors: Priors = {
  given: { w: { alpha: 2, beta: 3 }, m: { alpha: 2.5, beta: 2.5 } },
  received: { w: { alpha: 2, beta: 3 }, m: { alpha: 2, beta: 3 } },
};

describe("outcome ledger", () => {
  it("updated one outcome at a time equals a full refit on the same outcomes", () => {
    const all = decisions(1);
    const live = new OutcomeLedger(TRAITS);
    for (const d of all) {
      // Scoring between outcomes reads the ledger and must not change it.
      decisionSignals(live, priors, person(d.from), person(d.to), d.traits, 0.3);
      live.record(d);
    }
    const refit = OutcomeLedger.replay(TRAITS, all);
    expect(live.snapshot()).toEqual(refit.snapshot());
    for (const [a, b] of [
      ["w1", "m2"],
      ["m5", "w0"],
      ["w7", "m7"],
    ] as const)
      expect(decisionSignals(live, priors, person(a), person(b), [0.5, -0.5, 0.5], 0.3)).toEqual(
        decisionSignals(refit, priors, person(a), person(b), [0.5, -0.5, 0.5], 0.3),
      );
    expect(live.given("w1").n).toBe(8);
    expect(live.received("m2").n).toBe(8);
  });

  it("a corrected answer replaces the first one", () => {
    const first: Decision = { from: "w1", to: "m1", yes: true, traits: [0.5, 0.5, 0.5] };
    const corrected: Decision = { ...first, yes: false, traits: [-0.5, 0.5, 0.5] };
    const a = OutcomeLedger.replay(TRAITS, [first, corrected]);
    const b = OutcomeLedger.replay(TRAITS, [corrected]);
    expect(a.snapshot()).toEqual(b.snapshot());
    expect(a.given("w1")).toEqual({ n: 1, yes: 0 });
    expect(a.received("m1")).toEqual({ n: 1, yes: 0 });
  });

  it("refuses a decision about oneself or with the wrong traits", () => {
    const l = new OutcomeLedger(TRAITS);
    expect(() => l.record({ from: "w1", to: "w1", yes: true, traits: [0, 0, 0] })).toThrow();
    expect(() => l.record({ from: "w1", to: "m1", yes: true, traits: [0] })).toThrow();
    expect(l.deciders()).toEqual([]);
  });
});

describe("shrinkage and priors", () => {
  it("one answer barely moves a yes-rate; many answers move it far", () => {
    const prior = { alpha: 4, beta: 6 };
    expect(shrunkRate({ n: 0, yes: 0 }, prior)).toBeCloseTo(0.4, 10);
    expect(shrunkRate({ n: 1, yes: 1 }, prior)).toBeCloseTo(5 / 11, 10);
    expect(shrunkRate({ n: 100, yes: 100 }, prior)).toBeGreaterThan(0.9);
  });

  it("the prior is worth more answers when people differ less than chance alone explains", () => {
    const alike = Array.from({ length: 40 }, (_, i) => ({ n: 10, yes: 4 + (i % 3) - 1 }));
    const apart = Array.from({ length: 40 }, (_, i) => ({ n: 10, yes: i % 2 === 0 ? 1 : 8 }));
    const a = fitBetaPrior(alike);
    const b = fitBetaPrior(apart);
    expect(a.alpha / (a.alpha + a.beta)).toBeCloseTo(0.4, 1);
    expect(a.alpha + a.beta).toBeGreaterThan(b.alpha + b.beta);
    expect(b.alpha + b.beta).toBeLessThan(5);
  });

  it("priors are fitted per group from everyone's tallies", () => {
    const ledger = OutcomeLedger.replay(TRAITS, decisions(2));
    const p = fitPriors([ledger], (id) => id[0]!);
    expect(Object.keys(p.given).sort()).toEqual(["m", "w"]);
    expect(Object.keys(p.received).sort()).toEqual(["m", "w"]);
  });
});

describe("similar tastes", () => {
  it("people who answered alike before, and said yes to the partner, raise the score", () => {
    const t = [0, 0, 0];
    const ledger = OutcomeLedger.replay(TRAITS, [
      { from: "w1", to: "m1", yes: true, traits: t },
      { from: "w1", to: "m2", yes: false, traits: t },
      { from: "w2", to: "m1", yes: true, traits: t },
      { from: "w2", to: "m2", yes: false, traits: t },
      { from: "w2", to: "m3", yes: true, traits: t },
      { from: "w3", to: "m1", yes: false, traits: t },
      { from: "w3", to: "m2", yes: true, traits: t },
      { from: "w3", to: "m4", yes: true, traits: t },
    ]);
    const rate = (id: string) => shrunkRate(ledger.given(id), { alpha: 1, beta: 1 });
    const liked = tasteSignal(ledger, "w1", "m3", rate);
    expect(liked.value).toBeGreaterThan(0);
    expect(liked.contributors).toBe(1);
    // w3 answered the opposite way and said yes to m4: that counts against m4 for w1.
    expect(tasteSignal(ledger, "w1", "m4", rate).value).toBeLessThan(0);
    expect(tasteSignal(ledger, "w9", "m3", rate)).toEqual({ value: 0, contributors: 0 });
  });
});

describe("additive effects", () => {
  const given = (id: string) => priors.given[id[0]!]!;
  const received = (id: string) => priors.received[id[0]!]!;

  it("depend on what the ledger holds, not on the order it arrived in", () => {
    const all = decisions(2);
    const forward = additiveEffects(OutcomeLedger.replay(TRAITS, all), given, received);
    const backward = additiveEffects(OutcomeLedger.replay(TRAITS, [...all].reverse()), given, received);
    expect(backward).toEqual(forward);
    expect(forward.giver.size).toBe(16);
    expect(forward.receiver.size).toBe(16);
  });

  it("credit a yes-sayer as a giver and a chosen person as a receiver, corrected for each other", () => {
    // w0 says yes to everyone; m0 gets a yes from everyone; all other answers are no.
    const all: Decision[] = [];
    for (const w of women)
      for (const m of men) all.push({ from: w, to: m, yes: w === "w0" || m === "m0", traits: [0, 0, 0] });
    const e = additiveEffects(OutcomeLedger.replay(TRAITS, all), given, received);
    expect(e.giver.get("w0")!).toBeGreaterThan(e.giver.get("w1")!);
    expect(e.receiver.get("m0")!).toBeGreaterThan(e.receiver.get("m1")!);
    // Nobody decided about the women here: they have no receiver effect.
    expect(e.receiver.has("w0")).toBe(false);
  });
});

describe("combined model", () => {
  const identity = (d: number): ScaledLogistic => ({
    scaler: { mean: new Array(d).fill(0), scale: new Array(d).fill(1) },
    model: { intercept: 0, coef: new Array(d).fill(1) },
  });
  const fitted: FittedLearner = {
    priors,
    questionnaireDecision: identity(1),
    questionnaireMatch: identity(1),
    decision: identity(DECISION_SIGNALS.length),
    decisionByGroup: {},
    match: identity(2 * DECISION_SIGNALS.length + 2),
  };

  it("falls back to the questionnaire's probability where nobody has any history", () => {
    const ledger = new OutcomeLedger(TRAITS);
    const s = decisionSignals(ledger, priors, person("w1"), person("m1"), [0, 0, 0], 0.27);
    expect(s.history).toBe(false);
    expect(decisionProbability(fitted, s, 0.27)).toBe(0.27);
    expect(decisionReasons(fitted, s)).toEqual([]);
    // The match model reads every pair: here both questionnaires' log-odds alone.
    for (const key of DECISION_SIGNALS) if (key !== "questionnaire") expect(s.values[key]).toBe(0);
    expect(matchProbability(fitted, s, s)).toBeGreaterThan(0);
  });

  it("weighs a decider's signals with their group's combination, else everyone's", () => {
    const ledger = OutcomeLedger.replay(TRAITS, decisions(3));
    const s = decisionSignals(ledger, priors, person("w1"), person("m2"), [0, 0, 0.5], 0.3);
    expect(s.history).toBe(true);
    expect(s.group).toBe(person("w1").group);
    const own = identity(DECISION_SIGNALS.length);
    own.model.intercept = 1;
    const grouped: FittedLearner = { ...fitted, decisionByGroup: { [s.group]: own } };
    const logOdds = (p: number) => Math.log(p / (1 - p));
    expect(
      logOdds(decisionProbability(grouped, s, 0.3)) - logOdds(decisionProbability(fitted, s, 0.3)),
    ).toBeCloseTo(1, 9);
    const other: FittedLearner = { ...fitted, decisionByGroup: { "gender:other": own } };
    expect(decisionProbability(other, s, 0.3)).toBe(decisionProbability(fitted, s, 0.3));
  });

  it("explains a score by kinds of reasons, never by who, and hides what too few people stand behind", () => {
    const ledger = OutcomeLedger.replay(TRAITS, decisions(3));
    const s = decisionSignals(ledger, priors, person("w1"), person("m2"), [0, 0, 0.5], 0.3);
    expect(s.history).toBe(true);
    const reasons = decisionReasons(fitted, s, 0);
    expect(reasons.length).toBeGreaterThan(0);
    // A rate and its adjusted form make one reason, not two.
    expect(new Set(reasons.map((r) => r.key)).size).toBe(reasons.length);
    for (const r of reasons) {
      expect(Object.keys(r).sort()).toEqual(["contributors", "effect", "key"]);
      expect(JSON.stringify(r)).not.toMatch(/[wm]\d/);
    }
    // Built from 8 people: shown. The same signals with fewer contributors are withheld.
    expect(s.contributors.desirability).toBe(8);
    expect(reasons.some((r) => r.key === "oftenChosen" || r.key === "rarelyChosen")).toBe(
      Math.abs(s.values.desirability) > 0,
    );
    const few = {
      ...s,
      contributors: {
        ...s.contributors,
        desirability: MIN_CONTRIBUTORS - 1,
        desirabilityAdjusted: MIN_CONTRIBUTORS - 1,
        receiverEffect: MIN_CONTRIBUTORS - 1,
      },
    };
    expect(
      decisionReasons(fitted, few, 0).some((r) => r.key === "oftenChosen" || r.key === "rarelyChosen"),
    ).toBe(false);
  });

  it("the privacy hook drops signals built from fewer people than required", () => {
    const ledger = OutcomeLedger.replay(TRAITS, decisions(4).slice(0, 6));
    const open = decisionSignals(ledger, priors, person("w3"), person("m3"), [0, 0, 0], 0.3);
    const strict = decisionSignals(ledger, priors, person("w3"), person("m3"), [0, 0, 0], 0.3, {
      minContributors: MIN_CONTRIBUTORS,
    });
    expect(open.contributors.desirability).toBeLessThan(MIN_CONTRIBUTORS);
    expect(strict.values.desirability).toBe(0);
    expect(strict.values.taste).toBe(0);
    expect(strict.values.partners).toBe(0);
    expect(strict.values.receiverEffect).toBe(0);
  });

  it("reads the candidate's own answers to others only once enough of them are behind it", () => {
    // m3's answers: to four women, then to a fifth. The signal is about another agency's client.
    const answers = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        from: "m3",
        to: `w${i + 10}`,
        yes: i !== 1,
        traits: [0, 0, 0],
      }));
    const strictOf = (n: number) =>
      decisionSignals(
        OutcomeLedger.replay(TRAITS, answers(n)),
        priors,
        person("w1"),
        person("m3"),
        [0, 0, 0],
        0.3,
        {
          minContributors: MIN_CONTRIBUTORS,
        },
      );
    const few = strictOf(MIN_CONTRIBUTORS - 1);
    expect(few.contributors.partnerSelectivity).toBe(MIN_CONTRIBUTORS - 1);
    expect(few.values.partnerSelectivity).toBe(0);
    expect(few.values.partnerGiverEffect).toBe(0);
    const enough = strictOf(MIN_CONTRIBUTORS + 1);
    expect(enough.contributors.partnerSelectivity).toBe(MIN_CONTRIBUTORS + 1);
    expect(enough.values.partnerSelectivity).not.toBe(0);
    // The reasons withhold it below the rule whatever the caller's setting.
    const open = decisionSignals(
      OutcomeLedger.replay(TRAITS, answers(MIN_CONTRIBUTORS - 1)),
      priors,
      person("w1"),
      person("m3"),
      [0, 0, 0],
      0.3,
    );
    expect(open.values.partnerSelectivity).not.toBe(0);
    const partnerKeys = ["partnerSaysYesOften", "partnerSelective"];
    expect(decisionReasons(fitted, open, 0).some((r) => partnerKeys.includes(r.key))).toBe(false);
  });
});

describe("logistic regression", () => {
  it("recovers the coefficients that generated the data", () => {
    const rand = generator(5);
    const xs: number[][] = [];
    const ys: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const x = [rand() * 4 - 2, rand() * 4 - 2];
      xs.push(x);
      ys.push(rand() < sigmoid(-0.5 + 1.5 * x[0]! - 2 * x[1]!) ? 1 : 0);
    }
    const m = fitLogistic(xs, ys, { l2: 0 });
    expect(m.intercept).toBeCloseTo(-0.5, 0);
    expect(m.coef[0]).toBeGreaterThan(1.3);
    expect(m.coef[0]).toBeLessThan(1.7);
    expect(m.coef[1]).toBeGreaterThan(-2.2);
    expect(m.coef[1]).toBeLessThan(-1.8);
    expect(fitLogistic(xs, ys, { l2: 0 })).toEqual(m);
    expect(predictLogistic(m, [0, 0])).toBeCloseTo(sigmoid(m.intercept), 12);
  });

  it("reads an unknown (NaN) feature as the mean of the known ones, fitted with the model", () => {
    const rand = generator(6);
    const xs: number[][] = [];
    const ys: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const x = [rand() * 4 - 2, rand() * 4];
      ys.push(rand() < sigmoid(0.3 + x[0]! + x[1]!) ? 1 : 0);
      // A third of the second feature is unanswered.
      xs.push(i % 3 === 0 ? [x[0]!, Number.NaN] : x);
    }
    const m = fitScaledLogistic(xs, ys);
    const known = xs.filter((x) => !Number.isNaN(x[1]!)).map((x) => x[1]!);
    const mean = known.reduce((a, b) => a + b, 0) / known.length;
    expect(m.scaler.mean[1]).toBeCloseTo(mean, 12);
    expect(Number.isFinite(m.model.coef[1]!)).toBe(true);
    expect(m.model.coef[1]).toBeGreaterThan(0.5);
    expect(predictScaled(m, [1, Number.NaN])).toBeCloseTo(predictScaled(m, [1, mean]), 12);
    expect(predictScaled(m, [1, Number.NaN])).toBeLessThan(predictScaled(m, [1, mean + 1]));
  });
});

describe("metrics", () => {
  it("AUC, Brier score and calibration bins", () => {
    expect(auc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(auc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
    expect(auc([0.5, 0.5, 0.5, 0.5], [0, 1, 0, 1])).toBe(0.5);
    expect(auc([0.1, 0.2], [1, 1])).toBe(0.5);
    expect(brier([0, 1, 0.5], [0, 1, 1])).toBeCloseTo(0.25 / 3, 12);
    const table = calibrationTable([0.05, 0.15, 0.15, 1], [0, 1, 0, 1]);
    expect(table).toHaveLength(10);
    expect(table[1]).toEqual({ from: 0.1, to: 0.2, count: 2, predicted: 0.15, observed: 0.5 });
    expect(table[9]!.count).toBe(1);
  });
});

describe("[learning] a group's own combination", () => {
  /** Answers of one group, with history: the signals are noise around a yes-rate. */
  function answers(group: string, n: number, seed: number) {
    const rand = generator(seed);
    const signals = (): DecisionSignals => ({
      values: Object.fromEntries(DECISION_SIGNALS.map((k) => [k, rand() - 0.5])) as DecisionSignals["values"],
      contributors: Object.fromEntries(
        DECISION_SIGNALS.map((k) => [k, 10]),
      ) as DecisionSignals["contributors"],
      history: true,
      group,
    });
    return Array.from({ length: n }, () => {
      const s = signals();
      const yes = rand() < 0.3 + s.values.selectivity;
      return { signals: s, signalsBack: signals(), yes, match: yes && rand() < 0.4 };
    });
  }

  it("is fitted from MIN_GROUP_EXAMPLES answers of the group, and read from everyone's below", () => {
    const fitted = fitCombination([
      ...answers("w", MIN_GROUP_EXAMPLES, 1),
      ...answers("m", MIN_GROUP_EXAMPLES - 1, 2),
    ]);
    expect(Object.keys(fitted.decisionByGroup)).toEqual(["w"]);
    expect(fitted.decisionByGroup.w).not.toEqual(fitted.decision);
  });

  it("counts only answers with history", () => {
    const withoutHistory = answers("w", MIN_GROUP_EXAMPLES, 3).map((a, i) =>
      i === 0 ? { ...a, signals: { ...a.signals, history: false } } : a,
    );
    expect(Object.keys(fitCombination(withoutHistory).decisionByGroup)).toEqual([]);
  });
});
