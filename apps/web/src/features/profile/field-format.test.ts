import * as contract from "@matchdesk/contract";
import { COUNTRY_CODES, DISPLAYABLE_FIELDS, PreferenceFields, ProfileFields } from "@matchdesk/contract";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import enUS from "../../i18n/en-US.json";
import ruRU from "../../i18n/ru-RU.json";
import { countryName, ENUM_OF_FIELD, fieldLabel, formatFieldValue, type Translate } from "./field-format";

const i18n = i18next.createInstance();
await i18n.init({
  resources: { "en-US": { translation: enUS }, "ru-RU": { translation: ruRU } },
  lng: "en-US",
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
const tIn =
  (lng: string): Translate =>
  (key, options) =>
    i18n.t(key, { ...options, lng });
const en = tIn("en-US");
const ru = tIn("ru-RU");

describe("fieldLabel", () => {
  it("has a label for every profile, preference and displayable field in both languages", () => {
    const fields = [
      ...Object.keys(ProfileFields.shape),
      ...Object.keys(PreferenceFields.shape),
      ...DISPLAYABLE_FIELDS,
    ] as Parameters<typeof fieldLabel>[1][];
    for (const t of [en, ru]) {
      const missing = fields.filter((field) => fieldLabel(t, field) === `profile.fields.${field}`);
      expect(missing).toEqual([]);
    }
    expect(fieldLabel(en, "incomeLevel")).toBe("Annual income, ₽");
    expect(fieldLabel(ru, "city")).toBe("Город");
  });
});

describe("formatFieldValue", () => {
  it("labels every value of every enum a field uses", () => {
    const enums = contract as unknown as Record<string, { options: readonly string[] }>;
    for (const enumName of new Set(Object.values(ENUM_OF_FIELD))) {
      const options = enums[enumName]?.options ?? [];
      expect(options.length, enumName).toBeGreaterThan(0);
      for (const t of [en, ru]) {
        const missing = options.filter((value) =>
          t(`profile.values.${enumName}.${value}`).startsWith("profile."),
        );
        expect(missing, enumName).toEqual([]);
      }
    }
  });

  it("prints choices through the catalog", () => {
    expect(formatFieldValue(en, "incomeLevel", "UP_TO_100K", "en-US")).toBe("Up to 100K");
    expect(formatFieldValue(ru, "faith", "BUDDHISM", "ru-RU")).toBe("Буддизм");
    expect(formatFieldValue(en, "smoking", ["NO", "SOCIAL_SMOKER"], "en-US")).toBe(
      "Doesn’t smoke, Smokes socially",
    );
  });

  it("prints booleans as Yes/No in the reader's language", () => {
    expect(formatFieldValue(en, "hasPets", true, "en-US")).toBe("Yes");
    expect(formatFieldValue(ru, "openToRelocation", false, "ru-RU")).toBe("Нет");
  });

  it("prints dates of birth as dd.mm.yyyy", () => {
    expect(formatFieldValue(en, "dateOfBirth", "1990-05-07", "en-US")).toBe("07.05.1990");
  });

  it("names countries with Intl, and OTHER from the catalog", () => {
    expect(formatFieldValue(en, "country", "DE", "en-US")).toBe("Germany");
    expect(formatFieldValue(ru, "country", "DE", "ru-RU")).toBe("Германия");
    expect(formatFieldValue(en, "citizenship", ["FR", "OTHER"], "en-US")).toBe("France, Other country");
    for (const code of COUNTRY_CODES) expect(countryName(en, code, "en-US")).not.toBe("");
  });

  it("adds units to heights and weights and formats numbers for the locale", () => {
    expect(formatFieldValue(en, "height", 182, "en-US")).toBe("182 cm");
    expect(formatFieldValue(ru, "weight", 70, "ru-RU")).toBe("70 кг");
    expect(formatFieldValue(en, "childrenCount", 2, "en-US")).toBe("2");
    expect(formatFieldValue(en, "childrenAges", [3, 7], "en-US")).toBe("3, 7");
  });

  it("joins lists of free text", () => {
    expect(formatFieldValue(en, "languagesSpoken", ["English", "German"], "en-US")).toBe("English, German");
  });

  it("prints records by their labelled keys", () => {
    expect(formatFieldValue(en, "interests", { travel: ["Hiking", "Italy"], music: [] }, "en-US")).toBe(
      "Travel: Hiking, Italy",
    );
    expect(
      formatFieldValue(en, "psychology", { narcissism: 10, borderline: null, empathy: 80 }, "en-US"),
    ).toBe("Narcissism: 10; Empathy: 80");
    expect(formatFieldValue(ru, "weights", { age: "high" }, "ru-RU")).toBe("Возраст: Высокая");
    expect(formatFieldValue(en, "dealBreakers", ["age", "smoking"], "en-US")).toBe("Age, Smoking");
  });

  it("prints nothing for empty values", () => {
    expect(formatFieldValue(en, "city", null, "en-US")).toBe("");
    expect(formatFieldValue(en, "gender", undefined, "en-US")).toBe("");
    expect(formatFieldValue(en, "languagesSpoken", [], "en-US")).toBe("");
    expect(formatFieldValue(en, "city", "  ", "en-US")).toBe("");
  });
});
