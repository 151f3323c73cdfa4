import {
  CompatibilityNarrative,
  type CompatibilityResult,
  type CompatibilityNarrative as Narrative,
} from "@matchdesk/contract";
import { z } from "zod";
import type { AiConfig } from "../../config.js";

// An OpenAI-compatible chat-completions client (plain fetch) that rewrites a compatibility
// result's summary and relationship analysis. The model sees only the engine's numbers and fit
// factors: the engine never reads names, contacts or photos, so they cannot reach it. Any failure
// (off, network, timeout, HTTP error, output that is not the JSON asked for) keeps the engine's
// own text: the result never depends on the model.

export type NarrativeOutcome = Narrative & {
  source: "ai" | "engine";
  /** Why the engine's text was kept; no content, safe to log. */
  fallback?: "not_configured" | "timeout" | "network" | "http_status" | "malformed";
};

export type NarrativeDeps = {
  ai: AiConfig | undefined;
  log?: { warn(obj: object, msg: string): void };
  fetch?: typeof fetch;
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

export function chatRequest(result: CompatibilityResult, model: string) {
  const system = [
    "You are an experienced matchmaker writing for a professional matchmaker about a client and a candidate.",
    `Write in ${LANGUAGE[result.locale]}. Call the two people ${PEOPLE[result.locale]}; you know nothing else about them.`,
    "Use only the facts in the user's JSON: the percentages, the fit factors (score 0-100, weight, side: client = how the candidate fits the client's wishes, candidate = the reverse, mutual = shared) and the deal-breakers. Invent nothing.",
    "Answer with a JSON object with two strings: summary (one or two sentences with the overall percentage) and relationshipAnalysis (three to six sentences: what will hold them together, what needs attention, whether the interest is balanced).",
  ].join(" ");
  return {
    model,
    temperature: 0.2,
    messages: [
      { role: "system", content: system },
      { role: "user", content: JSON.stringify(narrativeFacts(result)) },
    ],
    response_format: {
      type: "json_schema",
      json_schema: {
        name: "compatibility_narrative",
        strict: true,
        schema: {
          type: "object",
          properties: { summary: { type: "string" }, relationshipAnalysis: { type: "string" } },
          required: ["summary", "relationshipAnalysis"],
          additionalProperties: false,
        },
      },
    },
  };
}

const ChatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** A model may fence its JSON in a Markdown code block even when asked not to. */
function unfence(text: string): string {
  const m = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return m ? m[1]! : text;
}

function parseNarrative(body: unknown): Narrative | null {
  const completion = ChatCompletion.safeParse(body);
  if (!completion.success) return null;
  let json: unknown;
  try {
    json = JSON.parse(unfence(completion.data.choices[0]!.message.content));
  } catch {
    return null;
  }
  const narrative = CompatibilityNarrative.safeParse(json);
  return narrative.success ? narrative.data : null;
}

/** The summary and relationship analysis to show: the model's when it answers well, else the engine's. */
export async function narrate(result: CompatibilityResult, deps: NarrativeDeps): Promise<NarrativeOutcome> {
  const engine = { summary: result.summary, relationshipAnalysis: result.relationshipAnalysis };
  const { ai } = deps;
  if (!ai) return { ...engine, source: "engine", fallback: "not_configured" };
  const fallback = (reason: NonNullable<NarrativeOutcome["fallback"]>, status?: number): NarrativeOutcome => {
    deps.log?.warn({ reason, status }, "AI narrative failed; the engine's text is used");
    return { ...engine, source: "engine", fallback: reason };
  };

  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (ai.apiKey) headers.authorization = `Bearer ${ai.apiKey}`;
  const signal = AbortSignal.timeout(ai.timeoutMs);
  let body: unknown;
  try {
    const res = await (deps.fetch ?? fetch)(`${ai.baseUrl}/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify(chatRequest(result, ai.model)),
      signal,
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      return fallback("http_status", res.status);
    }
    const text = await res.text();
    try {
      body = JSON.parse(text);
    } catch {
      return fallback("malformed");
    }
  } catch {
    return fallback(signal.aborted ? "timeout" : "network");
  }
  const narrative = parseNarrative(body);
  return narrative ? { ...narrative, source: "ai" } : fallback("malformed");
}
