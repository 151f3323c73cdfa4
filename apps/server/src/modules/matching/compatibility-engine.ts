import {
  type AlcoholConsumption,
  ageOn,
  type CompatibilityResult,
  type DealBreakerHit,
  EducationLevel,
  EMPTY_PREFERENCES,
  type FitFactor,
  IncomeLevel,
  type Locale,
  type PreferenceFields,
  type ProfileFields,
  type SmokingHabits,
} from "@matchdesk/contract";
import { type Band, type Level, MESSAGES, type Messages, type Side } from "./compatibility-messages.js";

// The compatibility engine: pure, no I/O, deterministic. Deal-breakers are hard filters; the rest
// is a weighted average of named fit factors (0-100 each), computed twice: how well the candidate
// fits the client's wishes (`clientFit`) and the other way round (`candidateFit`). Factors both
// people share (faith, family plan, interests...) count in both directions. The overall figure is
// the geometric mean of the two, so a one-sided match cannot look good.

/** The profile fields the engine reads: never names, contacts or photos. */
export type MatchFields = Pick<
  ProfileFields,
  | "gender"
  | "dateOfBirth"
  | "height"
  | "incomeLevel"
  | "country"
  | "city"
  | "marriageStatus"
  | "faith"
  | "educationLevel"
  | "wantsMoreChildren"
  | "longDistanceRelationship"
  | "openToRelocation"
  | "smoking"
  | "alcohol"
  | "foodPreferences"
  | "loveLanguage"
  | "familyPlan"
  | "interests"
  | "psychology"
>;
export type MatchPreferences = Pick<
  PreferenceFields,
  | "preferredGender"
  | "orientation"
  | "minAge"
  | "maxAge"
  | "minHeight"
  | "maxHeight"
  | "relationships"
  | "education"
  | "income"
  | "smoking"
  | "alcohol"
  | "preferredCities"
  | "dealBreakers"
  | "weights"
>;
export type MatchInput = { fields: MatchFields; preferences: MatchPreferences };

// The engine's part of a client's wishes: the free texts (qualities, ideal partner) are not scored.
const { qualities: _qualities, idealPartner: _idealPartner, ...NO_MATCH_PREFERENCES } = EMPTY_PREFERENCES;

/** A profile with nothing filled in: every answer unknown, no wishes. */
export const EMPTY_MATCH_INPUT: MatchInput = {
  fields: {
    gender: null,
    dateOfBirth: null,
    height: null,
    incomeLevel: null,
    country: null,
    city: null,
    marriageStatus: null,
    faith: null,
    educationLevel: null,
    wantsMoreChildren: null,
    longDistanceRelationship: null,
    openToRelocation: null,
    smoking: null,
    alcohol: null,
    foodPreferences: null,
    loveLanguage: null,
    familyPlan: null,
    interests: {},
    psychology: { narcissism: null, borderline: null, empathy: null },
  },
  preferences: NO_MATCH_PREFERENCES,
};

/** Preference weights: low, medium (the default), high. */
export const PREFERENCE_WEIGHT = { low: 1, medium: 2, high: 3 } as const;
/** Weights of what two people share, not set by anyone's preferences. */
export const BASE_WEIGHT = {
  faith: 3,
  familyPlan: 3,
  children: 2,
  location: 2,
  psychology: 2,
  food: 1,
  loveLanguage: 1,
  interest: 1,
  habit: 1,
} as const;
/** A psychology score at or above this raises a concern. */
export const PSYCHOLOGY_FLAG = 70;

export type ListKey = "relationships" | "education" | "income" | "smoking" | "alcohol";
export const LIST_KEYS: readonly ListKey[] = ["relationships", "education", "income", "smoking", "alcohol"];

