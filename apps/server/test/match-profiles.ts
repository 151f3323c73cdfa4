import {
  AlcoholConsumption,
  EducationLevel,
  Faith,
  FamilyPlan,
  FoodPreferences,
  IncomeLevel,
  InterestCategory,
  LoveLanguage,
  MarriageStatus,
  PreviousRelationships,
  SmokingHabits,
} from "@matchdesk/contract";
import {
  EMPTY_MATCH_INPUT,
  type MatchFields,
  type MatchInput,
  type MatchPreferences,
} from "../src/modules/matching/compatibility-engine.js";

// Profiles for the compatibility engine's tests and bench: an empty one to fill by hand, and a
// seeded generator of varied, realistic ones (same seed, same profiles).

export const EMPTY_FIELDS: MatchFields = EMPTY_MATCH_INPUT.fields;
export const EMPTY_PREFERENCES: MatchPreferences = EMPTY_MATCH_INPUT.preferences;

export function person(
  fields: Partial<MatchFields>,
  preferences: Partial<MatchPreferences> = {},
): MatchInput {
  return { fields: { ...EMPTY_FIELDS, ...fields }, preferences: { ...EMPTY_PREFERENCES, ...preferences } };
}

/** mulberry32: a small seeded generator, so runs are reproducible. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CITIES = ["Moscow", "Saint Petersburg", "Kazan", "Berlin", "London", "New York", "Tel Aviv", "Dubai"];
const COUNTRY_OF: Record<string, "RU" | "DE" | "GB" | "US" | "IL" | "AE"> = {
  Moscow: "RU",
  "Saint Petersburg": "RU",
  Kazan: "RU",
  Berlin: "DE",
  London: "GB",
  "New York": "US",
  "Tel Aviv": "IL",
  Dubai: "AE",
};
const INTEREST_WORDS = [
  "hiking",
  "jazz",
  "cooking",
  "yoga",
  "chess",
  "tennis",
  "painting",
  "cinema",
  "sea",
  "wine",
];

/** A varied profile with partial data, as real questionnaires are. */
export function randomMatchInput(rnd: () => number): MatchInput {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const maybe = <T>(v: () => T, p = 0.8): T | null => (rnd() < p ? v() : null);
  const some = <T>(list: readonly T[], max: number): T[] => {
    const n = Math.floor(rnd() * (max + 1));
    const out = new Set<T>();
    for (let i = 0; i < n; i++) out.add(pick(list));
    return [...out];
  };
  const gender = pick(["MALE", "FEMALE"] as const);
  const year = 1960 + Math.floor(rnd() * 45);
  const city = pick(CITIES);
  const interests: MatchFields["interests"] = {};
  for (const cat of some(InterestCategory.options, 4)) interests[cat] = some(INTEREST_WORDS, 4);
  const minAge = maybe(() => 20 + Math.floor(rnd() * 20), 0.7);
  return {
    fields: {
      gender,
      dateOfBirth: `${year}-${String(1 + Math.floor(rnd() * 12)).padStart(2, "0")}-15`,
      height: maybe(() => 150 + Math.floor(rnd() * 50)),
      incomeLevel: maybe(() => pick(IncomeLevel.options)),
      country: COUNTRY_OF[city]!,
      city,
      marriageStatus: maybe(() => pick(MarriageStatus.options)),
      faith: maybe(() => pick(Faith.options)),
      educationLevel: maybe(() => pick(EducationLevel.options)),
      wantsMoreChildren: maybe(() => rnd() < 0.6),
      longDistanceRelationship: maybe(() => rnd() < 0.3),
      openToRelocation: maybe(() => rnd() < 0.4),
      smoking: maybe(() => pick(SmokingHabits.options)),
      alcohol: maybe(() => pick(AlcoholConsumption.options)),
      foodPreferences: maybe(() => pick(FoodPreferences.options)),
      loveLanguage: maybe(() => pick(LoveLanguage.options)),
      familyPlan: maybe(() => pick(FamilyPlan.options)),
      interests,
      psychology: {
        narcissism: maybe(() => Math.floor(rnd() * 101), 0.5),
        borderline: maybe(() => Math.floor(rnd() * 101), 0.5),
        empathy: maybe(() => Math.floor(rnd() * 101), 0.5),
      },
    },
    preferences: {
      preferredGender: rnd() < 0.9 ? (gender === "MALE" ? "FEMALE" : "MALE") : null,
      orientation: maybe(() => "STRAIGHT" as const, 0.5),
      minAge,
      maxAge: minAge === null ? null : minAge + 5 + Math.floor(rnd() * 20),
      minHeight: maybe(() => 150 + Math.floor(rnd() * 20), 0.3),
      maxHeight: null,
      relationships: some(PreviousRelationships.options, 2),
      education: some(EducationLevel.options, 2),
      income: some(IncomeLevel.options, 3),
      smoking: some(SmokingHabits.options, 2),
      alcohol: some(AlcoholConsumption.options, 2),
      preferredCities: some(CITIES, 2),
      dealBreakers: some(["education", "income", "smoking", "alcohol", "cities"] as const, 1),
      weights: {
        education: pick(["low", "medium", "high"] as const),
        income: pick(["low", "high"] as const),
      },
    },
  };
}
