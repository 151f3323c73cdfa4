import { DECLINE_REASONS, RECALIBRATION_FIELDS, type RecalibrationChange } from "@matchdesk/contract";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import enUS from "../../i18n/en-US.json";
import ruRU from "../../i18n/ru-RU.json";
import type { Translate } from "../profile/field-format";
import { changeExplanation, changeLabel, changeValue, noteText } from "./recalibration-text";

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

const maxAge: RecalibrationChange = {
  field: "maxAge",
  from: 45,
  to: 42,
  because: { reason: "AGE", declines: 2, total: 3, values: [43, 44] },
};
const cities: RecalibrationChange = {
  field: "preferredCities",
  from: [],
  to: ["Moscow", "Saint Petersburg"],
  because: { reason: "DISTANCE", declines: 3, total: 3, values: ["Kazan"] },
};

describe("[recalibration] texts", () => {
  it("has a label for every reason and every field in both languages", () => {
    for (const t of [en, ru]) {
      for (const reason of DECLINE_REASONS) {
        expect(i18n.exists(`recalibration.reasons.${reason}`, { lng: "en-US" })).toBe(true);
        expect(t(`recalibration.reasons.${reason}`)).not.toContain("recalibration.");
      }
      for (const field of RECALIBRATION_FIELDS)
        expect(changeLabel(t, { field })).not.toContain("recalibration.");
    }
  });

  it("words a change and why in English", () => {
    expect(changeValue(en, maxAge, "from")).toBe("45");
    expect(changeExplanation(en, maxAge)).toBe("2 of 3 declines for “Age”: candidates aged 43, 44");
    expect(changeValue(en, cities, "from")).toBe("any");
    expect(changeValue(en, cities, "to")).toBe("Moscow, Saint Petersburg");
    expect(changeExplanation(en, cities)).toBe("3 of 3 declines for “Distance”: candidates from Kazan");
  });

  it("words it in Russian with the right plural forms", () => {
    expect(changeExplanation(ru, maxAge)).toBe(
      "2 из 3 отказов по причине «Возраст»: возраст кандидатов 43, 44",
    );
    expect(changeValue(ru, { ...maxAge, from: null }, "from")).toBe("не задано");
    expect(changeExplanation(ru, { ...maxAge, because: { ...maxAge.because, total: 21 } })).toMatch(
      /^2 из 21 отказа /,
    );
  });

  it("names enum values and the candidates' values of a note through the catalogs", () => {
    const education: RecalibrationChange = {
      field: "education",
      from: [],
      to: ["MASTER", "PHD"],
      because: { reason: "EDUCATION_CAREER", declines: 2, total: 4, values: ["SECONDARY"] },
    };
    expect(changeValue(en, education, "to")).toBe("Master’s degree, Doctorate (PhD)");
    expect(changeExplanation(en, education)).toBe(
      "2 of 4 declines for “Education and career”: candidates' education: Secondary school",
    );
    expect(
      noteText(ru, {
        field: "faith",
        because: { reason: "RELIGION_CULTURE", declines: 2, total: 3, values: [] },
      }),
    ).toBe("2 из 3 отказов по причине «Религия и культура»: кандидаты этого не указали");
  });
});
