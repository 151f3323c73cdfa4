import { fitScaledLogistic, logit, predictScaled, type ScaledLogistic, sigmoid } from "./logistic.js";
import type { OutcomeLedger, Tally } from "./outcomes.js";
import {
  type AdditiveEffects,
  additiveEffects,
  adjustedSignal,
  type BetaPrior,
  fitBetaPrior,
  MIN_CONTRIBUTORS,
  partnerSignal,
  preferenceSignal,
  priorMean,
  rateSignal,
  shrunkRate,
  tasteSignal,
} from "./signals.js";

// The learning matcher: the questionnaire fit and what outcomes taught, combined into calibrated
// probabilities that one person says yes (`decision`) and that both do (`match`).
//
// - The questionnaire part is a logistic regression on `questionnaireFeatures`, fitted on past
//   outcomes of the whole population (not of these two people).
// - The outcome part reads the ledger: how often the person says yes (selectivity), how often
//   others say yes to the partner (desirability), whether people with the person's taste said yes
//   to the partner (taste), and the person's learned preference weights applied to the pair.
// - A second logistic regression (stacking) weighs these signals, one per decider's group (women
//   and men weigh them differently), fitted on past outcomes where the person had any history
//   (where it applies), so its probabilities are calibrated. Without history, P(yes) is the
//   questionnaire's own (the documented fallback).
// - The match model (both say yes) reads both directions and is applied to every pair: where
//   neither has any history every outcome signal is exactly zero and it reads both
//   questionnaires' log-odds alone, as it learned to weigh them on first meetings.
//
// The fitted parts change only when the population is refitted (rarely, offline); the ledger
// changes with each outcome. Nothing is fitted per request.

export const DECISION_SIGNALS = [
  "questionnaire",
  "selectivity",
  "desirability",
  "taste",
  "preference",
  "partners",
  "selectivityAdjusted",
  "desirabilityAdjusted",
  "ownDesirability",
  "partnerSelectivity",
  "giverEffect",
  "receiverEffect",
  "ownReceiverEffect",
  "partnerGiverEffect",
] as const;
export type DecisionSignalKey = (typeof DECISION_SIGNALS)[number];

/** One person, as the learner needs them: the key of their population group (e.g. gender) and stated weights. */
export type Person = { id: string; group: string; stated: readonly number[] };

/** Population priors per group: how often members give and receive yes. */
export type Priors = { given: Record<string, BetaPrior>; received: Record<string, BetaPrior> };

export type DecisionSignals = {
  values: Record<DecisionSignalKey, number>;
  /** How many different people each signal was built from (the privacy hook). */
  contributors: Record<DecisionSignalKey, number>;
  /** Whether anything is known from outcomes about this direction. */
  history: boolean;
  /** The decider's population group (`Person.group`): which combination weighs their signals. */
  group: string;
};

export type FittedLearner = {
  priors: Priors;
  questionnaireDecision: ScaledLogistic;
  questionnaireMatch: ScaledLogistic;
  /** The combination of all deciders: what the match model reads, and any group without its own. */
  decision: ScaledLogistic;
  /** The combination per decider's group (gender): women and men weigh the signals differently. */
  decisionByGroup: Record<string, ScaledLogistic>;
  match: ScaledLogistic;
};

/** How many leading questionnaire features describe the pair itself (see QUESTIONNAIRE_FEATURES). */
export const MATCH_PAIR_FEATURES = 12;

const FLAT: BetaPrior = { alpha: 1, beta: 1 };

