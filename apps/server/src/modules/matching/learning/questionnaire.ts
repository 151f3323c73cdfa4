import { ageOn, type ProfileFields } from "@matchdesk/contract";
import {
  type MatchInput,
  type PairScore,
  type PreparedProfile,
  prepareProfile,
} from "../compatibility-engine.js";

// What two questionnaires say about a pair before anyone has met: the engine's fit plus the
// questionnaire answers the engine does not score (ethnicity with its stated importance, what
// each is looking for, profession). Pure: the same profiles and date give the same features.

/** How much a client says a shared background matters (the questionnaire's low / medium / high). */
export type Importance = "low" | "medium" | "high";

/** A client as the learning code reads them: the engine's input plus the answers it adds. */
export type LearningProfile = {
  match: MatchInput;
  ethnicity: ProfileFields["ethnicity"];
  lookingFor: ProfileFields["lookingFor"];
  profession: ProfileFields["profession"];
  /** How much sharing these matters to the client; absent = not asked or not answered. */
  importance: Partial<Record<"ethnicity" | "faith", Importance>>;
  /**
   * What the client looks for in a partner: a weight for each quality (any positive scale; only
   * the shares count). Absent = not asked or not answered.
   */
  qualitiesWanted?: Partial<Record<Quality, number>>;
  /** How the client describes themselves on each quality, 1-10. Absent = not asked or not answered. */
  selfDescription?: Partial<Record<Exclude<Quality, "sharedInterests">, number>>;
  /** How often the client goes on dates and goes out: times a week (0 = almost never). */
  frequency?: { dates?: number | null; goesOut?: number | null };
};

/** The qualities one looks for in a partner (and describes oneself by, all but shared interests). */
export const QUALITIES = [
  "attractive",
  "sincere",
  "intelligent",
  "fun",
  "ambitious",
  "sharedInterests",
] as const;
export type Quality = (typeof QUALITIES)[number];

export type PreparedLearningProfile = {
  engine: PreparedProfile;
  age: number | null;
  faith: string | null;
  ethnicity: string | null;
  lookingFor: string | null;
  profession: string | null;
  interests: Set<string>;
  importance: LearningProfile["importance"];
  /** Shares of `QUALITIES` the client looks for (summing to 1), or null when not answered. */
  qualitiesWanted?: number[] | null;
  /** Self-description on the first five `QUALITIES` (1-10, an unanswered one NaN), or null. */
  selfDescription?: number[] | null;
  frequency?: LearningProfile["frequency"];
};

export function prepareLearningProfile(p: LearningProfile, today: Date): PreparedLearningProfile {
  const interests = new Set<string>();
  for (const [cat, list] of Object.entries(p.match.fields.interests))
    for (const v of list ?? []) interests.add(`${cat}:${v.trim().toLowerCase()}`);
  return {
    engine: prepareProfile(p.match, today),
    age: p.match.fields.dateOfBirth ? ageOn(p.match.fields.dateOfBirth, today) : null,
    faith: p.match.fields.faith,
    ethnicity: p.ethnicity === "PREFER_NOT_TO_SAY" ? null : p.ethnicity,
    lookingFor: p.lookingFor,
    profession: p.profession?.trim().toLowerCase() || null,
    interests,
    importance: p.importance,
    qualitiesWanted: shares(p.qualitiesWanted),
    selfDescription: selfDescription(p.selfDescription),
    frequency: p.frequency,
  };
}

function shares(w: LearningProfile["qualitiesWanted"]): number[] | null {
  if (!w) return null;
  const v = QUALITIES.map((q) => Math.max(0, w[q] ?? 0));
  const total = v.reduce((a, b) => a + b, 0);
  return total > 0 ? v.map((x) => x / total) : null;
}

function selfDescription(d: LearningProfile["selfDescription"]): number[] | null {
  if (!d || Object.values(d).every((v) => v === undefined || v === null)) return null;
  return QUALITIES.slice(0, 5).map((q) => {
    const v = d[q as keyof typeof d];
    return typeof v === "number" && Number.isFinite(v) ? Math.max(1, Math.min(10, v)) : Number.NaN;
  });
}

/** The midpoint of a 1-10 self-description, which the features are centred on. */
const SELF_MID = 7;

/** Names of `questionnaireFeatures`, in order (the docs list what each means). */
export const QUESTIONNAIRE_FEATURES = [
  "engine",
  "ownFit",
  "theirFit",
  "ageDifference",
  "ageGap",
  "sameEthnicity",
  "sameEthnicityWanted",
  "sameFaithWanted",
  "sameLookingFor",
  "bothSerious",
  "sameProfession",
  "sharedInterests",
  "ownAge",
  "partnerAge",
  "ownMale",
  "ownSerious",
  "ownCasual",
  "ownMeetNewPeople",
  "ownNotLooking",
  "partnerSerious",
  "partnerCasual",
  "partnerMeetNewPeople",
  "partnerNotLooking",
  "ownInterestCount",
  "partnerInterestCount",
  "ownEthnicityImportance",
  "ownFaithImportance",
  "partnerSelfAttractive",
  "partnerSelfSincere",
  "partnerSelfIntelligent",
  "partnerSelfFun",
  "partnerSelfAmbitious",
  "ownSelfAttractive",
  "ownSelfFun",
  "wantedFitsPartnerSelf",
  "ownWantsAttractive",
  "ownWantsSharedInterests",
  "partnerWantsAttractive",
  "ownDates",
  "ownGoesOut",
  "partnerDates",
  "partnerGoesOut",
] as const;

