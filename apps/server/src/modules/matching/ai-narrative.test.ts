import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { person } from "../../../test/match-profiles.js";
import { type AiConfig, ConfigError, loadConfig } from "../../config.js";
import { narrate } from "./ai-narrative.js";
import { compareProfiles } from "./compatibility-engine.js";

// A real HTTP server on loopback speaking the chat-completions API; each test sets how it answers.

type Received = {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
};
let answer: (req: Received, res: ServerResponse) => void;
let received: Received[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const r = { method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(raw) };
      received.push(r);
      answer(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  received = [];
});

const today = new Date("2026-01-01T00:00:00Z");
const client = person(
  {
    gender: "FEMALE",
    dateOfBirth: "1992-04-10",
    faith: "ISLAM",
    familyPlan: "WANT_CHILDREN",
    country: "AE",
    city: "Dubai",
    smoking: "NO",
  },
  { preferredGender: "MALE", minAge: 30, maxAge: 45, smoking: ["NO"], weights: { smoking: "high" } },
);
const candidate = person({
  gender: "MALE",
  dateOfBirth: "1988-09-01",
  faith: "ISLAM",
  familyPlan: "OPEN_TO_CHILDREN",
  country: "AE",
  city: "Dubai",
  smoking: "SOCIAL_SMOKER",
  psychology: { empathy: 85, narcissism: 10, borderline: 5 },
});
const result = compareProfiles(client, candidate, { locale: "en-US", today });
const ai = (over: Partial<AiConfig> = {}): AiConfig => ({
  baseUrl,
  apiKey: "test-key",
  model: "test-model",
  timeoutMs: 2000,
  ...over,
});
const completion = (content: string) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
});
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};
const GOOD = {
  summary: "A strong 86% match built on shared faith and the same city.",
  relationshipAnalysis:
    "They share their faith and live in the same city, which gives them an easy start. Smoking needs a frank talk, since the client wishes for a non-smoker.",
};

