import { logit } from "./logistic.js";
import type { OutcomeLedger, Tally } from "./outcomes.js";

// The signals the ledger gives about a pair before they meet. Each is shrunk towards the
// population, so a single answer moves it a little and many answers move it a lot, and each says
// how many different people contributed to it (the privacy rule: a signal built from other
// agencies' clients is used only when at least MIN_CONTRIBUTORS people stand behind it).

/** Fewest different people a signal built from others' decisions needs before it may be shown or used across agencies. */
export const MIN_CONTRIBUTORS = 5;

/** A Beta(alpha, beta) prior on a yes-rate: alpha + beta is how many answers it weighs as. */
export type BetaPrior = { alpha: number; beta: number };

/**
 * Empirical Bayes (method of moments): the spread of people's yes-rates beyond what chance alone
 * gives is the spread of the prior. People with fewer than two answers say nothing about spread.
 * With no spread beyond chance the prior is worth many answers (little is learned per person).
 */
export function fitBetaPrior(tallies: Iterable<Tally>): BetaPrior {
  let totalN = 0;
  let totalYes = 0;
  const list: Tally[] = [];
  for (const t of tallies)
    if (t.n >= 2) {
      list.push(t);
      totalN += t.n;
      totalYes += t.yes;
    }
  if (list.length < 2 || totalN === 0) return { alpha: 1, beta: 1 };
  const m = Math.min(0.99, Math.max(0.01, totalYes / totalN));
  let spread = 0;
  let chance = 0;
  for (const t of list) {
    spread += (t.yes / t.n - m) ** 2;
    chance += (m * (1 - m)) / t.n;
  }
  const between = Math.max(1e-4, (spread - chance) / list.length);
  const strength = Math.min(1000, Math.max(1, (m * (1 - m)) / between - 1));
  return { alpha: m * strength, beta: (1 - m) * strength };
}

export const priorMean = (p: BetaPrior) => p.alpha / (p.alpha + p.beta);

/** The posterior mean yes-rate: (yes + alpha) / (n + alpha + beta). */
export const shrunkRate = (t: Tally, p: BetaPrior) => (t.yes + p.alpha) / (t.n + p.alpha + p.beta);

/** The shrunk rate as a log-odds difference from the population: 0 when nothing is known. */
export const rateSignal = (t: Tally, p: BetaPrior) => logit(shrunkRate(t, p)) - logit(priorMean(p));

export type Signal = { value: number; contributors: number };

/** How many shared answers a likeness of taste weighs against: few shared answers, little likeness. */
export const TASTE_SHRINK = 5;

/**
 * Similar tastes (user-based collaborative filtering): people who answered like `from` about the
 * same earlier partners, and what they answered about `to`. Likeness is the centred agreement of
 * two people's answers on partners both met (each answer minus that person's own shrunk yes-rate),
 * shrunk by shared / (shared + TASTE_SHRINK). The signal is the likeness-weighted mean of the
 * others' centred answers about `to`: positive when people with `from`'s taste said yes to `to`
 * more than they usually do.
 */
export function tasteSignal(
  ledger: OutcomeLedger,
  from: string,
  to: string,
  rateOf: (id: string) => number,
  expected: (rater: string, partner: string) => number = (rater) => rateOf(rater),
): Signal {
  const mine = ledger.decisionsBy(from);
  if (mine.size === 0) return { value: 0, contributors: 0 };
  let num = 0;
  let den = 0;
  let contributors = 0;
  for (const [other, said] of ledger.decisionsAbout(to)) {
    if (other === from) continue;
    const theirs = ledger.decisionsBy(other);
    let dot = 0;
    let a2 = 0;
    let b2 = 0;
    let shared = 0;
    for (const [partner, yes] of mine) {
      const t = theirs.get(partner);
      if (t === undefined || partner === to) continue;
      const a = (yes ? 1 : 0) - expected(from, partner);
      const b = (t ? 1 : 0) - expected(other, partner);
      dot += a * b;
      a2 += a * a;
      b2 += b * b;
      shared++;
    }
    if (shared === 0 || a2 === 0 || b2 === 0) continue;
    const likeness = (dot / Math.sqrt(a2 * b2)) * (shared / (shared + TASTE_SHRINK));
    num += likeness * ((said ? 1 : 0) - expected(other, to));
    den += Math.abs(likeness);
    contributors++;
  }
  return { value: den > 0 ? num / (den + 1) : 0, contributors };
}

/** How many answers the stated preferences weigh as, against the client's own answers. */
export const STATED_WEIGHT = 10;

/**
 * Preference weights learned from the client's own yes and no, starting from what they stated:
 * for each pair trait, how much more of it the partners they said yes to had than all partners
 * they met (the covariance of answer and trait), blended with the stated weight as if the stated
 * weight were STATED_WEIGHT earlier answers. Exact from running sums, so incremental.
 */
export function learnedWeights(ledger: OutcomeLedger, from: string, stated: readonly number[]): number[] {
  const p = ledger.preferences(from);
  const w = STATED_WEIGHT / (STATED_WEIGHT + p.n);
  return stated.map((s, k) => {
    if (p.n === 0) return s;
    const cov = p.sumYes[k]! / p.n - (p.yes / p.n) * (p.sum[k]! / p.n);
    return w * s + (1 - w) * 4 * cov; // 4 = 1 / (0.5 * 0.5): a covariance on the scale of a weight
  });
}

/** The client's learned weights applied to this pair's traits. */
export function preferenceSignal(
  ledger: OutcomeLedger,
  from: string,
  stated: readonly number[],
  traits: readonly number[],
): Signal {
  const w = learnedWeights(ledger, from, stated);
  let value = 0;
  for (let k = 0; k < w.length; k++) value += w[k]! * traits[k]!;
  return { value, contributors: 1 };
}

