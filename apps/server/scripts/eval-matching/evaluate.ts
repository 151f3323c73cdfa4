import { scorePair } from "../../src/modules/matching/compatibility-engine.js";
import { logit } from "../../src/modules/matching/learning/logistic.js";
import {
  auc,
  brier,
  type CalibrationBin,
  calibrationTable,
} from "../../src/modules/matching/learning/metrics.js";
import {
  DECISION_SIGNALS,
  type DecisionSignalKey,
  type DecisionSignals,
  decisionProbability,
  decisionReasons,
  decisionSignals,
  type FittedLearner,
  fitCombination,
  fitPriors,
  fitQuestionnaire,
  matchProbability,
  type Person,
  type Priors,
  questionnaireDecision,
  questionnaireMatch,
} from "../../src/modules/matching/learning/model.js";
import { type Decision, OutcomeLedger } from "../../src/modules/matching/learning/outcomes.js";
import {
  PAIR_TRAITS,
  pairTraits,
  prepareLearningProfile,
  questionnaireFeatures,
  statedWeights,
} from "../../src/modules/matching/learning/questionnaire.js";
import { additiveEffects, priorMean } from "../../src/modules/matching/learning/signals.js";
import { num, REFERENCE_DAY, type Row, toProfile } from "./speed-dating.js";

// The replay: every meeting scored before it happens by the product's learning matcher, with
// only what was known then, and everything fitted on other waves (leave-one-wave-out).

type Meeting = {
  wave: string;
  from: string;
  to: string;
  /** When it happened in the night (`nightClock`): the same for both people's rows. */
  time: number;
  yes: boolean;
  match: boolean;
  questionnaire: number[];
  questionnaireBack: number[];
  traits: number[];
  engine: number;
};

export type Scored = {
  wave: string;
  yes: number;
  match: number;
  engine: number;
  questionnaireDecision: number;
  questionnaireMatch: number;
  decision: number;
  matchProbability: number;
  baseRate: number;
  reasons: number;
  signals: number[];
  /** Which third of the night the meeting fell in: 0 first, 1 middle, 2 last. */
  third: number;
};

export type Evaluation = {
  rows: number;
  meetings: number;
  skipped: number;
  waves: number;
  people: number;
  scored: Scored[];
  matchAucQuestionnaire: number;
  matchAucEngine: number;
  matchAucLearning: number;
  decAucQuestionnaire: number;
  decAucLearning: number;
  brierLearning: number;
  brierBaseRate: number;
  brierQuestionnaire: number;
  calibration: CalibrationBin[];
  /** Each decision signal alone: its dec AUC (below 0.5 = the signal points the other way). */
  signalAuc: Record<DecisionSignalKey, number>;
  /** Match and dec AUC with learning in each third of the night (how much history there was). */
  byThird: { scored: number; matchAuc: number; decAuc: number }[];
  /** A reference, not a method: selectivity and desirability fitted in hindsight (`hindsight`). */
  hindsight: { matchAuc: number; decAuc: number };
};

const toDecision = (m: Meeting): Decision => ({ from: m.from, to: m.to, yes: m.yes, traits: m.traits });