/** Ordinal scales for "one step away" (previous relationships have none). */
const ORDER: Record<ListKey, readonly string[] | null> = {
  relationships: null,
  education: EducationLevel.options.filter((v) => v !== "OTHER"),
  income: IncomeLevel.options,
  smoking: ["NO", "SOCIAL_SMOKER", "YES"] satisfies (typeof SmokingHabits.options)[number][],
  alcohol: ["NO", "SOCIAL_DRINKER", "YES"] satisfies (typeof AlcoholConsumption.options)[number][],
};

/** A profile read once for many comparisons: ages computed, texts folded, lists as sets. */
export type PreparedProfile = {
  gender: string | null;
  age: number | null;
  height: number | null;
  values: Record<ListKey, string | null>;
  country: string | null;
  city: string | null;
  faith: string | null;
  wantsMoreChildren: boolean | null;
  familyPlan: string | null;
  longDistance: boolean | null;
  relocation: boolean | null;
  food: string | null;
  loveLanguage: string | null;
  interests: [string, Set<string>][];
  empathy: number | null;
  narcissism: number | null;
  borderline: number | null;
  /** Genders this person wants; null = any. */
  wantedGenders: string[] | null;
  minAge: number | null;
  maxAge: number | null;
  minHeight: number | null;
  maxHeight: number | null;
  lists: Record<ListKey, readonly string[]>;
  cities: readonly string[];
  dealBreakers: ReadonlySet<string>;
  weight: Record<string, number>;
};

const fold = (s: string | null) => (s === null ? null : s.trim().toLowerCase());

function wantedGenders(gender: string | null, p: MatchPreferences): string[] | null {
  // The profile's gender has two values; NON_BINARY and EVERYONE filter nobody out.
  if (p.preferredGender === "MALE" || p.preferredGender === "FEMALE") return [p.preferredGender];
  if (p.preferredGender !== null || gender === null) return null;
  if (p.orientation === "STRAIGHT") return [gender === "MALE" ? "FEMALE" : "MALE"];
  if (p.orientation === "HOMOSEXUAL") return [gender];
  return null;
}

/** `today` fixes ages, so the same inputs always give the same result. */
export function prepareProfile(input: MatchInput, today: Date): PreparedProfile {
  const f = input.fields;
  const p = input.preferences;
  const weight: Record<string, number> = {};
  for (const [k, w] of Object.entries(p.weights)) if (w) weight[k] = PREFERENCE_WEIGHT[w];
  return {
    gender: f.gender,
    age: f.dateOfBirth ? ageOn(f.dateOfBirth, today) : null,
    height: f.height,
    values: {
      relationships: f.marriageStatus,
      education: f.educationLevel,
      income: f.incomeLevel,
      smoking: f.smoking,
      alcohol: f.alcohol,
    },
    country: f.country,
    city: fold(f.city),
    faith: f.faith,
    wantsMoreChildren: f.wantsMoreChildren,
    familyPlan: f.familyPlan === "PREFER_NOT_TO_SAY" ? null : f.familyPlan,
    longDistance: f.longDistanceRelationship,
    relocation: f.openToRelocation,
    food: f.foodPreferences,
    loveLanguage: f.loveLanguage,
    interests: Object.entries(f.interests)
      .filter(([, list]) => list && list.length > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([cat, list]) => [cat, new Set((list ?? []).map((v) => v.trim().toLowerCase()))]),
    empathy: f.psychology.empathy,
    narcissism: f.psychology.narcissism,
    borderline: f.psychology.borderline,
    wantedGenders: wantedGenders(f.gender, p),
    minAge: p.minAge,
    maxAge: p.maxAge,
    minHeight: p.minHeight,
    maxHeight: p.maxHeight,
    lists: {
      relationships: p.relationships,
      education: p.education,
      income: p.income,
      smoking: p.smoking,
      alcohol: p.alcohol,
    },
    cities: p.preferredCities.map((c) => c.trim().toLowerCase()),
    dealBreakers: new Set(p.dealBreakers),
    weight,
  };
}

