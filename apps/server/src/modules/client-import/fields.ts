import {
  AlcoholConsumption,
  BodyType,
  CLIENT_CSV_FIELDS,
  type ClientCsvField,
  COUNTRY_CODES,
  EducationLevel,
  EthnicityGroup,
  EyeColor,
  Faith,
  FamilyPlan,
  FoodPreferences,
  Gender,
  HairColor,
  IncomeLevel,
  InterestCategory,
  LookingFor,
  LoveLanguage,
  MarriageStatus,
  type ProfileFields,
  RelationshipStatus,
  SmokingHabits,
  ZodiacSign,
} from "@matchdesk/contract";
import type { z } from "zod";
// The questionnaire's labels, as the web app shows them: one catalog for both sides, so a value
// typed as the page names it is understood here.
import en from "../../../../web/src/i18n/en-US.json" with { type: "json" };
import ru from "../../../../web/src/i18n/ru-RU.json" with { type: "json" };

/**
 * Folds a header or a value for comparison: camelCase and snake_case split into words, case,
 * punctuation and "ё" ignored. "dateOfBirth", "Date of birth" and "DATE_OF_BIRTH" fold alike.
 */
export function fold(text: string): string {
  return text
    .replace(/([a-zа-яё])([A-ZА-ЯЁ])/gu, "$1 $2")
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}+]+/gu, " ")
    .trim();
}

type Catalog = typeof en;
type Values = Catalog["profile"]["values"];

/** The enum behind each single-choice field and its catalog group. */
const ENUM_FIELDS = {
  gender: [Gender, "Gender"],
  ethnicity: [EthnicityGroup, "EthnicityGroup"],
  incomeLevel: [IncomeLevel, "IncomeLevel"],
  marriageStatus: [MarriageStatus, "MarriageStatus"],
  relationshipStatus: [RelationshipStatus, "RelationshipStatus"],
  faith: [Faith, "Faith"],
  educationLevel: [EducationLevel, "EducationLevel"],
  bodyType: [BodyType, "BodyType"],
  hairColor: [HairColor, "HairColor"],
  eyeColor: [EyeColor, "EyeColor"],
  smoking: [SmokingHabits, "SmokingHabits"],
  alcohol: [AlcoholConsumption, "AlcoholConsumption"],
  foodPreferences: [FoodPreferences, "FoodPreferences"],
  loveLanguage: [LoveLanguage, "LoveLanguage"],
  zodiacSign: [ZodiacSign, "ZodiacSign"],
  lookingFor: [LookingFor, "LookingFor"],
  familyPlan: [FamilyPlan, "FamilyPlan"],
} satisfies Record<string, [z.ZodEnum, keyof Values]>;
type EnumField = keyof typeof ENUM_FIELDS;

/** Other common ways of writing a value, beyond its code and its two labels. */
const EXTRA_VALUES: Partial<Record<EnumField, Record<string, string[]>>> = {
  gender: {
    MALE: ["m", "man", "м", "муж", "мужской", "мужчина"],
    FEMALE: ["f", "w", "woman", "ж", "жен", "женский", "женщина"],
  },
  smoking: { YES: ["yes", "да", "курит"], NO: ["no", "нет", "не курит"] },
  alcohol: { YES: ["yes", "да"], NO: ["no", "нет"] },
};

function valueTable(field: EnumField): Map<string, string> {
  const [schema, group] = ENUM_FIELDS[field];
  const table = new Map<string, string>();
  const labels = (catalog: Catalog) =>
    (catalog.profile.values as Record<string, Record<string, string>>)[group];
  for (const code of schema.options as readonly string[]) {
    for (const name of [
      code,
      labels(en)?.[code],
      labels(ru)?.[code],
      ...(EXTRA_VALUES[field]?.[code] ?? []),
    ]) {
      if (name && !table.has(fold(name))) table.set(fold(name), code);
    }
  }
  return table;
}

const ENUM_VALUES = new Map(Object.keys(ENUM_FIELDS).map((f) => [f, valueTable(f as EnumField)]));

const COUNTRY_VALUES = (() => {
  const table = new Map<string, string>();
  const names = ["en", "ru"].map((locale) => new Intl.DisplayNames([locale], { type: "region" }));
  for (const code of COUNTRY_CODES) {
    if (code === "OTHER") {
      for (const name of ["OTHER", en.profile.values.Country.OTHER, ru.profile.values.Country.OTHER]) {
        table.set(fold(name), code);
      }
      continue;
    }
    table.set(fold(code), code);
    for (const n of names) table.set(fold(n.of(code) ?? code), code);
  }
  for (const [alias, code] of Object.entries({
    usa: "US",
    "united states of america": "US",
    uk: "GB",
    england: "GB",
    россия: "RU",
    "российская федерация": "RU",
    сша: "US",
  })) {
    table.set(fold(alias), code);
  }
  return table;
})();

