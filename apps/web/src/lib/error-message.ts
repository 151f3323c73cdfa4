/** What error-message needs from i18next; a plain object in tests. */
export type Translator = {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
};

const SEPARATOR = "; ";

/**
 * SPEC 8, the one rule for turning any error into text: the catalog's `errors.<CODE>` when it has one,
 * else the field error lists of `errors` joined, else `message` (a string, or an array of constraint
 * texts joined), else the error's own message, else the catalog default.
 */
export function errorMessage(error: unknown, translator: Translator): string {
  const record = asRecord(error);
  const body = asRecord(record?.body) ?? record;

  const code = stringOf(record?.code) ?? stringOf(body?.code);
  if (code && translator.exists(`errors.${code}`)) {
    return translator.t(`errors.${code}`, { ...body, code });
  }

  const fieldErrors = joinFieldErrors(body?.errors);
  if (fieldErrors) return fieldErrors;

  const message = body?.message;
  if (typeof message === "string" && message.trim() !== "") return message;
  if (Array.isArray(message)) {
    const joined = message.flatMap(constraintTexts).join(SEPARATOR);
    if (joined) return joined;
  }

  if (error instanceof Error && error.message.trim() !== "") return error.message;
  return translator.t("errors.default");
}

function joinFieldErrors(errors: unknown): string {
  const record = asRecord(errors);
  if (!record) return "";
  return Object.values(record).flatMap(constraintTexts).join(SEPARATOR);
}

/** A field's errors: a string, a list of strings, or a class-validator item `{ constraints: {...} }`. */
function constraintTexts(value: unknown): string[] {
  if (typeof value === "string") return value.trim() === "" ? [] : [value];
  if (Array.isArray(value)) return value.flatMap(constraintTexts);
  const record = asRecord(value);
  if (record && asRecord(record.constraints))
    return Object.values(record.constraints as object).flatMap(constraintTexts);
  return [];
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
