/**
 * The one rule for text that reaches the database: PostgreSQL refuses NUL (U+0000) in `text` and
 * `jsonb`, and a UTF-16 surrogate without its pair in `jsonb` (in `text` node-postgres would
 * silently turn it into U+FFFD). A request carrying either anywhere (a value or an object key of
 * its body, query or path, a multipart field, a signed webhook's JSON) is refused with 400
 * VALIDATION_FAILED and a field error on each such field; an uploaded file's name is cleaned
 * instead (`cleanText`). The server applies it to every route in `route()`, before the schemas,
 * so no endpoint can forget it (docs/architecture.md, "Request path").
 */

/** NUL, or a surrogate code unit that is not half of a pair (`u` makes a pair one code point). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this rule refuses
const UNSTORABLE = /[\u0000\p{Cs}]/u;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, "gu");

/** The field error of a refused string. */
export const UNSTORABLE_TEXT_MESSAGE =
  "Contains a character that cannot be stored (U+0000 or an unpaired UTF-16 surrogate)";

/** Whether `text` may be stored as it is. */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** `text` with each character that cannot be stored replaced (by U+FFFD unless told). */
export const cleanText = (text: string, replacement = "\ufffd"): string =>
  text.replace(UNSTORABLE_ALL, replacement);

/**
 * The paths of every string and object key in `value` that cannot be stored, dotted as the API's
 * field errors are (`fields.city`, `items.0.smId`; "" for `value` itself). A bad key is named with
 * its characters replaced, so the answer never echoes them. Walks with its own stack: a body of
 * deeply nested arrays cannot overflow the call stack.
 */
export function unstorableTextPaths(value: unknown): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  const join = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === "string") {
      if (!isStorableText(item.value)) found.push(item.path);
    } else if (Array.isArray(item.value)) {
      item.value.forEach((element, index) => {
        stack.push({ value: element, path: join(item.path, String(index)) });
      });
    } else if (item.value !== null && typeof item.value === "object") {
      for (const [key, element] of Object.entries(item.value)) {
        const path = join(item.path, cleanText(key));
        if (!isStorableText(key)) found.push(path);
        stack.push({ value: element, path });
      }
    }
  }
  return found.reverse();
}