/** A factor before its text is rendered: `say` builds the reason only when a result is explained. */
type RawFactor = {
  key: string;
  side: "mutual" | Side;
  score: number;
  weight: number;
  say: (t: Messages) => string;
};
type RawDealBreaker = { key: string; side: Side; say: (t: Messages) => string };
type Trace = { factors: RawFactor[]; dealBreakers: RawDealBreaker[]; flags: RawDealBreaker[] };

type Tally = { client: number; clientW: number; candidate: number; candidateW: number };

function add(
  tally: Tally,
  trace: Trace | null,
  key: string,
  side: "mutual" | Side,
  score: number,
  weight: number,
  say: (t: Messages) => string,
) {
  if (side !== "candidate") {
    tally.client += score * weight;
    tally.clientW += weight;
  }
  if (side !== "client") {
    tally.candidate += score * weight;
    tally.candidateW += weight;
  }
  trace?.factors.push({ key, side, score, weight, say });
}

// Plain functions rather than closures inside the hot path: ranking calls it for every pair.
function weightOf(owner: PreparedProfile, key: string): number {
  return owner.weight[key] ?? PREFERENCE_WEIGHT.medium;
}

/** Records a failed hard filter; answers whether to go on (only when the result is explained). */
function hit(trace: Trace | null, side: Side, key: string, say: (t: Messages) => string): boolean {
  trace?.dealBreakers.push({ key, side, say });
  return trace !== null;
}

const inRange = (v: number, min: number | null, max: number | null) =>
  (min === null || v >= min) && (max === null || v <= max);

/**
 * The owner's wishes against the other person, from the owner's `side`. Returns false as soon as
 * a deal-breaker excludes the pair when nothing is traced (the fast path of ranking).
 */
function wishes(
  owner: PreparedProfile,
  other: PreparedProfile,
  side: Side,
  tally: Tally,
  trace: Trace | null,
) {
  let ok = true;

  if (owner.wantedGenders && other.gender !== null && !owner.wantedGenders.includes(other.gender)) {
    ok = false;
    if (!hit(trace, side, "gender", (t) => t.dealBreaker.gender(side))) return false;
  }

  if (owner.minAge !== null || owner.maxAge !== null) {
    const age = other.age;
    if (age === null) add(tally, trace, "age", side, 50, weightOf(owner, "age"), (t) => t.age.unknown(side));
    else if (!inRange(age, owner.minAge, owner.maxAge)) {
      ok = false;
      if (!hit(trace, side, "age", (t) => t.dealBreaker.age(side, age))) return false;
    } else
      add(tally, trace, "age", side, 100, weightOf(owner, "age"), (t) =>
        t.age.in(side, age, owner.minAge, owner.maxAge),
      );
  }

  if (owner.minHeight !== null || owner.maxHeight !== null) {
    const h = other.height;
    if (h === null)
      add(tally, trace, "height", side, 50, weightOf(owner, "height"), (t) => t.height.unknown(side));
    else if (!inRange(h, owner.minHeight, owner.maxHeight)) {
      ok = false;
      if (!hit(trace, side, "height", (t) => t.dealBreaker.height(side, h))) return false;
    } else
      add(tally, trace, "height", side, 100, weightOf(owner, "height"), (t) =>
        t.height.in(side, h, owner.minHeight, owner.maxHeight),
      );
  }

  for (const key of LIST_KEYS) {
    const accepted = owner.lists[key];
    if (accepted.length === 0) continue;
    const value = other.values[key];
    const w = weightOf(owner, key);
    if (value === null) {
      add(tally, trace, key, side, 50, w, (t) => t.list.unknown(side, t.label[key]!));
      continue;
    }
    if (accepted.includes(value)) {
      add(tally, trace, key, side, 100, w, (t) => t.list.match(side, t.label[key]!));
      continue;
    }
    if (owner.dealBreakers.has(key)) {
      ok = false;
      if (!hit(trace, side, key, (t) => t.dealBreaker.list(side, t.label[key]!))) return false;
      continue;
    }
    if (nearScore(key, accepted, value) > 0)
      add(tally, trace, key, side, 50, w, (t) => t.list.near(side, t.label[key]!));
    else add(tally, trace, key, side, 0, w, (t) => t.list.miss(side, t.label[key]!));
  }

  if (owner.cities.length > 0) {
    const w = weightOf(owner, "cities");
    if (other.city === null) add(tally, trace, "cities", side, 50, w, (t) => t.cities.unknown(side));
    else if (owner.cities.includes(other.city))
      add(tally, trace, "cities", side, 100, w, (t) => t.cities.match(side));
    else if (owner.dealBreakers.has("cities")) {
      ok = false;
      if (!hit(trace, side, "cities", (t) => t.dealBreaker.list(side, t.label.cities!))) return false;
    } else if (other.relocation === true)
      add(tally, trace, "cities", side, 50, w, (t) => t.cities.relocate(side));
    else add(tally, trace, "cities", side, 0, w, (t) => t.cities.miss(side));
  }

  // The other person's psychology, as it bears on the owner: empathy raises, flags lower.
  if (other.empathy !== null || other.narcissism !== null || other.borderline !== null) {
    const score = psychologyScore(other.empathy, other.narcissism, other.borderline);
    const narcissist = other.narcissism !== null && other.narcissism >= PSYCHOLOGY_FLAG;
    const borderline = other.borderline !== null && other.borderline >= PSYCHOLOGY_FLAG;
    if (narcissist) trace?.flags.push({ key: "narcissism", side, say: (t) => t.concern.narcissism(side) });
    if (borderline) trace?.flags.push({ key: "borderline", side, say: (t) => t.concern.borderline(side) });
    add(tally, trace, "psychology", side, score, BASE_WEIGHT.psychology, (t) =>
      narcissist || borderline
        ? t.psychology.flags(side)
        : score >= 70
          ? t.psychology.empathetic(side)
          : t.psychology.balanced(side),
    );
  }
  return ok;
}