/** Priors from everyone's final tallies in a ledger (or several), grouped by `groupOf`. */
export function fitPriors(ledgers: readonly OutcomeLedger[], groupOf: (id: string) => string): Priors {
  const given = new Map<string, Tally[]>();
  const received = new Map<string, Tally[]>();
  const push = (m: Map<string, Tally[]>, g: string, t: Tally) => {
    const list = m.get(g) ?? [];
    m.set(g, list);
    list.push(t);
  };
  for (const ledger of ledgers) {
    const decidedAbout = new Set<string>();
    for (const id of ledger.deciders()) {
      push(given, groupOf(id), ledger.given(id));
      for (const other of ledger.decisionsBy(id).keys()) decidedAbout.add(other);
    }
    for (const id of [...decidedAbout].sort()) push(received, groupOf(id), ledger.received(id));
  }
  const out: Priors = { given: {}, received: {} };
  for (const [g, list] of given) out.given[g] = fitBetaPrior(list);
  for (const [g, list] of received) out.received[g] = fitBetaPrior(list);
  return out;
}

/** The additive fit of a ledger's current content, kept until the ledger changes. */
const effectsCache = new WeakMap<
  OutcomeLedger,
  { version: number; priors: Priors; effects: AdditiveEffects }
>();

function effectsOf(ledger: OutcomeLedger, priors: Priors, groupOf: (id: string) => string): AdditiveEffects {
  const cached = effectsCache.get(ledger);
  if (cached && cached.version === ledger.version && cached.priors === priors) return cached.effects;
  const effects = additiveEffects(
    ledger,
    (id) => priors.given[groupOf(id)] ?? FLAT,
    (id) => priors.received[groupOf(id)] ?? FLAT,
  );
  effectsCache.set(ledger, { version: ledger.version, priors, effects });
  return effects;
}

/**
 * What the ledger says about `from` deciding about `to`. `minContributors` applies the privacy rule:
 * a signal built from fewer different people than that counts as unknown (0). `ownMinContributors`
 * applies it to `from`'s own answers too, for when `from` is someone else's client (the candidate,
 * in the product's reverse direction): their answers count only from that many on, their answer
 * about `to` left out.
 */
