import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * The sections of a catalog the landing page and the FAQ need; every other page loads the rest
 * with its own code. One JSON file per language stays the source (and what the key check reads);
 * this plugin serves `virtual:catalog/<locale>/core` and `virtual:catalog/<locale>/rest` from it.
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
      const catalog = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      for (const key of CORE_SECTIONS) {
        if (!(key in catalog)) this.error(`${locale}.json has no section "${key}" (catalog-sections.ts)`);
      }
      const keys = Object.keys(catalog).filter((k) => CORE_SECTIONS.includes(k) === (part === "core"));
      return `export default ${JSON.stringify(Object.fromEntries(keys.map((k) => [k, catalog[k]])))};`;
    },
  };
}
