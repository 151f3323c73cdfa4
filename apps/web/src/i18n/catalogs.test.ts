import { ERROR_CODES } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { partCatalog } from "../../catalog-sections";
import enUS from "./en-US.json";
import ruRU from "./ru-RU.json";

const catalogs = { "en-US": enUS, "ru-RU": ruRU } as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a nested catalog as a dotted path (array items by index). */
function leafKeys(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

function leafValues(node: unknown): unknown[] {
  if (typeof node !== "object" || node === null) return [node];
  return Object.values(node).flatMap(leafValues);
}

describe("i18n catalogs", () => {
  it("have the same keys in en-US and ru-RU", () => {
    // One key set for both: en-US carries the Russian plural forms too (same text as _other).
    const en = leafKeys(enUS);
    const ru = leafKeys(ruRU);
    expect(en.filter((key) => !ru.includes(key))).toEqual([]);
    expect(ru.filter((key) => !en.includes(key))).toEqual([]);
  });

  it("translate every error code of the contract", () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const errors = (catalog as { errors?: Record<string, unknown> }).errors ?? {};
      const missing = ERROR_CODES.filter((code) => typeof errors[code] !== "string");
      expect(missing, locale).toEqual([]);
    }
  });

  it("give every plural key all the forms its language needs", () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const keys = leafKeys(catalog);
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const plurals = new Set(
        keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, "")),
      );
      for (const base of plurals) {
        const missing = categories.filter((category) => !keys.includes(`${base}_${category}`));
        expect(missing, `${locale} ${base}`).toEqual([]);
      }
    }
  });

  it("have no empty texts", () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const empty = leafValues(catalog).filter((value) => typeof value !== "string" || value.trim() === "");
      expect(empty, locale).toEqual([]);
    }
  });

  it("split into parts that hold every text once", () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const parts = (["core", "app", "rest"] as const).map((part) => leafKeys(partCatalog(catalog, part)));
      const all = parts.flat();
      expect(all.sort(), locale).toEqual(leafKeys(catalog).sort());
      expect(parts[1], locale).toContain("marketplace.leads.title");
      expect(parts[2], locale).toContain("marketplace.directory.title");
    }
  });
});
