import { z } from "zod";
import { InterestCategory } from "./enums.js";

/**
 * The columns of a client CSV (issue 18, "CSV import and export"): the e-mail and every field of
 * the questionnaire (`ProfileFields`), the nested ones flattened with a dot. The export writes
 * exactly these headers in this order, and the import recognises them, so an export imports back
 * unchanged.
 */
export const CLIENT_CSV_FIELDS = [
  "email",
  "firstName",
  "lastName",
  "phone",
  "gender",
  "dateOfBirth",
  "height",
  "weight",
  "ethnicity",
  "incomeLevel",
  "country",
  "city",
  "profession",
  "aboutMe",
  "achievements",
  "marriageStatus",
  "relationshipStatus",
  "faith",
  "educationLevel",
  "university",
  "college",
  "languagesSpoken",
  "childrenCount",
  "wantsMoreChildren",
  "childrenAges",
  "citizenship",
  "longDistanceRelationship",
  "openToRelocation",
  "politicalViews",
  "bodyType",
  "hairColor",
  "eyeColor",
  "tattoosOrPiercings",
  "hasPets",
  "petAllergies",
  "plasticSurgery",
  "smoking",
  "alcohol",
  "foodPreferences",
  "foodAllergies",
  "loveLanguage",
  "zodiacSign",
  "lookingFor",
  "familyPlan",
  ...InterestCategory.options.map((c) => `interests.${c}` as const),
  "psychology.narcissism",
  "psychology.borderline",
  "psychology.empathy",
] as const;
export const ClientCsvField = z.enum(CLIENT_CSV_FIELDS);
export type ClientCsvField = z.infer<typeof ClientCsvField>;

/** What a row with the e-mail or phone of a client already there does: update that client, or skip the row. */
export const DuplicateMode = z.enum(["update", "skip"]);
export type DuplicateMode = z.infer<typeof DuplicateMode>;

export const CsvEncoding = z.enum(["utf-8", "windows-1251"]);
export const CsvSeparator = z.enum([",", ";"]);

/** The form's `mapping` field: file column (its header) to field; a column left out is not imported. */
export const ImportMapping = z.record(z.string().max(200), ClientCsvField.nullable());
export type ImportMapping = z.infer<typeof ImportMapping>;

export const ImportQuery = z.object({
  /** Answers the preview and the rows' errors without writing anything. */
  dryRun: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
  duplicates: DuplicateMode.default("update"),
  /** ADMIN: whose clients the rows become (a matchmaker's id); a matchmaker imports to their own. */
  matchmakerId: z.string().max(64).optional(),
});

/** Why a row (or one of its cells) was refused, for the page to translate; `message` says it in English. */
export const ImportErrorCode = z.enum(["required", "invalid", "unknown_value", "email_taken"]);
export type ImportErrorCode = z.infer<typeof ImportErrorCode>;

export const ImportRowError = z.object({
  /** The row's line in the file's data, 1 for the first row under the header. */
  row: z.number().int(),
  /** The field (of CLIENT_CSV_FIELDS) or "row" for the row as a whole. */
  field: z.string(),
  /** The file's column the value came from, when one did. */
  column: z.string().nullable(),
  code: ImportErrorCode,
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

/** The most errors one answer lists; `errorRows` still counts every refused row. */
export const IMPORT_ERRORS_SHOWN = 2000;
export const IMPORT_PREVIEW_ROWS = 10;

export const ImportResult = z.object({
  dryRun: z.boolean(),
  duplicates: DuplicateMode,
  encoding: CsvEncoding,
  separator: CsvSeparator,
  headers: z.array(z.string()),
  /** The field each header most likely holds, from its name. */
  mappingGuess: z.record(z.string(), ClientCsvField.nullable()),
  /** The mapping the rows were read with: the form's, or the guess when none was sent. */
  mapping: z.record(z.string(), ClientCsvField.nullable()),
  /** The first rows of the file as written, for the page's preview. */
  preview: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
  rows: z.number().int(),
  /** With `dryRun`, what an import would do. */
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errorRows: z.number().int(),
  errors: z.array(ImportRowError),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const ExportQuery = z.object({ format: z.enum(["csv"]).default("csv") });

export const CLIENT_IMPORT_ERRORS = ["IMPORT_FILE_REQUIRED", "IMPORT_FILE_UNREADABLE"] as const;
