import { randomUUID } from "node:crypto";
import {
  type AgencyFocus,
  type DirectoryItem,
  type DirectoryQuery,
  type Locale,
  QUIZ_QUESTION_IDS,
  type QuizAgency,
  type QuizAnswersBody,
  type QuizQuestion,
  type QuizQuestionId,
  type QuizResultView,
  type QuizView,
} from "@matchdesk/contract";
import type { Db } from "../../db/client.js";
import type { AppDeps } from "../../deps.js";
import { badRequest } from "../../platform/errors.js";
import { searchDirectory } from "../agencies/directory.js";
import { agencyFocusOf } from "../agencies/service.js";
import type { MatchInput } from "../matching/compatibility-engine.js";
import { rankCandidates } from "../matching/ranking.js";
import { QUIZ_MESSAGES } from "./messages.js";

// The free public quiz (SPEC 1). Nothing is stored: the answers become an engine input for the
// length of one request, are matched against the shared search's pool (complete, active, published
// clients) and only a count leaves the server.

/** Requests per IP and hour, for each of the two routes. */
export const QUIZ_LIMITS = { perIpPerHour: 60 } as const;
/** The overall compatibility (0-100) from which a published profile counts as compatible. */
export const QUIZ_MIN_PERCENT = 50;
/** Matchmakers shown on the result. */
export const QUIZ_AGENCIES = 3;
const OTHER_CITY = "OTHER";

const FIXED_OPTIONS: Record<Exclude<QuizQuestionId, "city">, readonly string[]> = {
  gender: ["MALE", "FEMALE"],
  seeking: ["MALE", "FEMALE", "EVERYONE"],
  age: ["18-24", "25-34", "35-44", "45-54", "55-70"],
  partnerAge: ["18-30", "25-40", "35-50", "45-60", "55-80", "ANY"],
  lookingFor: ["MARRIAGE", "SERIOUS_RELATIONSHIP", "MEET_NEW_PEOPLE", "NOT_SURE"],
  familyPlan: ["WANT_CHILDREN", "OPEN_TO_CHILDREN", "DO_NOT_WANT_CHILDREN", "NOT_SURE"],
  children: ["YES", "NO", "NOT_SURE"],
  faith: ["CHRISTIANITY", "ISLAM", "JUDAISM_HALACHIC", "BUDDHISM", "HINDUISM", "ATHEISM", "NOT_IMPORTANT"],
  smoking: ["NO", "SOCIAL_SMOKER", "YES"],
  alcohol: ["NO", "SOCIAL_DRINKER", "YES"],
  loveLanguage: [
    "QUALITY_TIME",
    "WORDS_OF_AFFIRMATION",
    "PHYSICAL_TOUCH",
    "ACTS_OF_SERVICE",
    "RECEIVING_GIFTS",
  ],
  interests: ["creativity", "sports", "music", "movie", "food_and_drinks", "pets"],
  lifestyle: ["active_lifestyle", "home_time", "social_life", "travel"],
  relocation: ["YES", "MAYBE", "NO"],
};

/** The order in which traits weigh for matching (the engine's base weights, then habits). */
const TRAIT_ORDER: readonly QuizQuestionId[] = [
  "familyPlan",
  "faith",
  "children",
  "lookingFor",
  "partnerAge",
  "city",
  "relocation",
  "smoking",
  "alcohol",
  "loveLanguage",
  "interests",
  "lifestyle",
];

export function quizLocale(query?: string, cookie?: string): Locale {
  const chosen = query ?? cookie;
  return chosen === "ru-RU" ? "ru-RU" : "en-US";
}

/** Cities of listed, active matchmakers ("COUNTRY|City"), the most represented first. */
async function cityOptions(db: Db): Promise<{ value: string; city: string }[]> {
  const page = await searchDirectory(db, { page: 1, pageSize: 100 });
  const counts = new Map<string, { value: string; city: string; n: number }>();
  for (const a of page.items) {
    if (!a.city || !a.country) continue;
    const value = `${a.country}|${a.city.trim()}`;
    const entry = counts.get(value) ?? { value, city: a.city.trim(), n: 0 };
    entry.n++;
    counts.set(value, entry);
  }
  return [...counts.values()]
    .sort((a, b) => b.n - a.n || a.city.localeCompare(b.city))
    .slice(0, 10)
    .map(({ value, city }) => ({ value, city }));
}