/** The file's people and meetings, and the replay every fit and score goes through. */
function prepare(rows: readonly Row[]) {
  // Each participant's questionnaire, from their first row. People are keyed by wave too, so a
  // file that numbers each wave's participants from 1 works as well.
  const key = (row: Row, column: "iid" | "pid") => `${row.wave ?? ""}/${row[column] ?? ""}`;
  const people = new Map<string, { person: Person; prepared: ReturnType<typeof prepareLearningProfile> }>();
  for (const row of rows) {
    const id = key(row, "iid");
    if (people.has(id)) continue;
    const prepared = prepareLearningProfile(toProfile(row), REFERENCE_DAY);
    people.set(id, {
      person: { id, group: `gender:${row.gender ?? ""}`, stated: statedWeights(prepared) },
      prepared,
    });
  }
  const order = new Map<string, number>();
  for (const row of rows) order.set(`${key(row, "iid")}>${key(row, "pid")}`, num(row, "order") ?? 0);

  const meetings: Meeting[] = [];
  /** Each meeting's two people with their own `order` for it. */
  const orders: { pair: string; people: [string, number][] }[] = [];
  let skipped = 0;
  for (const row of rows) {
    const a = people.get(key(row, "iid"));
    const b = row.pid ? people.get(key(row, "pid")) : undefined;
    const dec = num(row, "dec");
    const match = num(row, "match");
    if (!a || !b || a === b || dec === null || match === null || !row.wave) {
      skipped++;
      continue;
    }
    const mine = num(row, "order") ?? 0;
    const [ida, idb] = [a.person.id, b.person.id];
    const theirs = order.get(`${idb}>${ida}`) ?? mine;
    orders.push({
      pair: ida < idb ? `${ida}|${idb}` : `${idb}|${ida}`,
      people: [
        [ida, mine],
        [idb, theirs],
      ],
    });
    meetings.push({
      wave: row.wave,
      from: a.person.id,
      to: b.person.id,
      time: 0,
      yes: dec === 1,
      match: match === 1,
      questionnaire: questionnaireFeatures(
        a.prepared,
        b.prepared,
        scorePair(a.prepared.engine, b.prepared.engine),
      ),
      questionnaireBack: questionnaireFeatures(
        b.prepared,
        a.prepared,
        scorePair(b.prepared.engine, a.prepared.engine),
      ),
      traits: pairTraits(a.prepared, b.prepared),
      engine: scorePair(a.prepared.engine, b.prepared.engine).percentage,
    });
  }

  const clock = nightClock(orders);
  meetings.forEach((m, k) => {
    m.time = clock.get(orders[k]!.pair)!;
  });

  const waves = [...new Set(meetings.map((m) => m.wave))].sort(
    (x, y) => Number(x) - Number(y) || (x < y ? -1 : 1),
  );
  const byWave = new Map<string, Meeting[]>();
  for (const w of waves) byWave.set(w, []);
  for (const m of meetings) byWave.get(m.wave)!.push(m);
  const personOf = (id: string) => people.get(id)!.person;
  const groupOf = (id: string) => personOf(id).group;
  const finalLedger = new Map(
    waves.map((w) => [w, OutcomeLedger.replay(PAIR_TRAITS.length, byWave.get(w)!.map(toDecision))]),
  );

  /** One wave, meeting time by meeting time: score everything of a time, then learn its outcomes. */
  function replay(
    wave: string,
    fitted: Pick<FittedLearner, "questionnaireDecision" | "questionnaireMatch">,
    priors: Priors,
    each: (m: Meeting, s: DecisionSignals, back: DecisionSignals, qDec: number, qBack: number) => void,
  ) {
    const list = [...byWave.get(wave)!].sort((x, y) => x.time - y.time);
    const ledger = new OutcomeLedger(PAIR_TRAITS.length);
    let i = 0;
    while (i < list.length) {
      let j = i;
      while (j < list.length && list[j]!.time === list[i]!.time) j++;
      const batch = list.slice(i, j);
      for (const m of batch) {
        const qDec = questionnaireDecision(fitted, m.questionnaire);
        const qBack = questionnaireDecision(fitted, m.questionnaireBack);
        const from = personOf(m.from);
        const to = personOf(m.to);
        const s = decisionSignals(ledger, priors, from, to, m.traits, qDec, { groupOf });
        const back = decisionSignals(ledger, priors, to, from, pairTraitsBack(m), qBack, { groupOf });
        each(m, s, back, qDec, qBack);
      }
      for (const m of batch) ledger.record(toDecision(m));
      i = j;
    }
  }
  const traitsBack = new Map<string, number[]>();
  for (const m of meetings) traitsBack.set(`${m.from}>${m.to}`, m.traits);
  const pairTraitsBack = (m: Meeting) =>
    traitsBack.get(`${m.to}>${m.from}`) ??
    pairTraits(people.get(m.to)!.prepared, people.get(m.from)!.prepared);

  // The combination learns how far to trust the questionnaire from scores the questionnaire
  // model made without the wave being replayed (nested leave-one-wave-out), as in the test wave.
  const nested = new Map<string, ReturnType<typeof fitQuestionnaire>>();
  // With two waves nothing else is left: replaying wave `b` for the held-out `a`, the model is
  // fitted on `b` itself, never on `a`, and kept under an ordered key (the other fold's is not it).
  const questionnaireWithout = (a: string, b: string) => {
    const two = waves.length <= 2;
    const k = two ? `${a}>${b}` : a < b ? `${a}|${b}` : `${b}|${a}`;
    let q = nested.get(k);
    if (!q) {
      const rest = waves.filter((w) => w !== a && w !== b).flatMap((w) => byWave.get(w)!);
      q = fitQuestionnaire(two ? byWave.get(b)! : rest);
      nested.set(k, q);
    }
    return q;
  };

  return { people, meetings, skipped, waves, byWave, finalLedger, groupOf, replay, questionnaireWithout };
}