export function decisionSignals(
  ledger: OutcomeLedger,
  priors: Priors,
  from: Person,
  to: Person,
  traits: readonly number[],
  questionnaireProbability: number,
  options: { minContributors?: number; ownMinContributors?: number; groupOf?: (id: string) => string } = {},
): DecisionSignals {
  const min = options.minContributors ?? 0;
  const givenPrior = (group: string) => priors.given[group] ?? FLAT;
  const groupOf = options.groupOf ?? (() => from.group);
  const rateOf = (id: string) => shrunkRate(ledger.given(id), givenPrior(groupOf(id)));
  const given = ledger.given(from.id);
  const received = ledger.received(to.id);
  const ownReceived = ledger.received(from.id);
  // Leaving one answer out of a tally: what the rest of it says.
  const without = (t: Tally, yes: boolean): Tally => ({ n: t.n - 1, yes: t.yes - (yes ? 1 : 0) });
  const ownAnswer = ledger.decisionsBy(from.id).get(to.id);
  const ownEnough =
    (ownAnswer === undefined ? given : without(given, ownAnswer)).n >= (options.ownMinContributors ?? 0);
  // The candidate's own answers to other people: another agency's client, so a signal only from
  // MIN_CONTRIBUTORS answers on (each about a different person) up.
  // Its answer about this client, if any, is left out: it is half of the match being predicted.
  const partnerAnswer = ledger.decisionsBy(to.id).get(from.id);
  const partnerGiven =
    partnerAnswer === undefined ? ledger.given(to.id) : without(ledger.given(to.id), partnerAnswer);
  const effects = effectsOf(ledger, priors, groupOf);
  // What the additive fit expects of an answer: the collaborative signals read what is left.
  const expected = (rater: string, partner: string) =>
    sigmoid(
      logit(priorMean(givenPrior(groupOf(rater)))) +
        (effects.giver.get(rater) ?? 0) +
        (effects.receiver.get(partner) ?? 0),
    );
  const taste = tasteSignal(ledger, from.id, to.id, rateOf, expected);
  const preference = preferenceSignal(ledger, from.id, from.stated, traits);
  const partners = partnerSignal(ledger, from.id, to.id, rateOf, expected);
  const receivedPrior = (group: string) => priors.received[group] ?? FLAT;
  const strength = (p: BetaPrior) => p.alpha + p.beta;
  const selectivityAdjusted = adjustedSignal(
    ledger.decisionsBy(from.id),
    (other, yes) => shrunkRate(without(ledger.received(other), yes), receivedPrior(groupOf(other))),
    strength(givenPrior(from.group)),
  );
  const desirabilityAdjusted = adjustedSignal(
    ledger.decisionsAbout(to.id),
    (other, yes) => shrunkRate(without(ledger.given(other), yes), givenPrior(groupOf(other))),
    strength(receivedPrior(to.group)),
  );
  const values = {
    questionnaire: logit(questionnaireProbability),
    selectivity: ownEnough ? rateSignal(given, givenPrior(from.group)) : 0,
    desirability: received.n >= min ? rateSignal(received, priors.received[to.group] ?? FLAT) : 0,
    taste: taste.contributors >= min ? taste.value : 0,
    preference: given.n > 0 && ownEnough ? preference.value : 0,
    partners: partners.contributors >= min ? partners.value : 0,
    selectivityAdjusted: ownEnough ? selectivityAdjusted : 0,
    desirabilityAdjusted: received.n >= min ? desirabilityAdjusted : 0,
    ownDesirability: ownReceived.n >= min ? rateSignal(ownReceived, receivedPrior(from.group)) : 0,
    partnerSelectivity: partnerGiven.n >= min ? rateSignal(partnerGiven, givenPrior(to.group)) : 0,
    giverEffect: ownEnough ? (effects.giver.get(from.id) ?? 0) : 0,
    receiverEffect: received.n >= min ? (effects.receiver.get(to.id) ?? 0) : 0,
    ownReceiverEffect: ownReceived.n >= min ? (effects.receiver.get(from.id) ?? 0) : 0,
    partnerGiverEffect: partnerGiven.n >= min ? (effects.giver.get(to.id) ?? 0) : 0,
  };
  return {
    values,
    contributors: {
      questionnaire: 0,
      selectivity: 1,
      desirability: received.n,
      taste: taste.contributors,
      preference: 1,
      partners: partners.contributors,
      selectivityAdjusted: 1,
      desirabilityAdjusted: received.n,
      ownDesirability: ownReceived.n,
      partnerSelectivity: partnerGiven.n,
      giverEffect: 1,
      receiverEffect: received.n,
      ownReceiverEffect: ownReceived.n,
      partnerGiverEffect: partnerGiven.n,
    },
    history: (given.n > 0 && ownEnough) || (received.n > 0 && received.n >= min),
    group: from.group,
  };
}

const vector = (s: DecisionSignals) => DECISION_SIGNALS.map((k) => s.values[k]);

/** Examples for fitting: one per decision, with both directions' signals for the match model. */
export type TrainingExample = {
  questionnaire: readonly number[];
  questionnaireBack: readonly number[];
  signals: DecisionSignals;
  signalsBack: DecisionSignals;
  yes: boolean;
  match: boolean;
};

/** The L2 penalty of every fitted regression: a weak, fixed guard against collinear features. */
const L2 = 1e-3;
/**
 * The questionnaire models weigh some thirty correlated answers against a weak outcome: a
 * moderate penalty keeps one wave's quirks out of them.
 */
const QUESTIONNAIRE_L2 = 1e-2;

/**
 * The questionnaire's match model reads the two directions' decision probabilities (log-odds)
 * and the pair's own features (the first PAIR_FEATURES of `questionnaireFeatures`).
 */
function matchInputs(decision: ScaledLogistic, q: readonly number[], back: readonly number[]): number[] {
  return [
    logit(predictScaled(decision, q)),
    logit(predictScaled(decision, back)),
    ...q.slice(0, MATCH_PAIR_FEATURES),
  ];
}

