/** Whether the operator connected an AI model: the server says so in index.html (platform/web.ts). */
export function hasAiModel(doc: Pick<Document, "querySelector"> = document): boolean {
  return doc.querySelector<HTMLMetaElement>('meta[name="matchdesk-analysis"]')?.content === "ai";
}

type Node = Record<string, unknown> | unknown[];

/**
 * A catalog's wording for this install. A section may hold `withAi`: the texts that speak of AI,
 * laid over the section's own texts only when a model is connected. The section's own texts speak
 * of a compatibility analysis, so the rule engine alone is never sold as AI. Keys of `withAi` are
 * paths into the section (an array item by its index).
 */
export function withAnalysisWording(catalog: Record<string, unknown>, ai: boolean): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(catalog).map(([name, section]) => {
      if (!isNode(section) || Array.isArray(section) || !("withAi" in section)) return [name, section];
      const { withAi, ...own } = section;
      return [name, ai && isNode(withAi) ? overlay(own, withAi) : own];
    }),
  );
}

function overlay(base: Node, over: Node): Node {
  const result: Node = Array.isArray(base) ? [...base] : { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = (result as Record<string, unknown>)[key];
    (result as Record<string, unknown>)[key] =
      isNode(current) && isNode(value) ? overlay(current, value) : value;
  }
  return result;
}

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null;