/**
 * A reference to read the figures against, never a score the product could give: each meeting
 * scored by the additive fit (`additiveEffects`: base + how freely the decider says yes + how
 * wanted the partner is) of every other meeting of its night, later ones included, i.e. with
 * hindsight the replay cannot have. Only that meeting's two answers are left out; the priors are
 * fitted on the other waves, as in the replay.
 */
function hindsight(meetings: readonly Meeting[], priors: Priors, groupOf: (id: string) => string) {
  const pairOf = (m: Meeting) => (m.from < m.to ? `${m.from}|${m.to}` : `${m.to}|${m.from}`);
  const givenPrior = (id: string) => priors.given[groupOf(id)] ?? { alpha: 1, beta: 1 };
  const receivedPrior = (id: string) => priors.received[groupOf(id)] ?? { alpha: 1, beta: 1 };
  const out = new Map<Meeting, number>();
  const pairs = new Map<string, Meeting[]>();
  for (const m of meetings) pairs.set(pairOf(m), [...(pairs.get(pairOf(m)) ?? []), m]);
  for (const [pair, own] of pairs) {
    const ledger = OutcomeLedger.replay(
      PAIR_TRAITS.length,
      meetings.filter((m) => pairOf(m) !== pair).map(toDecision),
    );
    const { giver, receiver } = additiveEffects(ledger, givenPrior, receivedPrior);
    for (const m of own) {
      const z = logit(priorMean(givenPrior(m.from))) + (giver.get(m.from) ?? 0) + (receiver.get(m.to) ?? 0);
      out.set(m, 1 / (1 + Math.exp(-z)));
    }
  }
  return out;
}

export function evaluate(rows: readonly Row[]): Evaluation {
  const { people, meetings, skipped, waves, byWave, finalLedger, groupOf, replay, questionnaireWithout } =
    prepare(rows);
  const scored: Scored[] = [];
  /** Hindsight scores: `match` is null for a meeting whose other side is not in the file. */
  const afterwards: { decision: number; match: number | null; yes: number; matched: number }[] = [];
  for (const test of waves) {
    const train = waves.filter((w) => w !== test);
    const trainMeetings = train.flatMap((w) => byWave.get(w)!);
    if (trainMeetings.length === 0) throw new Error("Leave-one-wave-out needs at least two waves");
    const q = fitQuestionnaire(trainMeetings);
    const priors = fitPriors(
      train.map((w) => finalLedger.get(w)!),
      groupOf,
    );
    const examples: Parameters<typeof fitCombination>[0][number][] = [];
    for (const w of train)
      replay(w, questionnaireWithout(test, w), priors, (m, signals, signalsBack) =>
        examples.push({ signals, signalsBack, yes: m.yes, match: m.match }),
      );
    const fitted: FittedLearner = { ...q, ...fitCombination(examples), priors };
    const baseRate = trainMeetings.filter((m) => m.match).length / trainMeetings.length;
    const lastTime = Math.max(...byWave.get(test)!.map((m) => m.time));
    const known = hindsight(byWave.get(test)!, priors, groupOf);
    const back = new Map(byWave.get(test)!.map((m) => [`${m.from}>${m.to}`, m]));
    for (const [m, p] of known) {
      const reverse = back.get(`${m.to}>${m.from}`);
      afterwards.push({
        decision: p,
        match: reverse ? p * known.get(reverse)! : null,
        yes: m.yes ? 1 : 0,
        matched: m.match ? 1 : 0,
      });
    }
    replay(test, q, priors, (m, s, back, qDec) => {
      const qMatch = questionnaireMatch(fitted, m.questionnaire, m.questionnaireBack);
      scored.push({
        wave: test,
        yes: m.yes ? 1 : 0,
        match: m.match ? 1 : 0,
        engine: m.engine,
        questionnaireDecision: qDec,
        questionnaireMatch: qMatch,
        decision: decisionProbability(fitted, s, qDec),
        matchProbability: matchProbability(fitted, s, back),
        baseRate,
        reasons: decisionReasons(fitted, s).length,
        signals: DECISION_SIGNALS.map((key) => s.values[key]),
        third: Math.min(2, Math.floor((3 * (m.time - 1)) / Math.max(1, lastTime))),
      });
    });
  }

  const col = (k: keyof Scored) => scored.map((s) => s[k] as number);
  return {
    rows: rows.length,
    meetings: meetings.length,
    skipped,
    waves: waves.length,
    people: people.size,
    scored,
    matchAucQuestionnaire: auc(col("questionnaireMatch"), col("match")),
    matchAucEngine: auc(col("engine"), col("match")),
    matchAucLearning: auc(col("matchProbability"), col("match")),
    decAucQuestionnaire: auc(col("questionnaireDecision"), col("yes")),
    decAucLearning: auc(col("decision"), col("yes")),
    brierLearning: brier(col("matchProbability"), col("match")),
    brierBaseRate: brier(col("baseRate"), col("match")),
    brierQuestionnaire: brier(col("questionnaireMatch"), col("match")),
    calibration: calibrationTable(col("matchProbability"), col("match")),
    signalAuc: Object.fromEntries(
      DECISION_SIGNALS.map((key, k) => [
        key,
        auc(
          scored.map((x) => x.signals[k]!),
          col("yes"),
        ),
      ]),
    ) as Record<DecisionSignalKey, number>,
    byThird: [0, 1, 2].map((third) => {
      const part = scored.filter((x) => x.third === third);
      return {
        scored: part.length,
        matchAuc: auc(
          part.map((x) => x.matchProbability),
          part.map((x) => x.match),
        ),
        decAuc: auc(
          part.map((x) => x.decision),
          part.map((x) => x.yes),
        ),
      };
    }),
    hindsight: {
      matchAuc: auc(
        afterwards.flatMap((x) => (x.match === null ? [] : [x.match])),
        afterwards.flatMap((x) => (x.match === null ? [] : [x.matched])),
      ),
      decAuc: auc(
        afterwards.map((x) => x.decision),
        afterwards.map((x) => x.yes),
      ),
    },
  };
}