describe("AI narrative", () => {
  it("rewrites the summary and relationship analysis from the factors only", async () => {
    answer = (_req, res) => json(res, 200, completion(JSON.stringify(GOOD)));
    const out = await narrate(result, { ai: ai() });
    expect(out).toEqual({ ...GOOD, source: "ai" });

    expect(received).toHaveLength(1);
    const req = received[0]!;
    expect(req).toMatchObject({ method: "POST", url: "/v1/chat/completions" });
    expect(req.headers.authorization).toBe("Bearer test-key");
    expect(req.body).toMatchObject({
      model: "test-model",
      response_format: {
        type: "json_schema",
        json_schema: { name: "compatibility_narrative", strict: true },
      },
    });
    const messages = req.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(messages[0]!.content).toContain("Write in English");
    const facts = JSON.parse(messages[1]!.content);
    expect(Object.keys(facts).sort()).toEqual(
      [
        "candidateFit",
        "clientFit",
        "concerns",
        "dealBreakers",
        "excluded",
        "fitFactors",
        "percentage",
        "strengths",
      ].sort(),
    );
    expect(facts.percentage).toBe(result.percentage);
    expect(facts.fitFactors).toHaveLength(result.fitFactors.length);
    for (const f of facts.fitFactors)
      expect(Object.keys(f).sort()).toEqual(["key", "reason", "score", "side", "weight"]);
    // no identifying data: no date of birth, city or anything but the engine's own lines
    expect(messages[1]!.content).not.toMatch(/Dubai|1992|1988|AE"/);
  });

  it("asks for Russian text for a ru-RU requester", async () => {
    answer = (_req, res) => json(res, 200, completion(JSON.stringify(GOOD)));
    await narrate(compareProfiles(client, candidate, { locale: "ru-RU", today }), {
      ai: ai({ apiKey: undefined }),
    });
    const messages = received[0]!.body.messages as { content: string }[];
    expect(messages[0]!.content).toContain("Write in Russian");
    expect(JSON.parse(messages[1]!.content).fitFactors[0].reason).toMatch(/[а-я]/);
    expect(received[0]!.headers.authorization).toBeUndefined();
  });

  it("accepts JSON fenced in a code block", async () => {
    answer = (_req, res) => json(res, 200, completion(`\`\`\`json\n${JSON.stringify(GOOD)}\n\`\`\``));
    expect(await narrate(result, { ai: ai() })).toMatchObject({ source: "ai", summary: GOOD.summary });
  });

  it.each([
    [
      "content that is not JSON",
      (res: ServerResponse) => json(res, 200, completion("Sure! They are a great match.")),
    ],
    [
      "JSON missing a field",
      (res: ServerResponse) => json(res, 200, completion(JSON.stringify({ summary: GOOD.summary }))),
    ],
    [
      "a too short text",
      (res: ServerResponse) => json(res, 200, completion(JSON.stringify({ ...GOOD, summary: "ok" }))),
    ],
    ["no choices", (res: ServerResponse) => json(res, 200, { choices: [] })],
    [
      "a body that is not JSON",
      (res: ServerResponse) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end("{not json");
      },
    ],
  ])("falls back to the engine's text on malformed output: %s", async (_name, reply) => {
    answer = (_req, res) => reply(res);
    const warnings: object[] = [];
    const out = await narrate(result, { ai: ai(), log: { warn: (o) => warnings.push(o) } });
    expect(out).toEqual({
      summary: result.summary,
      relationshipAnalysis: result.relationshipAnalysis,
      source: "engine",
      fallback: "malformed",
    });
    expect(received).toHaveLength(1);
    expect(warnings).toEqual([{ reason: "malformed", status: undefined }]);
  });

  it("falls back on a server error", async () => {
    answer = (_req, res) => json(res, 500, { error: { message: "internal" } });
    const warnings: object[] = [];
    const out = await narrate(result, { ai: ai(), log: { warn: (o) => warnings.push(o) } });
    expect(out).toMatchObject({ source: "engine", fallback: "http_status", summary: result.summary });
    expect(warnings).toEqual([{ reason: "http_status", status: 500 }]);
    // No retry: the wait stays bounded by one timeout.
    expect(received).toHaveLength(1);
  });

  it("gives up after the timeout and falls back", async () => {
    answer = (_req, res) => {
      setTimeout(() => {
        if (!res.writableEnded && !res.destroyed) json(res, 200, completion(JSON.stringify(GOOD)));
      }, 3000);
    };
    const started = performance.now();
    const out = await narrate(result, { ai: ai({ timeoutMs: 300 }) });
    const took = performance.now() - started;
    expect(out).toMatchObject({
      source: "engine",
      fallback: "timeout",
      relationshipAnalysis: result.relationshipAnalysis,
    });
    expect(took).toBeGreaterThanOrEqual(280);
    expect(took).toBeLessThan(2000);
  });

  it("falls back when nothing listens", async () => {
    const out = await narrate(result, { ai: ai({ baseUrl: "http://127.0.0.1:9/v1" }) });
    expect(out).toMatchObject({ source: "engine", fallback: "network" });
  });

  it("calls nothing when no model is configured", async () => {
    const out = await narrate(result, { ai: undefined });
    expect(out).toMatchObject({ source: "engine", fallback: "not_configured", summary: result.summary });
    expect(received).toHaveLength(0);
  });
});

describe("AI settings", () => {
  it("are off until AI_BASE_URL and AI_MODEL are set, and a key is optional", () => {
    expect(loadConfig({}).ai).toBeUndefined();
    expect(loadConfig({ AI_BASE_URL: "http://127.0.0.1:8080/v1/", AI_MODEL: "llama" }).ai).toEqual({
      baseUrl: "http://127.0.0.1:8080/v1",
      apiKey: undefined,
      model: "llama",
      timeoutMs: 20_000,
    });
    expect(
      loadConfig({
        AI_BASE_URL: "https://api.openai.com/v1",
        AI_MODEL: "m",
        AI_API_KEY: "k",
        AI_TIMEOUT_MS: "5000",
      }).ai,
    ).toMatchObject({ apiKey: "k", timeoutMs: 5000 });
  });

  it("name the variable that is missing or bad", () => {
    expect(() => loadConfig({ AI_MODEL: "m" })).toThrow(ConfigError);
    expect(() => loadConfig({ AI_MODEL: "m" })).toThrow(/AI_MODEL: needs AI_BASE_URL/);
    expect(() => loadConfig({ AI_BASE_URL: "not a url", AI_MODEL: "m" })).toThrow(/AI_BASE_URL/);
    expect(() => loadConfig({ AI_BASE_URL: "http://x/v1", AI_MODEL: "m", AI_TIMEOUT_MS: "10" })).toThrow(
      /AI_TIMEOUT_MS/,
    );
  });
});