const JUDAISM = ["JUDAISM_HALACHIC", "JUDAISM_NON_HALACHIC"];
const SECULAR = ["ATHEISM", "AGNOSTICISM"];
const PLANT_BASED = ["VEGAN", "VEGETARIAN"];

// Each factor's score from the values it compares, one function each: the engine below and the
// candidate pool's typed columns (`candidate-pool.ts`, which tabulates them per value) both use them.

/** A listed wish the value is not in: 50 when it is one step from a wished value on the key's scale. */
export function nearScore(key: ListKey, accepted: readonly string[], value: string): number {
  const order = ORDER[key];
  const at = order ? order.indexOf(value) : -1;
  const near = at >= 0 && accepted.some((a) => Math.abs(order!.indexOf(a) - at) === 1 && order!.includes(a));
  return near ? 50 : 0;
}

/** The other person's psychology as it bears on someone: empathy raises, each flag lowers. */
export function psychologyScore(
  empathy: number | null,
  narcissism: number | null,
  borderline: number | null,
) {
  let score = empathy ?? 50;
  if (narcissism !== null && narcissism >= PSYCHOLOGY_FLAG) score -= 30;
  if (borderline !== null && borderline >= PSYCHOLOGY_FLAG) score -= 30;
  return Math.max(0, score);
}

function isPair(a: string, b: string, x: string, y: string): boolean {
  return (a === x && b === y) || (a === y && b === x);
}

/** 100 the same faith, 60 close (two branches of Judaism, or atheism and agnosticism), else 20. */
export function faithScore(a: string, b: string): number {
  if (a === b) return 100;
  const close = (JUDAISM.includes(a) && JUDAISM.includes(b)) || (SECULAR.includes(a) && SECULAR.includes(b));
  return close ? 60 : 20;
}

