import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * A catalog in three parts: "core" holds what the landing page and the FAQ need; "app" what the
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
  "nav",
  "roles",
  "units",
  "landing",
  "pricing",
  "faq",
  "legal",
  "notFound",
  "routeError",
  "notices",
];

/** A whole section ("clients") or one group of a section ("marketplace.leads"). */
export const APP_SECTIONS = [
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

const partOf = (key: string): Part =>
  CORE_SECTIONS.includes(key) ? "core" : APP_SECTIONS.includes(key) ? "app" : "rest";

/** The part of the catalog that holds `part`'s sections and groups of sections. */
export function partCatalog(catalog: Catalog, part: Part): Catalog {
  const out: Catalog = {};
  for (const [section, value] of Object.entries(catalog)) {
    const whole = partOf(section);
    const split = whole === "rest" && APP_SECTIONS.some((key) => key.startsWith(`${section}.`));
    if (!split) {
      if (whole === part) out[section] = value;
      continue;
    }
    const groups = Object.entries(value as Catalog).filter(
      ([group]) => partOf(`${section}.${group}`) === part,
    );
    if (groups.length > 0) out[section] = Object.fromEntries(groups);
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
      for (const key of [...CORE_SECTIONS, ...APP_SECTIONS]) {
        const [section = "", group] = key.split(".");
        const found = group ? (catalog[section] as Catalog | undefined)?.[group] : catalog[section];
        if (found === undefined) this.error(`${locale}.json has no "${key}" (catalog-sections.ts)`);
      }
      if (part !== "core" && part !== "app" && part !== "rest") this.error(`no catalog part "${part}"`);
      return `export default ${JSON.stringify(partCatalog(catalog, part))};`;
    },
  };
}