const BOOLEANS = new Map<string, boolean>(
  [
    ...["true", "yes", "y", "1", "да", "д", "есть"].map((v) => [v, true] as const),
    ...["false", "no", "n", "0", "нет", "н"].map((v) => [v, false] as const),
  ].map(([k, v]) => [fold(k), v]),
);

const BOOLEAN_FIELDS = new Set([
  "wantsMoreChildren",
  "longDistanceRelationship",
  "openToRelocation",
  "tattoosOrPiercings",
  "hasPets",
  "petAllergies",
  "plasticSurgery",
]);
const INTEGER_FIELDS = new Set([
  "height",
  "weight",
  "childrenCount",
  "psychology.narcissism",
  "psychology.borderline",
  "psychology.empathy",
]);
const LIST_FIELDS = new Set([
  "languagesSpoken",
  "childrenAges",
  "citizenship",
  ...InterestCategory.options.map((c) => `interests.${c}`),
]);

/**
 * How list cells are joined on export. On import a cell with "|" is split on "|", else on ";",
 * else on ","; an exported list of one item holding ";" or "," ends with " |" to keep it whole.
 */
export const LIST_JOINER = " | ";

/** Header names recognised for each field, beyond the field's own name and its two catalog labels. */
const HEADER_ALIASES: Partial<Record<ClientCsvField, string[]>> = {
  email: [
    "e-mail",
    "email address",
    "e-mail address",
    "mail",
    "эл почта",
    "электронная почта",
    "почта",
    "емейл",
  ],
  firstName: ["first name", "first", "given name", "name", "имя"],
  lastName: ["last name", "surname", "family name", "last", "фамилия"],
  phone: [
    "phone number",
    "mobile",
    "mobile phone",
    "cell",
    "cell phone",
    "telephone",
    "tel",
    "телефон",
    "мобильный",
    "мобильный телефон",
  ],
  gender: ["sex", "пол"],
  dateOfBirth: [
    "birthday",
    "birth date",
    "birthdate",
    "dob",
    "date of birth",
    "день рождения",
    "дата рождения",
  ],
  height: ["height cm", "height (cm)", "рост см"],
  weight: ["weight kg", "weight (kg)", "вес кг"],
  incomeLevel: ["income", "annual income", "salary", "доход"],
  profession: ["occupation", "job", "job title", "профессия", "род занятий", "должность"],
  aboutMe: ["about", "about me", "bio", "description", "о себе"],
  marriageStatus: ["marital status", "семейное положение"],
  faith: ["religion", "religious beliefs", "религия"],
  educationLevel: ["education", "образование"],
  languagesSpoken: ["languages", "language", "языки"],
  childrenCount: ["children", "number of children", "kids", "дети", "количество детей"],
  wantsMoreChildren: ["wants children", "want children", "want more children", "wants kids"],
  citizenship: ["nationality", "citizenships", "гражданство"],
  longDistanceRelationship: ["long distance", "open to long distance"],
  openToRelocation: ["relocate", "willing to relocate", "relocation", "переезд"],
  politicalViews: ["politics", "political views", "политические взгляды"],
  bodyType: ["body type", "build", "телосложение"],
  tattoosOrPiercings: ["tattoos", "piercings", "татуировки"],
  hasPets: ["pets", "has pets", "домашние животные"],
  smoking: ["smoker", "smokes", "smoking", "курение"],
  alcohol: ["drinking", "drinker", "drinks", "алкоголь"],
  foodPreferences: ["diet", "питание"],
  zodiacSign: ["zodiac", "star sign", "sign", "знак зодиака"],
  lookingFor: ["looking for", "relationship goal", "что ищет"],
  familyPlan: ["family plans", "family plan"],
  city: ["town", "location city", "город"],
  country: ["country of residence", "страна"],
};

function labelsOf(field: ClientCsvField, catalog: Catalog): string[] {
  const [head, sub] = field.split(".") as [string, string | undefined];
  if (head === "interests" && sub) {
    const label = (catalog.profile.interestCategories as Record<string, string>)[sub];
    return label ? [label, `${catalog.profile.fields.interests}: ${label}`, `interests ${sub}`] : [];
  }
  if (head === "psychology" && sub) {
    const label = (catalog.profile.psychology as Record<string, string>)[sub];
    return label ? [label] : [];
  }
  const label = (catalog.profile.fields as Record<string, string>)[field];
  return label ? [label] : [];
}