export function familyPlanScore(a: string, b: string): number {
  if (a === b) return a === "NOT_SURE" ? 70 : 100;
  if (isPair(a, b, "WANT_CHILDREN", "OPEN_TO_CHILDREN")) return 80;
  if (isPair(a, b, "OPEN_TO_CHILDREN", "NOT_SURE")) return 70;
  if (isPair(a, b, "WANT_CHILDREN", "DO_NOT_WANT_CHILDREN")) return 0;
  return 50; // want or do-not-want against not sure; open against do-not-want
}

export const childrenScore = (a: boolean, b: boolean) => (a === b ? 100 : 10);

/** Habits nobody stated a wish about: 100 the same, 50 one step apart, else 0. */
export function habitScore(key: "smoking" | "alcohol", a: string, b: string): number {
  const order = ORDER[key]!;
  const d = Math.abs(order.indexOf(a) - order.indexOf(b));
  return d === 0 ? 100 : d === 1 ? 50 : 0;
}

/** 100 the same, 70 close (both plant-based, or neither strict), else 30. */
export function foodScore(a: string, b: string): number {
  if (a === b) return 100;
  const strict =
    PLANT_BASED.includes(a) || PLANT_BASED.includes(b) || a === "HALAL_KOSHER" || b === "HALAL_KOSHER";
  return (PLANT_BASED.includes(a) && PLANT_BASED.includes(b)) || !strict ? 70 : 30;
}

export const loveLanguageScore = (a: string, b: string) => (a === b ? 100 : 60);

/** Interests of one category: the share of the smaller set the two have in common. */
export const interestScore = (common: number, of: number) => Math.round((100 * common) / of);

/** Where two people live (both cities known): either's relocation and both's long distance count. */
export function locationScore(
  sameCity: boolean,
  sameCountry: boolean,
  relocation: boolean,
  longDistance: boolean,
) {
  return sameCity ? 100 : relocation ? 70 : longDistance ? 50 : sameCountry ? 30 : 10;
}

