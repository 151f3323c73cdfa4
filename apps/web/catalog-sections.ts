import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { LANDING_FAQ_IDS } from "./src/features/site/faq-items";

/**
 * A catalog in three parts: "core" holds what the landing page needs; "app" what the
 * signed-in shell and a matchmaker's start page need (the layout, the bell, the client list); "rest"
 * everything else, loaded with the other pages and with any dialog. One JSON file per language stays
 * the source (and what the key check reads); this plugin serves `virtual:catalog/<locale>/<part>`
 * from it. build.mjs fails when a module of the landing page or of the shell uses a section outside
 * its parts.
 */
export const CORE_SECTIONS = [
  "common",
  "language",
  "publicNav",
  "footer",
  // The public header's links; the rest of "nav" is the shell's.
  "nav.directory",
  "nav.quiz",
  "units",
  "landing",
  "pricing",
  // The questions the landing page shows; the FAQ page loads the rest with the whole catalog.
  ...LANDING_FAQ_IDS.map((id) => `faq.items.${id}`),
  "notFound",
  "routeError",
  "notices",
];

/** A whole section ("clients") or a part of one at any depth ("marketplace.leads"). */
export const APP_SECTIONS = [
  "nav",
  "roles",
  "access",
  "chat",
  "errors",
  "dashboard",
  "clients",
  "clientImport",
  "packages",
  "profile.fields",
  "profile.values",
  "profile.units",
  "profile.interestCategories",
  "profile.psychology",
  "marketplace.leads",
];

export type Part = "core" | "app" | "rest";
type Catalog = Record<string, unknown>;

const LISTED: [string, Part][] = [
  ...CORE_SECTIONS.map((key): [string, Part] => [key, "core"]),
  ...APP_SECTIONS.map((key): [string, Part] => [key, "app"]),
];

/** The part of a key: that of the longest listed key it is or lies under, else "rest". */
const partOf = (key: string): Part => {
  let best: [string, Part] | undefined;
  for (const entry of LISTED) {
    const [listed] = entry;
    if ((key === listed || key.startsWith(`${listed}.`)) && (!best || listed.length > best[0].length))
      best = entry;
  }
  return best?.[1] ?? "rest";
};

/** The part of the catalog that holds `part`'s sections and parts of sections. */
export function partCatalog(catalog: Catalog, part: Part, prefix = ""): Catalog {
  const out: Catalog = {};
  for (const [name, value] of Object.entries(catalog)) {
    const key = prefix + name;
    // A key with listed keys under it is split further; any other goes whole to its part.
    const split = typeof value === "object" && LISTED.some(([listed]) => listed.startsWith(`${key}.`));
    if (split) {
      const inner = partCatalog(value as Catalog, part, `${key}.`);
      if (Object.keys(inner).length > 0) out[name] = inner;
    } else if (partOf(key) === part) out[name] = value;
  }
  return out;
}

const PREFIX = "virtual:catalog/";

export function catalogSections(i18nDir: string): Plugin {
  return {
    name: "matchdesk-catalog-sections",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [locale, part] = id.slice(PREFIX.length + 1).split("/");
      const file = path.join(i18nDir, `${locale}.json`);
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, "utf8")) as Catalog;
      for (const [key] of LISTED) {
        const found = key
          .split(".")
          .reduce<unknown>((node, name) => (node as Catalog | undefined)?.[name], catalog);
        if (found === undefined) this.error(`${locale}.json has no "${key}" (catalog-sections.ts)`);
      }
      if (part !== "core" && part !== "app" && part !== "rest") this.error(`no catalog part "${part}"`);
      return `export default ${JSON.stringify(partCatalog(catalog, part))};`;
    },
  };
}
