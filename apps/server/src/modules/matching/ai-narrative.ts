import {
  CompatibilityNarrative,
  type CompatibilityResult,
  type CompatibilityNarrative as Narrative,
} from "@matchdesk/contract";
import { z } from "zod";
import type { AiConfig } from "../../config.js";
import { type AiFailure, askForJson } from "./ai-client.js";

// The AI model (through ai-client.ts) rewrites a compatibility result's summary and relationship
// analysis. The model sees only the engine's numbers and fit factors: the engine never reads names, contacts or photos, so they cannot reach it. Any failure
// (off, network, timeout, HTTP error, output that is not the JSON asked for) keeps the engine's
// own text: the result never depends on the model.

export type NarrativeOutcome = Narrative & {
  source: "ai" | "engine";
  /** Why the engine's text was kept; no content, safe to log. */
  fallback?: AiFailure;
};

export type NarrativeDeps = {
  ai: AiConfig | undefined;
  log?: { warn(obj: object, msg: string): void };
};

const LANGUAGE = { "en-US": "English", "ru-RU": "Russian" } as const;
const PEOPLE = {
  "en-US": '"the client" and "the candidate"',
  "ru-RU": "«клиент» и «кандидат»",
} as const;

/** What the model is sent: the result's numbers and engine-written lines, nothing else. */
export function narrativeFacts(result: CompatibilityResult) {
  return {
    percentage: result.percentage,
    clientFit: result.clientFit,
    candidateFit: result.candidateFit,
    excluded: result.excluded,
    dealBreakers: result.dealBreakers.map((d) => ({ key: d.key, side: d.side, reason: d.reason })),
    fitFactors: result.fitFactors.map((f) => ({
      key: f.key,
      side: f.side,
      score: f.score,
      weight: f.weight,
      reason: f.reason,
    })),
    strengths: result.strengths,
    concerns: result.concerns,
  };
}

/** What the model is asked: write the two texts from the facts, in the requester's language. */
function systemPrompt(result: CompatibilityResult): string {
  return [
    "You are an experienced matchmaker writing for a professional matchmaker about a client and a candidate.",
    `Write in ${LANGUAGE[result.locale]}. Call the two people ${PEOPLE[result.locale]}; you know nothing else about them.`,
    "Use only the facts in the user's JSON: the percentages, the fit factors (score 0-100, weight, side: client = how the candidate fits the client's wishes, candidate = the reverse, mutual = shared) and the deal-breakers. Invent nothing.",
    "Answer with a JSON object with two strings: summary (one or two sentences with the overall percentage) and relationshipAnalysis (three to six sentences: what will hold them together, what needs attention, whether the interest is balanced).",
  ].join(" ");
}

/** The answer's shape as the model is asked for it; `CompatibilityNarrative` adds the lengths kept. */
const NarrativeFormat = z.object({ summary: z.string(), relationshipAnalysis: z.string() });

/** The summary and relationship analysis to show: the model's when it answers well, else the engine's. */
export async function narrate(result: CompatibilityResult, deps: NarrativeDeps): Promise<NarrativeOutcome> {
  const engine = { summary: result.summary, relationshipAnalysis: result.relationshipAnalysis };
  const answer = await askForJson(deps.ai, {
    name: "compatibility_narrative",
    format: NarrativeFormat,
    schema: CompatibilityNarrative,
    temperature: 0.2,
    system: systemPrompt(result),
    user: JSON.stringify(narrativeFacts(result)),
  });
  if (answer.ok) return { ...answer.value, source: "ai" };
  if (answer.reason !== "not_configured")
    deps.log?.warn(
      { reason: answer.reason, status: answer.status },
      "AI narrative failed; the engine's text is used",
    );
  return { ...engine, source: "engine", fallback: answer.reason };
}