/** What the two share: the same score counts in both directions. */
function shared(a: PreparedProfile, b: PreparedProfile, tally: Tally, trace: Trace | null) {
  if (a.faith !== null && b.faith !== null) {
    const score = faithScore(a.faith, b.faith);
    add(tally, trace, "faith", "mutual", score, BASE_WEIGHT.faith, (t) =>
      score === 100 ? t.faith.same : score === 60 ? t.faith.close : t.faith.different,
    );
  }
  if (a.familyPlan !== null && b.familyPlan !== null) {
    const score = familyPlanScore(a.familyPlan, b.familyPlan);
    add(tally, trace, "familyPlan", "mutual", score, BASE_WEIGHT.familyPlan, (t) =>
      score === 100
        ? t.familyPlan.same
        : score >= 70
          ? t.familyPlan.compatible
          : score > 0
            ? t.familyPlan.unsure
            : t.familyPlan.conflict,
    );
  }
  if (a.wantsMoreChildren !== null && b.wantsMoreChildren !== null) {
    const score = childrenScore(a.wantsMoreChildren, b.wantsMoreChildren);
    add(tally, trace, "children", "mutual", score, BASE_WEIGHT.children, (t) =>
      score === 100 ? t.children.same : t.children.different,
    );
  }
  // Habits nobody stated a wish about: compared with each other.
  for (const key of ["smoking", "alcohol"] as const) {
    if (a.lists[key].length > 0 || b.lists[key].length > 0) continue;
    const x = a.values[key];
    const y = b.values[key];
    if (x === null || y === null) continue;
    const score = habitScore(key, x, y);
    add(tally, trace, key, "mutual", score, BASE_WEIGHT.habit, (t) =>
      score === 100
        ? t.habit.same(t.label[key]!)
        : score === 50
          ? t.habit.near(t.label[key]!)
          : t.habit.far(t.label[key]!),
    );
  }
  if (a.food !== null && b.food !== null) {
    const score = foodScore(a.food, b.food);
    add(tally, trace, "food", "mutual", score, BASE_WEIGHT.food, (t) =>
      score === 100 ? t.food.same : score === 70 ? t.food.close : t.food.different,
    );
  }
  if (a.loveLanguage !== null && b.loveLanguage !== null) {
    const score = loveLanguageScore(a.loveLanguage, b.loveLanguage);
    add(tally, trace, "loveLanguage", "mutual", score, BASE_WEIGHT.loveLanguage, (t) =>
      score === 100 ? t.loveLanguage.same : t.loveLanguage.different,
    );
  }
  for (const [cat, mine] of a.interests) {
    let theirs: Set<string> | undefined;
    for (const [c, s] of b.interests) if (c === cat) theirs = s;
    if (!theirs) continue;
    let common = 0;
    for (const v of mine) if (theirs.has(v)) common++;
    const of = Math.min(mine.size, theirs.size);
    add(tally, trace, `interests.${cat}`, "mutual", interestScore(common, of), BASE_WEIGHT.interest, (t) =>
      t.interests(t.interest[cat] ?? cat, common, of),
    );
  }
  if (a.city !== null && b.city !== null) {
    const sameCountry = a.country !== null && a.country === b.country;
    const sameCity = a.city === b.city && (a.country === null || b.country === null || sameCountry);
    const score = locationScore(
      sameCity,
      sameCountry,
      a.relocation === true || b.relocation === true,
      a.longDistance === true && b.longDistance === true,
    );
    add(tally, trace, "location", "mutual", score, BASE_WEIGHT.location, (t: Messages) =>
      score === 100
        ? t.location.sameCity
        : score === 70
          ? t.location.relocation
          : score === 50
            ? t.location.longDistance
            : score === 30
              ? t.location.sameCountry
              : t.location.far,
    );
  }
}

export type PairScore = { excluded: boolean; percentage: number; clientFit: number; candidateFit: number };

const EXCLUDED: PairScore = { excluded: true, percentage: 0, clientFit: 0, candidateFit: 0 };

function evaluate(client: PreparedProfile, candidate: PreparedProfile, trace: Trace | null): PairScore {
  const tally: Tally = { client: 0, clientW: 0, candidate: 0, candidateW: 0 };
  const okClient = wishes(client, candidate, "client", tally, trace);
  if (!okClient && !trace) return EXCLUDED;
  const okCandidate = wishes(candidate, client, "candidate", tally, trace);
  if (!okCandidate && !trace) return EXCLUDED;
  shared(client, candidate, tally, trace);
  // With nothing to compare, a direction is an even 50.
  const clientFit = tally.clientW > 0 ? Math.round(tally.client / tally.clientW) : 50;
  const candidateFit = tally.candidateW > 0 ? Math.round(tally.candidate / tally.candidateW) : 50;
  if (!okClient || !okCandidate) return { excluded: true, percentage: 0, clientFit, candidateFit };
  return {
    excluded: false,
    percentage: Math.round(Math.sqrt(clientFit * candidateFit)),
    clientFit,
    candidateFit,
  };
}

/** The numbers only, for ranking many candidates: no text is built. */
export function scorePair(client: PreparedProfile, candidate: PreparedProfile): PairScore {
  return evaluate(client, candidate, null);
}

const band = (p: number): Band => (p >= 80 ? "excellent" : p >= 65 ? "good" : p >= 50 ? "possible" : "weak");
const level = (p: number): Level => (p >= 75 ? "high" : p >= 45 ? "mid" : "low");

function averageOf(factors: RawFactor[], keep: (f: RawFactor) => boolean): number | null {
  let sum = 0;
  let w = 0;
  for (const f of factors)
    if (keep(f)) {
      sum += f.score * f.weight;
      w += f.weight;
    }
  return w > 0 ? sum / w : null;
}

