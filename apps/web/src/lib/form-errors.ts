/** A server-side error to show on one field of a form. `message` undefined: show the translated error. */
export type ServerFieldError<F extends string> = { field: F; message: string | undefined };

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/**
 * The errors of a failed request that belong on the form's own fields: a code known to concern one
 * field (EMAIL_TAKEN on `email`), else the `errors` lists of API.md for fields the form has.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fieldOfCode: Partial<Record<string, F>> = {},
): ServerFieldError<F>[] {
  const record = asRecord(error);
  const body = asRecord(record?.body) ?? record;
  const code = typeof record?.code === "string" ? record.code : body?.code;
  const codeField = typeof code === "string" ? fieldOfCode[code] : undefined;
  if (codeField) return [{ field: codeField, message: undefined }];

  const errors = asRecord(body?.errors) ?? {};
  return fields.flatMap((field) => {
    const value = errors[field];
    const texts = (Array.isArray(value) ? value : [value]).filter(
      (text): text is string => typeof text === "string" && text.trim() !== "",
    );
    return texts.length > 0 ? [{ field, message: texts.join("; ") }] : [];
  });
}

type SetError<F extends string> = (field: F, error: { type: string; message: string }) => void;

/**
 * Puts a failed request's field errors on their fields (react-hook-form's setError) and answers
 * whether any was placed; if none, the caller shows the error as a whole.
 */
export function applyServerErrors<F extends string>(
  error: unknown,
  setError: SetError<F>,
  toMessage: (error: unknown) => string,
  fields: readonly F[],
  fieldOfCode: Partial<Record<string, F>> = {},
): boolean {
  const placed = serverFieldErrors(error, fields, fieldOfCode);
  for (const { field, message } of placed)
    setError(field, { type: "server", message: message ?? toMessage(error) });
  return placed.length > 0;
}
