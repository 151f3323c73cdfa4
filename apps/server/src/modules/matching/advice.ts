import type { AdviceBody, AdviceFactor, AdviceView, CompatibilityResult, Locale } from "@matchdesk/contract";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { compatibilityResults } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { askForJson } from "./ai-client.js";
import { explainPair, type MatchInput, prepareProfile } from "./compatibility-engine.js";
import { MESSAGES } from "./compatibility-messages.js";
import { rankCandidates } from "./ranking.js";
import { loadCandidates, loadOwnClient, type MatchingDeps } from "./service.js";

// SPEC 2 AI advice. Rule-based: the client's empty fields that weaken matching, and the fit
// factors that are strongest and weakest on average over their kept results (or, before any, over
// their best-ranked candidates). With the AI model configured, it answers the question from these
// anonymised facts only (no names, contacts or photos); any failure keeps the rule-based advice.

const KEPT_RESULTS = 20;
const RANKED_CANDIDATES = 5;
const LISTED = 3;

/** Engine fields and the fit factor each one feeds (its label key). */
const FIELD_FACTOR: [keyof MatchInput["fields"], string][] = [
  ["faith", "faith"],
  ["familyPlan", "familyPlan"],
  ["wantsMoreChildren", "children"],
  ["educationLevel", "education"],
  ["incomeLevel", "income"],
  ["marriageStatus", "relationships"],
  ["smoking", "smoking"],
  ["alcohol", "alcohol"],
  ["foodPreferences", "food"],
  ["loveLanguage", "loveLanguage"],
  ["city", "location"],
  ["openToRelocation", "location"],
];
const INTERESTS_LABEL = { "en-US": "Interests", "ru-RU": "Интересы" } as const;
const WISHES_LABEL = {
  "en-US": { gender: "Preferred gender", age: "Wished age range" },
  "ru-RU": { gender: "Предпочитаемый пол", age: "Желаемый возраст" },
} as const;

function missingOf(input: MatchInput, locale: Locale) {
  const t = MESSAGES[locale];
  const seen = new Set<string>();
  const out: { key: string; label: string }[] = [];
  const add = (key: string, label: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ key, label });
  };
  for (const [field, factor] of FIELD_FACTOR) {
    const v = input.fields[field];
    if (v === null || v === undefined || v === "") add(field, t.label[factor] ?? factor);
  }
  if (Object.values(input.fields.interests ?? {}).every((l) => !l || l.length === 0)) {
    add("interests", INTERESTS_LABEL[locale]);
  }
  const p = input.preferences;
  if (!p.preferredGender && !p.orientation) add("preferredGender", WISHES_LABEL[locale].gender);
  if (p.minAge === null && p.maxAge === null) add("ageRange", WISHES_LABEL[locale].age);
  return out;
}

function averageFactors(results: CompatibilityResult[]) {
  const sums = new Map<string, { label: string; sum: number; n: number }>();
  for (const r of results) {
    for (const f of r.fitFactors) {
      const s = sums.get(f.key) ?? { label: f.label, sum: 0, n: 0 };
      s.sum += f.score;
      s.n += 1;
      sums.set(f.key, s);
    }
  }
  const all: AdviceFactor[] = [...sums].map(([key, s]) => ({
    key,
    label: s.label,
    score: Math.round(s.sum / s.n),
  }));
  const byKey = (a: AdviceFactor, b: AdviceFactor) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  return {
    strongest: [...all].sort((a, b) => b.score - a.score || byKey(a, b)).slice(0, LISTED),
    weakest: [...all].sort((a, b) => a.score - b.score || byKey(a, b)).slice(0, LISTED),
  };
}

/** The answer's shape as the model is asked for it; `AdviceAnswer` adds the lengths kept. */
const AdviceFormat = z.object({ answer: z.string() });
const AdviceAnswer = z.object({ answer: z.string().trim().min(10).max(4000) });

async function askModel(deps: MatchingDeps, question: string, facts: object, locale: Locale) {
  if (!deps.ai) return null;
  const system = [
    "You are an experienced matchmaker advising a professional matchmaker about one anonymous client.",
    `Answer in ${locale === "en-US" ? "English" : "Russian"}, in at most eight sentences.`,
    "Use only the JSON facts: empty profile fields that weaken matching, and the average fit factor scores (0-100) of the client's compatibility checks. Invent nothing about the person.",
    'Answer with a JSON object {"answer": string}.',
  ].join(" ");
  const answer = await askForJson(deps.ai, {
    name: "advice",
    format: AdviceFormat,
    schema: AdviceAnswer,
    temperature: 0.3,
    system,
    user: JSON.stringify({ question, facts }),
  });
  if (answer.ok) return answer.value.answer;
  const why =
    answer.reason === "http_status"
      ? { status: answer.status }
      : { reason: answer.reason === "malformed" ? "malformed" : "network_or_timeout" };
  deps.log?.warn(why, "AI advice failed; rule-based advice is used");
  return null;
}

export async function adviseOn(
  deps: MatchingDeps,
  caller: SessionUser,
  body: AdviceBody,
  locale: Locale,
): Promise<AdviceView> {
  const { db } = deps;
  let missing: AdviceView["missing"] = [];
  let results: CompatibilityResult[] = [];
  let candidates = 0;
  if (body.clientId) {
    const today = new Date();
    const own = await loadOwnClient(db, caller, body.clientId, today);
    missing = missingOf(own.input, locale);
    const kept = await db
      .select({ result: compatibilityResults.result })
      .from(compatibilityResults)
      .where(eq(compatibilityResults.clientId, body.clientId))
      .orderBy(desc(compatibilityResults.createdAt))
      .limit(KEPT_RESULTS);
    results = kept.map((k) => k.result as CompatibilityResult).filter((r) => r.locale === locale);
    if (results.length === 0) {
      // Before any check: the best-ranked candidates, explained in the caller's language.
      const ranked = (
        await rankCandidates(db, {
          clientId: body.clientId,
          client: own.input,
          matchmakerId: own.matchmakerId,
          today,
        })
      ).slice(0, RANKED_CANDIDATES);
      const rows = await loadCandidates(db, {
        clientId: body.clientId,
        matchmakerId: own.matchmakerId,
        ids: ranked.map((r) => r.id),
        today,
      });
      const me = prepareProfile(own.input, today);
      results = rows.map((r) => explainPair(me, prepareProfile(r.input, today), locale));
      candidates = results.length;
    }
  }
  const { strongest, weakest } = averageFactors(results);
  const basedOn = { results: candidates > 0 ? 0 : results.length, candidates };
  const answer = await askModel(
    deps,
    body.question,
    {
      emptyFields: missing.map((m) => m.key),
      strongest: strongest.map(({ key, score }) => ({ key, score })),
      weakest: weakest.map(({ key, score }) => ({ key, score })),
      basedOn,
    },
    locale,
  );
  return { source: answer ? "ai" : "rules", answer, missing, strongest, weakest, basedOn };
}
