import { LIMITS } from "@matchdesk/contract";

const ELLIPSIS = "…";

/**
 * SPEC 9: a description preview is at most 160 characters, ellipsis included. Counts code points,
 * so an emoji is never cut in half, and drops the whitespace left before the ellipsis.
 */
export function truncateDescription(text: string, maxChars: number = LIMITS.descriptionPreviewChars): string {
  const chars = Array.from(text.trim());
  if (chars.length <= maxChars) return chars.join("");
  return (
    chars
      .slice(0, Math.max(0, maxChars - 1))
      .join("")
      .trimEnd() + ELLIPSIS
  );
}