/**
 * Partners alike (item-based collaborative filtering): partners `from` already answered about
 * who were liked and passed over by the same people as `to`. Likeness of two partners is the
 * centred agreement of the people who answered about both (each answer minus that person's own
 * shrunk yes-rate), shrunk like `tasteSignal`. The signal is the likeness-weighted mean of
 * `from`'s own centred answers about those partners.
 */
export function partnerSignal(
  ledger: OutcomeLedger,
  from: string,
  to: string,
  rateOf: (id: string) => number,
  expected: (rater: string, partner: string) => number = (rater) => rateOf(rater),
): Signal {
  const mine = ledger.decisionsBy(from);
  const raters = ledger.decisionsAbout(to);
  if (mine.size === 0 || raters.size === 0) return { value: 0, contributors: 0 };
  const people = new Set<string>();
  let num = 0;
  let den = 0;
  for (const [partner, yes] of mine) {
    if (partner === to) continue;
    const other = ledger.decisionsAbout(partner);
    let dot = 0;
    let a2 = 0;
    let b2 = 0;
    let shared = 0;
    const seen: string[] = [];
    for (const [rater, saidTo] of raters) {
      if (rater === from) continue;
      const saidOther = other.get(rater);
      if (saidOther === undefined) continue;
      const a = (saidTo ? 1 : 0) - expected(rater, to);
      const b = (saidOther ? 1 : 0) - expected(rater, partner);
      dot += a * b;
      a2 += a * a;
      b2 += b * b;
      shared++;
      seen.push(rater);
    }
    if (shared === 0 || a2 === 0 || b2 === 0) continue;
    const likeness = (dot / Math.sqrt(a2 * b2)) * (shared / (shared + TASTE_SHRINK));
    num += likeness * ((yes ? 1 : 0) - expected(from, partner));
    den += Math.abs(likeness);
    for (const p of seen) people.add(p);
  }
  return { value: den > 0 ? num / (den + 1) : 0, contributors: people.size };
}

/**
 * A yes-rate corrected for whom the answers were about (one backfitting step of an additive
 * model): the mean of each answer minus what was expected of it from the other side's shrunk
 * rate, shrunk towards 0 by `prior` answers. For selectivity the expectation is each partner's
 * received rate, for desirability each decider's given rate (both leaving out this answer).
 */
export function adjustedSignal(
  answers: ReadonlyMap<string, boolean>,
  expected: (other: string, yes: boolean) => number,
  prior: number,
): number {
  let sum = 0;
  for (const [other, yes] of answers) sum += (yes ? 1 : 0) - expected(other, yes);
  return sum / (answers.size + prior);
}

/** Each person's effects in the additive model of the ledger's answers (`additiveEffects`). */
export type AdditiveEffects = { giver: Map<string, number>; receiver: Map<string, number> };

/** How many sweeps the additive fit makes; each is a Newton step per person, so a few suffice. */
const ADDITIVE_SWEEPS = 8;

/**
 * The joint fit of every answer in the ledger as logit P(a says yes to b) = base(a's group) +
 * giver(a) + receiver(b): how freely a says yes and how much b is wanted, each corrected for
 * everyone else's, where `adjustedSignal` makes one backfitting step. Each effect has a Gaussian
 * prior whose precision is the group's Beta prior strength times m (1 - m) (the same population
 * prior the rates are shrunk to), so the fit is the posterior mode. Deterministic: people are
 * swept in sorted order from zero, so the same ledger content gives the same effects whatever the
 * order its outcomes arrived in.
 */
export function additiveEffects(
  ledger: OutcomeLedger,
  givenPrior: (id: string) => BetaPrior,
  receivedPrior: (id: string) => BetaPrior,
): AdditiveEffects {
  const deciders = ledger.deciders().sort();
  const receiverSet = new Set<string>();
  for (const id of deciders) for (const other of ledger.decisionsBy(id).keys()) receiverSet.add(other);
  const receivers = [...receiverSet].sort();
  const giver = new Map<string, number>(deciders.map((id) => [id, 0]));
  const receiver = new Map<string, number>(receivers.map((id) => [id, 0]));
  const base = new Map<string, number>(deciders.map((id) => [id, logit(priorMean(givenPrior(id)))]));
  const precision = (p: BetaPrior) => {
    const m = priorMean(p);
    return (p.alpha + p.beta) * m * (1 - m);
  };
  const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
  // Sums always run in sorted order, so the result is exact whatever order outcomes arrived in.
  const sorted = (m: ReadonlyMap<string, boolean>) =>
    [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const by = new Map(deciders.map((id) => [id, sorted(ledger.decisionsBy(id))]));
  const about = new Map(receivers.map((id) => [id, sorted(ledger.decisionsAbout(id))]));
  for (let sweep = 0; sweep < ADDITIVE_SWEEPS; sweep++) {
    for (const id of deciders) {
      const a = giver.get(id)!;
      const lambda = precision(givenPrior(id));
      let grad = -lambda * a;
      let hess = lambda;
      for (const [other, yes] of by.get(id)!) {
        const p = sigmoid(base.get(id)! + a + receiver.get(other)!);
        grad += (yes ? 1 : 0) - p;
        hess += p * (1 - p);
      }
      giver.set(id, a + grad / hess);
    }
    for (const id of receivers) {
      const b = receiver.get(id)!;
      const lambda = precision(receivedPrior(id));
      let grad = -lambda * b;
      let hess = lambda;
      for (const [other, yes] of about.get(id)!) {
        const p = sigmoid(base.get(other)! + giver.get(other)! + b);
        grad += (yes ? 1 : 0) - p;
        hess += p * (1 - p);
      }
      receiver.set(id, b + grad / hess);
    }
  }
  return { giver, receiver };
}