/**
 * The time of each meeting in the night, from each person's own `order` (their count of meetings,
 * which lags the room's rounds when they sat one out): the earliest round consistent with both
 * people's sequences, i.e. at least the larger of the two orders and after each person's previous
 * meeting. A person's later meetings therefore always come after their earlier ones, and a score
 * never reads an answer the person gave later in their own night.
 */
export function nightClock(meetings: readonly { pair: string; people: [string, number][] }[]) {
  const time = new Map<string, number>();
  const byPerson = new Map<string, Map<string, number>>();
  for (const m of meetings)
    for (const [person, order] of m.people) {
      time.set(m.pair, Math.max(time.get(m.pair) ?? 0, order));
      const own = byPerson.get(person) ?? new Map<string, number>();
      byPerson.set(person, own);
      if (!own.has(m.pair)) own.set(m.pair, order);
    }
  const sequences = [...byPerson.values()].map((own) =>
    [...own.entries()].sort(([p, a], [q, b]) => a - b || (p < q ? -1 : p > q ? 1 : 0)).map(([pair]) => pair),
  );
  let changed = true;
  while (changed) {
    changed = false;
    for (const sequence of sequences) {
      let previous = Number.NEGATIVE_INFINITY;
      for (const pair of sequence) {
        const t = time.get(pair)!;
        if (t <= previous) {
          time.set(pair, previous + 1);
          changed = true;
        }
        previous = time.get(pair)!;
      }
    }
  }
  return time;
}

/**
 * The learner the product ships (`npm run fit:matching`): everything fitted on all waves of the
 * file, as the harness fits it on all but one. The combination learns how far to trust the
 * questionnaire from scores of a questionnaire model fitted without the wave being replayed.
 */
export function fitLearner(rows: readonly Row[]): FittedLearner {
  const { waves, byWave, finalLedger, groupOf, replay } = prepare(rows);
  const all = waves.flatMap((w) => byWave.get(w)!);
  const q = fitQuestionnaire(all);
  const priors = fitPriors(
    waves.map((w) => finalLedger.get(w)!),
    groupOf,
  );
  const examples: Parameters<typeof fitCombination>[0][number][] = [];
  for (const w of waves) {
    const without = fitQuestionnaire(waves.filter((x) => x !== w).flatMap((x) => byWave.get(x)!));
    replay(w, without, priors, (m, signals, signalsBack) =>
      examples.push({ signals, signalsBack, yes: m.yes, match: m.match }),
    );
  }
  return { ...q, ...fitCombination(examples), priors };
}