export function fitQuestionnaire(
  examples: readonly Pick<TrainingExample, "questionnaire" | "questionnaireBack" | "yes" | "match">[],
): Pick<FittedLearner, "questionnaireDecision" | "questionnaireMatch"> {
  const decision = fitScaledLogistic(
    examples.map((e) => e.questionnaire),
    examples.map((e) => (e.yes ? 1 : 0)),
    { l2: QUESTIONNAIRE_L2 },
  );
  return {
    questionnaireDecision: decision,
    questionnaireMatch: fitScaledLogistic(
      examples.map((e) => matchInputs(decision, e.questionnaire, e.questionnaireBack)),
      examples.map((e) => (e.match ? 1 : 0)),
      { l2: QUESTIONNAIRE_L2 },
    ),
  };
}

/** Answers a group needs for a combination of its own (some twenty weights fitted on them). */
export const MIN_GROUP_EXAMPLES = 500;

export function fitCombination(
  examples: readonly Pick<TrainingExample, "signals" | "signalsBack" | "yes" | "match">[],
): Pick<FittedLearner, "decision" | "decisionByGroup" | "match"> {
  const fit = (list: typeof examples) =>
    fitScaledLogistic(
      list.map((e) => vector(e.signals)),
      list.map((e) => (e.yes ? 1 : 0)),
      { l2: L2 },
    );
  // P(yes) is the combination's only where the decider has history (else the questionnaire's
  // own): it is fitted on those answers.
  const known = examples.filter((e) => e.signals.history);
  const decision = fit(known);
  // A group's own combination only from enough of its answers; a smaller group (people who gave
  // no gender, say) reads the one fitted on everyone.
  const decisionByGroup: Record<string, ScaledLogistic> = {};
  for (const group of [...new Set(known.map((e) => e.signals.group))].sort()) {
    const own = known.filter((e) => e.signals.group === group);
    if (own.length >= MIN_GROUP_EXAMPLES) decisionByGroup[group] = fit(own);
  }
  return {
    decision,
    decisionByGroup,
    match: fitScaledLogistic(
      examples.map((e) => matchVector(decision, e.signals, e.signalsBack)),
      examples.map((e) => (e.match ? 1 : 0)),
      { l2: L2 },
    ),
  };
}

/**
 * The match model reads both directions' signals (with the combination of all deciders: the
 * per-group ones sharpen each answer but not the match, measured), the log of the product of the two decision
 * probabilities (what "both say yes" would be if the two answers were independent) and the
 * product of the two decision log-odds: the two answers are not independent, and how much a
 * likely yes on one side is worth depends on the other side.
 */
function matchVector(decision: ScaledLogistic, s: DecisionSignals, back: DecisionSignals): number[] {
  const there = predictScaled(decision, vector(s));
  const backAgain = predictScaled(decision, vector(back));
  const both = Math.log(there) + Math.log(backAgain);
  return [...vector(s), ...vector(back), both, logit(there) * logit(backAgain)];
}

export const questionnaireDecision = (
  f: Pick<FittedLearner, "questionnaireDecision">,
  q: readonly number[],
) => predictScaled(f.questionnaireDecision, q);
export const questionnaireMatch = (
  f: Pick<FittedLearner, "questionnaireDecision" | "questionnaireMatch">,
  q: readonly number[],
  back: readonly number[],
) => predictScaled(f.questionnaireMatch, matchInputs(f.questionnaireDecision, q, back));

/** The combination that weighs this decider's signals: their group's, else everyone's. */
const combinationOf = (f: Pick<FittedLearner, "decision" | "decisionByGroup">, s: DecisionSignals) =>
  f.decisionByGroup[s.group] ?? f.decision;

/** P(from says yes to to), with the decider's group's combination. Without history: the questionnaire's probability. */
export function decisionProbability(f: FittedLearner, s: DecisionSignals, questionnaireProbability: number) {
  return s.history ? predictScaled(combinationOf(f, s), vector(s)) : questionnaireProbability;
}

/**
 * P(both say yes), for every pair: without history on either side every outcome signal is 0 and
 * it reads both questionnaires' log-odds alone, as fitted on first meetings (measured: better
 * ranked than the questionnaire's own match model there, 0.662 -> 0.667 in the first third).
 */