function cityLabel(value: string, locale: Locale): string {
  if (value === OTHER_CITY) return QUIZ_MESSAGES[locale].otherCity;
  const [country, city] = value.split("|") as [string, string];
  const region = new Intl.DisplayNames([locale], { type: "region" }).of(country) ?? country;
  return `${city}, ${region}`;
}

export async function getQuiz(db: Db, locale: Locale): Promise<QuizView> {
  const t = QUIZ_MESSAGES[locale];
  const cities = await cityOptions(db);
  const questions: QuizQuestion[] = QUIZ_QUESTION_IDS.map((id) => ({
    id,
    text: t.questions[id],
    options:
      id === "city"
        ? [...cities.map((c) => c.value), OTHER_CITY].map((value) => ({
            value,
            label: cityLabel(value, locale),
          }))
        : FIXED_OPTIONS[id].map((value) => ({ value, label: t.options[`${id}.${value}`] ?? value })),
  }));
  return { locale, questions };
}

const invalid = (fieldErrors: Record<string, string[]>) =>
  badRequest("QUIZ_ANSWERS_INVALID", "Every question needs one of its answers", fieldErrors);

/** The answers as the engine's input; the birth date is the middle of the chosen age band. */
export function answersToMatchInput(a: Record<QuizQuestionId, string>, today: Date): MatchInput {
  const [fromAge, toAge] = a.age.split("-").map(Number) as [number, number];
  const age = Math.floor((fromAge + toAge) / 2);
  const born = new Date(Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), 1));
  const partner = a.partnerAge === "ANY" ? null : (a.partnerAge.split("-").map(Number) as [number, number]);
  const [country, city] = a.city === OTHER_CITY ? [null, null] : (a.city.split("|") as [string, string]);
  const interests: Record<string, string[]> = {};
  interests[a.interests] = [a.interests];
  interests[a.lifestyle] = [a.lifestyle];
  const habit = (v: string, none: string, social: string) =>
    v === none ? [none] : v === social ? [none, social] : [];
  return {
    fields: {
      gender: a.gender as "MALE" | "FEMALE",
      dateOfBirth: born.toISOString().slice(0, 10),
      height: null,
      incomeLevel: null,
      country: country as MatchInput["fields"]["country"],
      city,
      marriageStatus: null,
      faith: a.faith === "NOT_IMPORTANT" ? null : (a.faith as NonNullable<MatchInput["fields"]["faith"]>),
      educationLevel: null,
      wantsMoreChildren: a.children === "YES" ? true : a.children === "NO" ? false : null,
      longDistanceRelationship: a.relocation === "YES" ? true : a.relocation === "NO" ? false : null,
      openToRelocation: a.relocation === "YES" ? true : a.relocation === "NO" ? false : null,
      smoking: a.smoking as MatchInput["fields"]["smoking"],
      alcohol: a.alcohol as MatchInput["fields"]["alcohol"],
      foodPreferences: null,
      loveLanguage: a.loveLanguage as MatchInput["fields"]["loveLanguage"],
      familyPlan: a.familyPlan as MatchInput["fields"]["familyPlan"],
      interests,
      psychology: { narcissism: null, borderline: null, empathy: null },
    },
    preferences: {
      preferredGender: a.seeking as MatchInput["preferences"]["preferredGender"],
      orientation: null,
      minAge: partner ? partner[0] : null,
      maxAge: partner ? partner[1] : null,
      minHeight: null,
      maxHeight: null,
      relationships: [],
      education: [],
      income: [],
      smoking: habit(a.smoking, "NO", "SOCIAL_SMOKER") as MatchInput["preferences"]["smoking"],
      alcohol: habit(a.alcohol, "NO", "SOCIAL_DRINKER") as MatchInput["preferences"]["alcohol"],
      preferredCities: [],
      dealBreakers: [],
      weights: {},
    },
  };
}

/** Religious answers: the person wants faith to matter in matching. */
const FAITHS = new Set(["CHRISTIANITY", "ISLAM", "JUDAISM_HALACHIC", "BUDDHISM", "HINDUISM"]);

/**
 * The agency focus the answers ask for: marriage or a serious relationship, clients of 45 and more
 * (own age band, or the partner's), a faith that matters, readiness to move (international
 * couples), and a partner of the same gender or of any (LGBTQ+). The quiz asks nothing about
 * income, so it never asks for the executive focus.
 */