const VALUE_KEYS = ["faith", "familyPlan", "children"];
const LIFESTYLE_KEYS = ["smoking", "alcohol", "food", "loveLanguage"];

/** The full, explained result in the requester's language. */
export function explainPair(
  client: PreparedProfile,
  candidate: PreparedProfile,
  locale: Locale,
): CompatibilityResult {
  const trace: Trace = { factors: [], dealBreakers: [], flags: [] };
  const score = evaluate(client, candidate, trace);
  const t = MESSAGES[locale];
  const label = (key: string) =>
    key.startsWith("interests.") ? (t.interest[key.slice(10)] ?? key) : (t.label[key] ?? key);

  const fitFactors: FitFactor[] = trace.factors.map((f) => ({
    key: f.key,
    side: f.side,
    score: f.score,
    weight: f.weight,
    label: label(f.key),
    reason: f.say(t),
  }));
  const dealBreakers: DealBreakerHit[] = trace.dealBreakers.map((d) => ({
    key: d.key,
    side: d.side,
    reason: d.say(t),
  }));

  // Stable orders: heavier first, then the better (strengths) or worse (concerns) score, then key.
  const byKey = (a: FitFactor, b: FitFactor) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.side < b.side ? -1 : a.side > b.side ? 1 : 0;
  const strengths = fitFactors
    .filter((f) => f.score >= 75)
    .sort((a, b) => b.weight - a.weight || b.score - a.score || byKey(a, b))
    .slice(0, 5)
    .map((f) => f.reason);
  const concerns = [
    ...dealBreakers.map((d) => d.reason),
    ...trace.flags.map((f) => f.say(t)),
    ...fitFactors
      .filter((f) => f.score <= 40)
      .sort((a, b) => b.weight - a.weight || a.score - b.score || byKey(a, b))
      .slice(0, 5)
      .map((f) => f.reason),
  ];

  let summary: string;
  let relationshipAnalysis: string;
  if (score.excluded) {
    summary = t.summaryExcluded(dealBreakers.map((d) => d.reason));
    relationshipAnalysis = t.analysis.excluded;
  } else {
    summary = t.summary(band(score.percentage), score.percentage, score.clientFit, score.candidateFit);
    const values = averageOf(trace.factors, (f) => VALUE_KEYS.includes(f.key));
    const lifestyle = averageOf(
      trace.factors,
      (f) => f.side === "mutual" && (LIFESTYLE_KEYS.includes(f.key) || f.key.startsWith("interests.")),
    );
    const location = trace.factors.find((f) => f.key === "location");
    const parts = [
      t.analysis.values[values === null ? "unknown" : level(values)],
      t.analysis.lifestyle[lifestyle === null ? "unknown" : level(lifestyle)],
    ];
    if (location) parts.push(t.analysis.location[level(location.score)]);
    parts.push(
      Math.abs(score.clientFit - score.candidateFit) >= 20
        ? t.analysis.uneven(score.clientFit, score.candidateFit)
        : t.analysis.balanced(score.clientFit, score.candidateFit),
    );
    if (trace.flags.length > 0) parts.push(t.analysis.psychology);
    relationshipAnalysis = parts.join(" ");
  }

  return {
    locale,
    percentage: score.percentage,
    clientFit: score.clientFit,
    candidateFit: score.candidateFit,
    excluded: score.excluded,
    dealBreakers,
    summary,
    strengths,
    concerns,
    fitFactors,
    relationshipAnalysis,
  };
}

/** One pair, start to end: `today` fixes the ages so the result is reproducible. */
export function compareProfiles(
  client: MatchInput,
  candidate: MatchInput,
  options: { locale: Locale; today: Date },
): CompatibilityResult {
  return explainPair(
    prepareProfile(client, options.today),
    prepareProfile(candidate, options.today),
    options.locale,
  );
}
