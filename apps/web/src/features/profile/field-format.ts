import type { DisplayableField, PreferenceFields, ProfileFields } from "@matchdesk/contract";
import { formatDate } from "../../lib/format-date";

/** What the formatters need from i18next; a plain function in tests. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Any field a profile, its preferences or its public view has. */
export type ProfileFieldName = keyof ProfileFields | keyof PreferenceFields | DisplayableField;

/** The contract enum (its zod name, the catalog's `profile.values.<name>`) each choice field uses. */
export const ENUM_OF_FIELD = {
  gender: "Gender",
  ethnicity: "EthnicityGroup",
  incomeLevel: "IncomeLevel",
  marriageStatus: "MarriageStatus",
  relationshipStatus: "RelationshipStatus",
  faith: "Faith",
  educationLevel: "EducationLevel",
  bodyType: "BodyType",
  hairColor: "HairColor",
  eyeColor: "EyeColor",
  smoking: "SmokingHabits",
  alcohol: "AlcoholConsumption",
  foodPreferences: "FoodPreferences",
  loveLanguage: "LoveLanguage",
  zodiacSign: "ZodiacSign",
  lookingFor: "LookingFor",
  familyPlan: "FamilyPlan",
  preferredGender: "PreferredGender",
  orientation: "SexualOrientation",
  relationships: "PreviousRelationships",
  education: "EducationLevel",
  income: "IncomeLevel",
  dealBreakers: "WeightedPreference",
} as const satisfies Partial<Record<ProfileFieldName, string>>;

const COUNTRY_FIELDS: ReadonlySet<string> = new Set(["country", "citizenship"]);
const UNIT_OF_FIELD: Partial<Record<string, "cm" | "kg">> = {
  height: "cm",
  minHeight: "cm",
  maxHeight: "cm",
  weight: "kg",
};
const LIST_SEPARATOR = ", ";

/** The label of a field, as forms and the public profile show it. */
export function fieldLabel(t: Translate, field: ProfileFieldName): string {
  return t(`profile.fields.${field}`);
}

/** The label of one value of a contract enum, e.g. `enumLabel(t, "IncomeLevel", "UP_TO_100K")`. */
export function enumLabel(t: Translate, enumName: string, value: string): string {
  return t(`profile.values.${enumName}.${value}`);
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in `locale` (Intl knows them all); `OTHER` comes from the catalog. */
export function countryName(t: Translate, code: string, locale: string): string {
  if (code === "OTHER") return enumLabel(t, "Country", code);
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The text of one item of a field's value (a list field formats each item with this). */
function itemText(t: Translate, field: ProfileFieldName, value: unknown, locale: string): string {
  if (typeof value === "boolean") return t(value ? "common.yes" : "common.no");
  if (typeof value === "number") {
    const number = new Intl.NumberFormat(locale).format(value);
    const unit = UNIT_OF_FIELD[field];
    return unit ? t(`profile.units.${unit}`, { value: number }) : number;
  }
  if (typeof value !== "string") return "";
  if (COUNTRY_FIELDS.has(field)) return countryName(t, value, locale);
  const enumName = (ENUM_OF_FIELD as Partial<Record<string, string>>)[field];
  if (enumName) return enumLabel(t, enumName, value);
  if (field === "dateOfBirth") return formatDate(value);
  return value;
}

/** `Label: value; Label: value` of a record field whose keys are themselves catalog entries. */
function recordText(
  entries: [string, unknown][],
  keyLabel: (key: string) => string,
  valueText: (value: unknown) => string,
): string {
  return entries
    .map(([key, value]) => [key, valueText(value)] as const)
    .filter(([, text]) => text !== "")
    .map(([key, text]) => `${keyLabel(key)}: ${text}`)
    .join("; ");
}

/**
 * A field's value as a person reads it: Yes/No, lists joined, dates as `dd.mm.yyyy`, choices through
 * `profile.values`, countries by name, heights and weights with their unit. An empty value gives "".
 */
export function formatFieldValue(
  t: Translate,
  field: ProfileFieldName,
  value: unknown,
  locale: string,
): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) {
    return value
      .map((item) => itemText(t, field, item, locale))
      .filter((text) => text !== "")
      .join(LIST_SEPARATOR);
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (field === "interests") {
      return recordText(
        entries,
        (key) => t(`profile.interestCategories.${key}`),
        (items) => (Array.isArray(items) ? items.join(LIST_SEPARATOR) : ""),
      );
    }
    if (field === "psychology") {
      return recordText(
        entries,
        (key) => t(`profile.psychology.${key}`),
        (score) => (typeof score === "number" ? new Intl.NumberFormat(locale).format(score) : ""),
      );
    }
    if (field === "weights") {
      return recordText(
        entries,
        (key) => enumLabel(t, "WeightedPreference", key),
        (weight) => (typeof weight === "string" ? enumLabel(t, "PreferenceWeight", weight) : ""),
      );
    }
    return "";
  }
  return itemText(t, field, value, locale).trim();
}