/** Names of `pairTraits`: what a client's learned preference weights apply to. */
export const PAIR_TRAITS = [
  "sameEthnicity",
  "olderPartner",
  "sharedInterests",
  "sameLookingFor",
  "sameProfession",
] as const;

const IMPORTANCE: Record<Importance, number> = { low: 0, medium: 0.5, high: 1 };
const SERIOUS = new Set(["SERIOUS_RELATIONSHIP", "MARRIAGE"]);

/** 1 same, 0 different, 0.5 when either is unknown. */
const same = (a: string | null, b: string | null) => (a === null || b === null ? 0.5 : a === b ? 1 : 0);

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const v of a) if (b.has(v)) common++;
  return common / (a.size + b.size - common);
}

/** The features of `a` deciding about `b`, with the engine's score of the pair (a as the client). */
export function questionnaireFeatures(
  a: PreparedLearningProfile,
  b: PreparedLearningProfile,
  engine: PairScore,
): number[] {
  const ageDiff = a.age !== null && b.age !== null ? b.age - a.age : 0;
  const sameEthnicity = same(a.ethnicity, b.ethnicity);
  const ethnicityWeight = a.importance.ethnicity ? IMPORTANCE[a.importance.ethnicity] : 0.5;
  const faithWeight = a.importance.faith ? IMPORTANCE[a.importance.faith] : 0.5;
  return [
    engine.excluded ? 0 : engine.percentage / 100,
    engine.clientFit / 100,
    engine.candidateFit / 100,
    Math.max(-15, Math.min(15, ageDiff)),
    Math.min(15, Math.abs(ageDiff)),
    sameEthnicity,
    (sameEthnicity - 0.5) * ethnicityWeight,
    (same(a.faith, b.faith) - 0.5) * faithWeight,
    same(a.lookingFor, b.lookingFor),
    a.lookingFor !== null && b.lookingFor !== null && SERIOUS.has(a.lookingFor) && SERIOUS.has(b.lookingFor)
      ? 1
      : 0,
    same(a.profession, b.profession),
    jaccard(a.interests, b.interests),
    ageOr(a.age),
    ageOr(b.age),
    a.engine.gender === "MALE" ? 1 : a.engine.gender === "FEMALE" ? 0 : 0.5,
    ...lookingForFlags(a.lookingFor),
    ...lookingForFlags(b.lookingFor),
    a.interests.size,
    b.interests.size,
    a.importance.ethnicity ? IMPORTANCE[a.importance.ethnicity] : 0.5,
    a.importance.faith ? IMPORTANCE[a.importance.faith] : 0.5,
    ...selfOf(b),
    selfOf(a)[0]!,
    selfOf(a)[3]!,
    wantedFit(a, b),
    wantedOf(a)[0]!,
    wantedOf(a)[5]!,
    wantedOf(b)[0]!,
    often(a.frequency?.dates),
    often(a.frequency?.goesOut),
    often(b.frequency?.dates),
    often(b.frequency?.goesOut),
  ];
}

/** Times a week as log(1 + times); NaN (unknown, see `standardizer`) when not answered. */
const often = (v: number | null | undefined) =>
  typeof v === "number" && v >= 0 ? Math.log1p(Math.min(7, v)) : Number.NaN;

/** Self-description centred on the midpoint; NaN (unknown) when not answered. */
const selfOf = (p: PreparedLearningProfile) =>
  (p.selfDescription ?? QUALITIES.slice(0, 5).map(() => Number.NaN)).map((v) => (v - SELF_MID) / 2);
/** Shares wanted; NaN (unknown) when not answered. */
const wantedOf = (p: PreparedLearningProfile) => p.qualitiesWanted ?? QUALITIES.map(() => Number.NaN);
/** How well the partner's self-description fits what the client looks for: the share-weighted mean of it. */
function wantedFit(a: PreparedLearningProfile, b: PreparedLearningProfile): number {
  if (!a.qualitiesWanted || !b.selfDescription) return Number.NaN;
  const self = selfOf(b);
  let v = 0;
  for (let k = 0; k < 5; k++) v += a.qualitiesWanted[k]! * self[k]!;
  return v;
}

/** An unknown age reads as a typical one, so it does not look young or old. */
const ageOr = (age: number | null) => (age === null ? 30 : Math.max(18, Math.min(70, age)));

const lookingForFlags = (v: string | null) => [
  v !== null && SERIOUS.has(v) ? 1 : 0,
  v === "CASUAL_DATING" ? 1 : 0,
  v === "MEET_NEW_PEOPLE" || v === "FRIENDSHIP" ? 1 : 0,
  v === "NOT_LOOKING" || v === "NOT_SURE" ? 1 : 0,
];

/** The pair's traits from `a`'s side, roughly centred on 0 and of unit scale. */
export function pairTraits(a: PreparedLearningProfile, b: PreparedLearningProfile): number[] {
  const ageDiff = a.age !== null && b.age !== null ? b.age - a.age : 0;
  return [
    same(a.ethnicity, b.ethnicity) - 0.5,
    Math.max(-2, Math.min(2, ageDiff / 5)),
    2 * jaccard(a.interests, b.interests) - 0.5,
    same(a.lookingFor, b.lookingFor) - 0.5,
    same(a.profession, b.profession) - 0.5,
  ];
}

/** What the client stated, as starting weights on `pairTraits`: only the importance of a shared background. */
export function statedWeights(a: PreparedLearningProfile): number[] {
  const ethnicity = a.importance.ethnicity ? IMPORTANCE[a.importance.ethnicity] : 0;
  return [ethnicity, 0, 0, 0, 0];
}