export function matchProbability(f: FittedLearner, s: DecisionSignals, back: DecisionSignals) {
  return predictScaled(f.match, matchVector(f.decision, s, back));
}

export type ReasonKey =
  | "questionnaireFit"
  | "questionnaireMisfit"
  | "saysYesOften"
  | "selective"
  | "oftenChosen"
  | "rarelyChosen"
  | "similarTastesSaidYes"
  | "similarTastesSaidNo"
  | "fitsLearnedPreferences"
  | "againstLearnedPreferences"
  | "likePartnersSaidYesTo"
  | "likePartnersSaidNoTo"
  | "clientOftenChosen"
  | "clientRarelyChosen"
  | "partnerSaysYesOften"
  | "partnerSelective";

/** A reason that moved a score, without naming anyone: how far it moved the log-odds, how many people stand behind it. */
export type Reason = { key: ReasonKey; effect: number; contributors: number };

const REASON: Record<DecisionSignalKey, [ReasonKey, ReasonKey]> = {
  questionnaire: ["questionnaireFit", "questionnaireMisfit"],
  selectivity: ["saysYesOften", "selective"],
  desirability: ["oftenChosen", "rarelyChosen"],
  taste: ["similarTastesSaidYes", "similarTastesSaidNo"],
  preference: ["fitsLearnedPreferences", "againstLearnedPreferences"],
  partners: ["likePartnersSaidYesTo", "likePartnersSaidNoTo"],
  selectivityAdjusted: ["saysYesOften", "selective"],
  desirabilityAdjusted: ["oftenChosen", "rarelyChosen"],
  ownDesirability: ["clientOftenChosen", "clientRarelyChosen"],
  partnerSelectivity: ["partnerSaysYesOften", "partnerSelective"],
  giverEffect: ["saysYesOften", "selective"],
  receiverEffect: ["oftenChosen", "rarelyChosen"],
  ownReceiverEffect: ["clientOftenChosen", "clientRarelyChosen"],
  partnerGiverEffect: ["partnerSaysYesOften", "partnerSelective"],
};

/**
 * The signals that moved a decision score, strongest first: each one's effect on the log-odds
 * against an average pair. Signals from others (desirability, taste, the candidate's own answers) are given only when at least
 * MIN_CONTRIBUTORS people stand behind them.
 */
export function decisionReasons(f: FittedLearner, s: DecisionSignals, minEffect = 0.1): Reason[] {
  if (!s.history) return [];
  const { scaler, model } = combinationOf(f, s);
  // Signals that say the same thing (a rate and its adjusted form) are summed into one reason.
  const families = new Map<string, { effect: number; contributors: number; say: [ReasonKey, ReasonKey] }>();
  DECISION_SIGNALS.forEach((key, k) => {
    const fromOthers =
      key === "desirability" ||
      key === "desirabilityAdjusted" ||
      key === "ownDesirability" ||
      key === "receiverEffect" ||
      key === "ownReceiverEffect" ||
      key === "partnerSelectivity" ||
      key === "partnerGiverEffect" ||
      key === "taste" ||
      key === "partners";
    if (fromOthers && s.contributors[key] < MIN_CONTRIBUTORS) return;
    const effect = (model.coef[k]! * (s.values[key] - scaler.mean[k]!)) / scaler.scale[k]!;
    const say = REASON[key];
    const family = families.get(say[0]) ?? { effect: 0, contributors: 0, say };
    family.effect += effect;
    family.contributors = Math.max(family.contributors, s.contributors[key]);
    families.set(say[0], family);
  });
  const out: Reason[] = [];
  for (const { effect, contributors, say } of families.values())
    if (Math.abs(effect) >= minEffect) out.push({ key: effect > 0 ? say[0] : say[1], effect, contributors });
  return out.sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect) || (a.key < b.key ? -1 : 1));
}
