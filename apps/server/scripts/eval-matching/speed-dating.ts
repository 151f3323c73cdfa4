import { createReadStream } from "node:fs";
import type { ProfileFields } from "@matchdesk/contract";
import { parse } from "csv-parse";
import { EMPTY_MATCH_INPUT } from "../../src/modules/matching/compatibility-engine.js";
import type { Importance, LearningProfile } from "../../src/modules/matching/learning/questionnaire.js";

// Reads a speed-dating file (the columns of the Columbia speed-dating experiment) and maps each
// participant's questionnaire to ours. docs/matching-evaluation.md lists the mapping and what our
// questionnaire has no field for.

export type Row = Record<string, string>;

/** The columns a file must have; every other column is optional (a missing one reads as unanswered). */
export const REQUIRED_COLUMNS = ["iid", "pid", "wave", "order", "gender", "dec", "match"] as const;

/** Streams the file through csv-parse, one record at a time. */
export async function readRows(file: string): Promise<Row[]> {
  const rows: Row[] = [];
  const parser = createReadStream(file).pipe(
    parse({ columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }),
  );
  let checked = false;
  for await (const record of parser as AsyncIterable<Row>) {
    if (!checked) {
      const missing = REQUIRED_COLUMNS.filter((c) => !(c in record));
      if (missing.length > 0) throw new Error(`${file}: missing columns ${missing.join(", ")}`);
      checked = true;
    }
    rows.push(record);
  }
  return rows;
}

/** A number from a cell: empty is null, thousands separators are dropped. */
export function num(row: Row, column: string): number | null {
  const raw = row[column]?.replaceAll(",", "").trim();
  if (!raw) return null;
  const v = Number(raw);
  return Number.isFinite(v) ? v : null;
}

/** The fixed date ages are computed on, so a run never depends on the clock. */
export const REFERENCE_DAY = new Date("2026-01-01T00:00:00Z");

const ETHNICITY: Record<number, ProfileFields["ethnicity"]> = {
  1: "BLACK_AFRICAN",
  2: "WHITE",
  3: "HISPANIC_LATINO",
  4: "ASIAN",
  5: "NATIVE",
  6: "OTHER",
};

const LOOKING_FOR: Record<number, ProfileFields["lookingFor"]> = {
  1: "NOT_LOOKING", // "seemed like a fun night out"
  2: "MEET_NEW_PEOPLE",
  3: "CASUAL_DATING", // "to get a date"
  4: "SERIOUS_RELATIONSHIP",
  5: "NOT_LOOKING", // "to say I did it"
  6: "NOT_SURE", // "other"
};

const CAREER: Record<number, string> = {
  1: "Lawyer",
  2: "Academic / research",
  3: "Psychologist",
  4: "Doctor / medicine",
  5: "Engineer",
  6: "Creative arts / entertainment",
  7: "Business / finance / consulting",
  8: "Real estate",
  9: "International / humanitarian affairs",
  10: "Undecided",
  11: "Social work",
  12: "Speech pathology",
  13: "Politics",
  14: "Sports",
  15: "Other",
  16: "Journalism",
  17: "Architecture",
};

/** Our interest categories, each with the data's 1-10 interests that fall in it. */
export const INTEREST_MAP: Record<string, string[]> = {
  sports: ["sports", "tvsports"],
  active_lifestyle: ["exercise", "hiking", "yoga"],
  food_and_drinks: ["dining"],
  creativity: ["art", "museums", "theater", "reading"],
  social_life: ["clubbing", "shopping"],
  home_time: ["gaming", "tv"],
  movie: ["movies"],
  music: ["music", "concerts"],
};
/** An interest rated at least this (of 10) is one the person lists. */
export const INTEREST_LISTED = 7;

/** 1-10 importance to our low / medium / high. */
export function importance(v: number | null): Importance | undefined {
  if (v === null) return undefined;
  return v <= 3 ? "low" : v <= 7 ? "medium" : "high";
}

/** What one looks for (sign-up questionnaire, `*1_1`): points over the qualities. */
const WANTED: Record<string, string> = {
  attractive: "attr1_1",
  sincere: "sinc1_1",
  intelligent: "intel1_1",
  fun: "fun1_1",
  ambitious: "amb1_1",
  sharedInterests: "shar1_1",
};
/** How one rates oneself (sign-up questionnaire, `*3_1`), 1-10. */
const SELF: Record<string, string> = {
  attractive: "attr3_1",
  sincere: "sinc3_1",
  intelligent: "intel3_1",
  fun: "fun3_1",
  ambitious: "amb3_1",
};

/**
 * The data's frequency scale as times a week: 1 several a week, 2 twice a week, 3 once a week,
 * 4 twice a month, 5 once a month, 6 several a year, 7 almost never.
 */
const TIMES_A_WEEK: Record<number, number> = { 1: 3, 2: 2, 3: 1, 4: 0.5, 5: 0.25, 6: 0.1, 7: 0 };
const timesAWeek = (v: number | null) => (v === null ? null : (TIMES_A_WEEK[v] ?? null));

/** The answered ones of `columns` under `key`, or nothing when none is answered. */
function answered<K extends string>(key: K, columns: Record<string, string>, row: Row) {
  const out: Record<string, number> = {};
  for (const [quality, column] of Object.entries(columns)) {
    const v = num(row, column);
    if (v !== null) out[quality] = v;
  }
  return Object.keys(out).length > 0 ? ({ [key]: out } as Record<K, Record<string, number>>) : {};
}

/** One participant's questionnaire as our profile and preferences. */
export function toProfile(row: Row): LearningProfile {
  const gender = num(row, "gender");
  const age = num(row, "age");
  const interests: Record<string, string[]> = {};
  for (const [cat, columns] of Object.entries(INTEREST_MAP)) {
    const listed = columns.filter((c) => (num(row, c) ?? 0) >= INTEREST_LISTED);
    if (listed.length > 0) interests[cat] = listed;
  }
  const goOut = num(row, "go_out");
  if (goOut !== null && goOut <= 2) interests.social_life = [...(interests.social_life ?? []), "going out"];
  const race = num(row, "race");
  const goal = num(row, "goal");
  const career = num(row, "career_c");
  const ethnicityImportance = importance(num(row, "imprace"));
  const faithImportance = importance(num(row, "imprelig"));
  return {
    match: {
      fields: {
        ...EMPTY_MATCH_INPUT.fields,
        gender: gender === 1 ? "MALE" : gender === 0 ? "FEMALE" : null,
        dateOfBirth: age === null ? null : `${REFERENCE_DAY.getUTCFullYear() - Math.round(age) - 1}-07-01`,
        interests,
      },
      preferences: { ...EMPTY_MATCH_INPUT.preferences, orientation: "STRAIGHT" },
    },
    ethnicity: race === null ? null : (ETHNICITY[race] ?? null),
    lookingFor: goal === null ? null : (LOOKING_FOR[goal] ?? null),
    profession: career === null ? null : (CAREER[career] ?? null),
    importance: {
      ...(ethnicityImportance ? { ethnicity: ethnicityImportance } : {}),
      ...(faithImportance ? { faith: faithImportance } : {}),
    },
    ...answered("qualitiesWanted", WANTED, row),
    ...answered("selfDescription", SELF, row),
    frequency: { dates: timesAWeek(num(row, "date")), goesOut: timesAWeek(goOut) },
  };
}