const HEADER_TABLE = (() => {
  const table = new Map<string, ClientCsvField>();
  for (const field of CLIENT_CSV_FIELDS) {
    for (const name of [
      field,
      ...labelsOf(field, en),
      ...labelsOf(field, ru),
      ...(HEADER_ALIASES[field] ?? []),
    ]) {
      if (!table.has(fold(name))) table.set(fold(name), field);
    }
  }
  return table;
})();

/** The field each header most likely holds: each field at most once, the first header naming it wins. */
export function guessMapping(headers: readonly string[]): Record<string, ClientCsvField | null> {
  const taken = new Set<ClientCsvField>();
  const guess: Record<string, ClientCsvField | null> = {};
  for (const header of headers) {
    const field = HEADER_TABLE.get(fold(header)) ?? null;
    if (field && !taken.has(field) && !(header in guess)) {
      taken.add(field);
      guess[header] = field;
    } else if (!(header in guess)) {
      guess[header] = null;
    }
  }
  return guess;
}

export type CellProblem = { code: "invalid" | "unknown_value"; message: string };
export type CellValue = string | number | boolean | string[] | number[];

function splitList(cell: string): string[] {
  const separator = cell.includes("|") ? "|" : cell.includes(";") ? ";" : ",";
  return cell
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function parseInteger(cell: string): number | null {
  const match = /^([+-]?\d+)(?:[.,]0+)?\s*(?:cm|см|kg|кг)?$/i.exec(cell.trim());
  return match ? Number(match[1]) : null;
}

/** "1990-05-17", "17.05.1990" or "17/05/1990" (day first) as an ISO date; anything else as written. */
function parseDate(cell: string): string {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(cell);
  if (iso) return `${iso[1]}-${iso[2]!.padStart(2, "0")}-${iso[3]!.padStart(2, "0")}`;
  const dayFirst = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(cell);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]!.padStart(2, "0")}-${dayFirst[1]!.padStart(2, "0")}`;
  return cell;
}

/**
 * One cell as the questionnaire's value: codes or labels for a choice, yes/no in either language
 * for a flag, numbers, dates, lists. The contract checks the result (ranges, lengths, formats);
 * here only what cannot be read at all is a problem.
 */
export function parseCell(field: ClientCsvField, cell: string): CellValue | CellProblem {
  const enumTable = ENUM_VALUES.get(field);
  if (enumTable) {
    return enumTable.get(fold(cell)) ?? { code: "unknown_value", message: `Unknown value "${cell}"` };
  }
  if (field === "country") {
    return COUNTRY_VALUES.get(fold(cell)) ?? { code: "unknown_value", message: `Unknown country "${cell}"` };
  }
  if (field === "citizenship") {
    const codes: string[] = [];
    for (const item of splitList(cell)) {
      const code = COUNTRY_VALUES.get(fold(item));
      if (!code) return { code: "unknown_value", message: `Unknown country "${item}"` };
      codes.push(code);
    }
    return codes;
  }
  if (BOOLEAN_FIELDS.has(field)) {
    const value = BOOLEANS.get(fold(cell));
    return value ?? { code: "invalid", message: "Expected yes or no" };
  }
  if (INTEGER_FIELDS.has(field)) {
    return parseInteger(cell) ?? { code: "invalid", message: "Expected a whole number" };
  }
  if (field === "childrenAges") {
    const ages: number[] = [];
    for (const item of splitList(cell)) {
      const age = parseInteger(item);
      if (age === null) return { code: "invalid", message: "Expected whole numbers" };
      ages.push(age);
    }
    return ages;
  }
  if (LIST_FIELDS.has(field)) return splitList(cell);
  if (field === "dateOfBirth") return parseDate(cell.trim());
  return cell;
}

export const isProblem = (v: CellValue | CellProblem): v is CellProblem =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A client's stored questionnaire as the cells of one CSV row, in CLIENT_CSV_FIELDS order. */
export function toCells(email: string, fields: ProfileFields): string[] {
  const interests = fields.interests as Record<string, string[] | undefined>;
  const psychology = fields.psychology as Record<string, number | null>;
  return CLIENT_CSV_FIELDS.map((field) => {
    if (field === "email") return email;
    const [head, sub] = field.split(".") as [string, string | undefined];
    const value: unknown =
      head === "interests" && sub
        ? interests[sub]
        : head === "psychology" && sub
          ? psychology[sub]
          : (fields as Record<string, unknown>)[field];
    if (value === null || value === undefined) return "";
    if (Array.isArray(value)) {
      const joined = value.join(LIST_JOINER);
      return value.length === 1 && /[;,]/.test(joined) ? `${joined}${LIST_JOINER.trimEnd()}` : joined;
    }
    return String(value);
  });
}
