import type { RecalibrationChange, RecalibrationField, RecalibrationNote } from "@matchdesk/contract";
import { enumLabel, type Translate } from "../profile/field-format";

// The server explains each change as data (reason, counts, the candidates' values); these put it
// into words in the reader's language.

const LIST_SEPARATOR = ", ";
const list = (values: readonly string[]) => values.join(LIST_SEPARATOR);

/** The contract enum (catalog `profile.values.<name>`) of a changed list's values. */
const ENUM_OF_VALUE: Partial<Record<RecalibrationField, string>> = {
  dealBreakers: "WeightedPreference",
  education: "EducationLevel",
  smoking: "SmokingHabits",
  alcohol: "AlcoholConsumption",
};
/** The candidates' values behind a change: their ages, cities, education... */
const EVIDENCE_OF = {
  minAge: { key: "age", enumName: null },
  maxAge: { key: "age", enumName: null },
  preferredCities: { key: "cities", enumName: null },
  dealBreakers: { key: "cities", enumName: null },
  education: { key: "education", enumName: "EducationLevel" },
  smoking: { key: "smoking", enumName: "SmokingHabits" },
  alcohol: { key: "alcohol", enumName: "AlcoholConsumption" },
} as const satisfies Record<RecalibrationField, { key: string; enumName: string | null }>;

/** One side (from or to) of a change, as the questionnaire would show it. */
export function changeValue(t: Translate, change: RecalibrationChange, side: "from" | "to"): string {
  const value = change[side];
  if (value === null) return t("recalibration.notSet");
  if (typeof value === "number") return String(value);
  if (value.length === 0) {
    return t(change.field === "dealBreakers" ? "recalibration.noneValue" : "recalibration.anyValue");
  }
  const enumName = ENUM_OF_VALUE[change.field];
  return list(enumName ? value.map((v) => enumLabel(t, enumName, v)) : value);
}

/** The declined candidates' values behind a change, in words. */
function changeEvidence(t: Translate, change: RecalibrationChange): string {
  const { key, enumName } = EVIDENCE_OF[change.field];
  const values = change.because.values.map((v) => (enumName ? enumLabel(t, enumName, String(v)) : String(v)));
  return t(`recalibration.values.${key}`, { values: list(values) });
}

function because(t: Translate, b: { reason: string; declines: number; total: number }): string {
  return t("recalibration.because", {
    declines: b.declines,
    count: b.total,
    reason: t(`recalibration.reasons.${b.reason}`),
  });
}

/** Why a change is proposed: "2 of 3 declines for “Age”: candidates aged 43, 44". */
export function changeExplanation(t: Translate, change: RecalibrationChange): string {
  const text = t("recalibration.explained", {
    because: because(t, change.because),
    values: changeEvidence(t, change),
  });
  // Candidates from outside the preferred cities: the list exists, it just was not a must.
  return change.field === "dealBreakers" ? `${text}. ${t("recalibration.dealBreakerHint")}` : text;
}

/** What the declines say where no preference can follow: "2 of 3 declines for “Faith”: ...". */
export function noteText(t: Translate, note: RecalibrationNote): string {
  const values =
    note.field === "familyPlan"
      ? note.because.values.map((v) => enumLabel(t, "FamilyPlan", v))
      : note.because.values.map((v) => enumLabel(t, "Faith", v));
  return t("recalibration.explained", {
    because: because(t, note.because),
    values:
      values.length === 0
        ? t("recalibration.values.unknown")
        : t(`recalibration.values.${note.field}`, { values: list(values) }),
  });
}

/** The label of a changed preference. */
export function changeLabel(t: Translate, change: Pick<RecalibrationChange, "field">): string {
  return t(`recalibration.fields.${change.field}`);
}
