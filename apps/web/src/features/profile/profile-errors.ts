import { AGE_RANGE } from "@matchdesk/contract";
import { NUMBER_RANGES, TEXT_LIMITS } from "./profile-form";

/** A form error as react-hook-form keeps it: zodResolver puts the zod issue code in `type`. */
export type FormError = { type?: string | number; message?: string };

/** Most characters of one entry of each list field (the contract's limits). */
export const TAG_LIMITS: Partial<Record<string, number>> = {
  languagesSpoken: 40,
  interests: 40,
  "preferences.qualities": 60,
  "preferences.preferredCities": 100,
};

/**
 * What to say about a field's error: the server's own text, or a catalog key with its values. The
 * contract's messages are English, so the editor shows catalog texts chosen by field and issue.
 */
export function profileErrorText(
  path: string,
  error: FormError,
): { text: string } | { key: string; params?: Record<string, unknown> } {
  if (error.type === "server" && error.message) return { text: error.message };
  const type = String(error.type ?? "");
  const range = NUMBER_RANGES[path];
  if (path === "phone") return { key: "profile.errors.phone" };
  if (path === "dateOfBirth") {
    return type === "custom"
      ? { key: "profile.errors.age", params: AGE_RANGE }
      : { key: "profile.errors.date" };
  }
  if (path === "preferences.maxAge" && type === "custom") return { key: "profile.errors.maxAgeBelowMin" };
  if (path === "preferences.maxHeight" && type === "custom")
    return { key: "profile.errors.maxHeightBelowMin" };
  if (path === "childrenAges") {
    return type === "custom" ? { key: "profile.errors.tooManyAges" } : { key: "profile.errors.childAge" };
  }
  if (range) return { key: "profile.errors.range", params: range };
  const textLimit = TEXT_LIMITS[path];
  if (textLimit !== undefined) {
    return type === "too_big"
      ? { key: "validation.maxLength", params: { max: textLimit } }
      : { key: "validation.required" };
  }
  const tagLimit = TAG_LIMITS[path.startsWith("interests.") ? "interests" : path];
  if (tagLimit !== undefined) return { key: "profile.errors.tagTooLong", params: { max: tagLimit } };
  return { key: "profile.errors.invalid" };
}
