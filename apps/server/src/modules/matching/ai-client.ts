import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type { z } from "zod";
import type { AiConfig } from "../../config.js";

// The one client of the OpenAI-compatible chat-completions API (the official SDK), for the
// compatibility narrative and the AI advice. It asks for a JSON object of a given shape and gives
// back either the answer checked by a zod schema or why there is none; callers then keep their
// rule-based text, so nothing depends on the model being up. The SDK's retries are off (a retry
// would double the wait the timeout bounds) and so is its logger (a request carries a free-text
// question, and logs carry no personal data).

/** Why the model gave no usable answer; no content, safe to log. */
export type AiFailure = "not_configured" | "timeout" | "network" | "http_status" | "malformed";

export type AiAnswer<T> = { ok: true; value: T } | { ok: false; reason: AiFailure; status?: number };

export type JsonQuestion<T extends z.ZodType> = {
  /** The response format's name, which the model sees. */
  name: string;
  /**
   * The JSON object the model is asked for, as sent in the request. Plain types only: strict
   * structured outputs refuse some keywords (string lengths), so the bounds live in `schema`.
   */
  format: z.ZodObject;
  /** What an answer must pass to be used (the format with the app's bounds). */
  schema: T;
  temperature: number;
  system: string;
  user: string;
};

const clients = new WeakMap<AiConfig, OpenAI>();

function clientFor(ai: AiConfig): OpenAI {
  let client = clients.get(ai);
  if (!client) {
    client = new OpenAI({
      baseURL: ai.baseUrl,
      // A local model server may need no key: then no Authorization header is sent at all. Every
      // credential is given here, so none is read from the environment (OPENAI_API_KEY and the like).
      apiKey: ai.apiKey ?? "none",
      adminAPIKey: null,
      organization: null,
      project: null,
      ...(ai.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
      timeout: ai.timeoutMs,
      maxRetries: 0,
      logLevel: "off",
    });
    clients.set(ai, client);
  }
  return client;
}

/** A model may fence its JSON in a Markdown code block even when asked not to. */
function unfence(text: string): string {
  const m = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return m ? m[1]! : text;
}

function parseAnswer<T extends z.ZodType>(content: unknown, schema: T): z.output<T> | null {
  if (typeof content !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(unfence(content));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Asks the configured model for a JSON object; any failure (off, network, timeout, HTTP error, bad output) is a reason. */
export async function askForJson<T extends z.ZodType>(
  ai: AiConfig | undefined,
  question: JsonQuestion<T>,
): Promise<AiAnswer<z.output<T>>> {
  if (!ai) return { ok: false, reason: "not_configured" };
  // The SDK's own timeout stops at the headers; this one also bounds reading the body.
  const signal = AbortSignal.timeout(ai.timeoutMs);
  let content: unknown;
  try {
    const completion = await clientFor(ai).chat.completions.create(
      {
        model: ai.model,
        temperature: question.temperature,
        messages: [
          { role: "system", content: question.system },
          { role: "user", content: question.user },
        ],
        response_format: zodResponseFormat(question.format, question.name),
      },
      { signal },
    );
    content = completion.choices?.[0]?.message?.content;
  } catch (error) {
    if (error instanceof APIConnectionTimeoutError || signal.aborted) return { ok: false, reason: "timeout" };
    if (error instanceof APIConnectionError) return { ok: false, reason: "network" };
    if (error instanceof APIError && error.status !== undefined)
      return { ok: false, reason: "http_status", status: error.status };
    // A 200 whose body is not JSON; anything else broke while reading it.
    return { ok: false, reason: error instanceof SyntaxError ? "malformed" : "network" };
  }
  const value = parseAnswer(content, question.schema);
  return value === null ? { ok: false, reason: "malformed" } : { ok: true, value };
}