export function answersToFocus(a: Record<QuizQuestionId, string>): AgencyFocus[] {
  const from = (band: string) => Number(band.split("-")[0]);
  const wanted: AgencyFocus[] = [];
  if (a.lookingFor === "MARRIAGE" || a.lookingFor === "SERIOUS_RELATIONSHIP") wanted.push("MARRIAGE");
  if (a.relocation === "YES") wanted.push("INTERNATIONAL");
  if (from(a.age) >= 45 || (a.partnerAge !== "ANY" && from(a.partnerAge) >= 45)) wanted.push("MATURE");
  if (FAITHS.has(a.faith)) wanted.push("FAITH");
  if (a.seeking === "EVERYONE" || a.seeking === a.gender) wanted.push("LGBTQ");
  return wanted;
}

/**
 * Matchmakers who fit: the directory's agencies of the same city first, then of the same country,
 * then any; within each of these, the most focus in common with the answers, then the directory's
 * own order (best rated). A wider circle is read only while the nearer ones leave places free.
 */
async function fittingAgencies(
  db: Db,
  country: string | null,
  city: string | null,
  wanted: AgencyFocus[],
): Promise<QuizAgency[]> {
  const tiers: DirectoryItem[][] = [];
  const seen = new Set<string>();
  const place = country as DirectoryQuery["country"];
  const take = async (filter: Pick<DirectoryQuery, "country" | "city">) => {
    const page = await searchDirectory(db, { page: 1, pageSize: 100, ...filter });
    const fresh = page.items.filter((item) => !seen.has(item.userId));
    for (const item of fresh) seen.add(item.userId);
    tiers.push(fresh);
  };
  if (place && city) await take({ country: place, city });
  if (place && seen.size < QUIZ_AGENCIES) await take({ country: place });
  if (seen.size < QUIZ_AGENCIES) await take({});

  const focusOf = await agencyFocusOf(db, [...seen]);
  const picked: QuizAgency[] = [];
  for (const tier of tiers) {
    const ranked = tier
      .map((item, order) => {
        const focus = focusOf.get(item.userId) ?? [];
        return { item: { ...item, focus, matchedFocus: focus.filter((f) => wanted.includes(f)) }, order };
      })
      .sort((x, y) => y.item.matchedFocus.length - x.item.matchedFocus.length || x.order - y.order);
    picked.push(...ranked.map((r) => r.item));
  }
  return picked.slice(0, QUIZ_AGENCIES);
}

export async function quizResult(
  deps: AppDeps,
  body: QuizAnswersBody,
  locale: Locale,
  today = new Date(),
): Promise<QuizResultView> {
  const quiz = await getQuiz(deps.db, locale);
  const errors: Record<string, string[]> = {};
  const answers = {} as Record<QuizQuestionId, string>;
  for (const q of quiz.questions) {
    const value = body.answers[q.id];
    if (value === undefined) errors[`answers.${q.id}`] = ["Required"];
    else if (!q.options.some((o) => o.value === value))
      errors[`answers.${q.id}`] = ["Not one of the answers"];
    else answers[q.id] = value;
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const input = answersToMatchInput(answers, today);
  // A fresh id stands for nobody: no one is this visitor's client, so the pool is exactly the
  // published profiles, read through their display settings.
  const ranked = await rankCandidates(deps.db, {
    clientId: randomUUID(),
    client: input,
    matchmakerId: randomUUID(),
    today,
  });
  let compatibleCount = 0;
  for (let i = 0; i < ranked.length; i++) if (ranked.percentageAt(i) >= QUIZ_MIN_PERCENT) compatibleCount++;

  const t = QUIZ_MESSAGES[locale];
  const labelOf = (id: QuizQuestionId) =>
    quiz.questions.find((q) => q.id === id)!.options.find((o) => o.value === answers[id])!.label;
  const traits = TRAIT_ORDER.filter((id) => {
    // A trait that is not set says nothing about the person.
    if (id === "faith") return answers.faith !== "NOT_IMPORTANT";
    if (id === "partnerAge") return answers.partnerAge !== "ANY";
    if (id === "city") return answers.city !== OTHER_CITY;
    return !["NOT_SURE", "MAYBE"].includes(answers[id]);
  })
    .slice(0, 5)
    .map((id) => ({ id, title: t.traitTitles[id], text: t.traits[id]!(labelOf(id)) }));

  return {
    locale,
    summary: t.summary(compatibleCount),
    traits,
    agencies: await fittingAgencies(
      deps.db,
      input.fields.country,
      input.fields.city,
      answersToFocus(answers),
    ),
    compatibleCount,
  };
}
