import { describe, expect, it } from "vitest";
import { hasAiModel, withAnalysisWording } from "./analysis-wording";
import enUS from "./en-US.json";
import ruRU from "./ru-RU.json";

/** Every leaf of a nested catalog as a dotted path (array items by index). */
function leaves(node: unknown, prefix = ""): [string, unknown][] {
  if (typeof node !== "object" || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe("the analysis wording", () => {
  const catalog = {
    nav: { advice: "Advice", home: "Home", withAi: { advice: "AI advice" } },
    landing: {
      items: ["CRM", "Compatibility reports"],
      steps: [{ title: "Check", text: "Ask for a compatibility report" }],
      withAi: {
        items: { "1": "AI compatibility reports" },
        steps: { "0": { text: "Ask for an AI report" } },
      },
    },
    plain: { text: "No AI here" },
  };

  it("keeps the neutral texts and drops the AI ones without a model", () => {
    expect(withAnalysisWording(catalog, false)).toEqual({
      nav: { advice: "Advice", home: "Home" },
      landing: {
        items: ["CRM", "Compatibility reports"],
        steps: [{ title: "Check", text: "Ask for a compatibility report" }],
      },
      plain: { text: "No AI here" },
    });
  });

  it("lays the AI texts over their neutral ones with a model, array items by index", () => {
    expect(withAnalysisWording(catalog, true)).toEqual({
      nav: { advice: "AI advice", home: "Home" },
      landing: {
        items: ["CRM", "AI compatibility reports"],
        steps: [{ title: "Check", text: "Ask for an AI report" }],
      },
      plain: { text: "No AI here" },
    });
  });

  it("reads the server's word from the page", () => {
    const page = (content: string) => ({
      querySelector: () => ({ content }) as unknown as HTMLMetaElement,
    });
    expect(hasAiModel(page("ai"))).toBe(true);
    expect(hasAiModel(page("rules"))).toBe(false);
    expect(hasAiModel({ querySelector: () => null })).toBe(false);
  });

  for (const [locale, real] of Object.entries({ "en-US": enUS, "ru-RU": ruRU })) {
    it(`${locale}: every AI text replaces a neutral one with the same placeholders, and the neutral ones never say AI`, () => {
      const neutral = withAnalysisWording(real, false);
      const neutralLeaves = new Map(leaves(neutral));
      let overlays = 0;
      for (const [section, value] of Object.entries(real)) {
        const withAi = (value as { withAi?: unknown }).withAi;
        if (!withAi) continue;
        for (const [path, text] of leaves(withAi, section)) {
          overlays++;
          expect(neutralLeaves.has(path), `${path} has no neutral text`).toBe(true);
          expect(placeholders(text), path).toEqual(placeholders(neutralLeaves.get(path)));
          expect(neutralLeaves.get(path), path).not.toMatch(/\bAI\b|ИИ/);
        }
      }
      expect(overlays).toBeGreaterThan(20);
    });
  }
});
