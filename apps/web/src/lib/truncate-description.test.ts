import { LIMITS } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { truncateDescription } from "./truncate-description";

describe("truncateDescription", () => {
  it("keeps text of up to 160 characters as it is", () => {
    const text = "a".repeat(LIMITS.descriptionPreviewChars);
    expect(truncateDescription(text)).toBe(text);
    expect(truncateDescription("Short bio")).toBe("Short bio");
  });

  it("cuts longer text to 160 characters including the ellipsis", () => {
    const result = truncateDescription("b".repeat(200));
    expect(Array.from(result)).toHaveLength(160);
    expect(result.endsWith("…")).toBe(true);
  });

  it("does not leave a space before the ellipsis", () => {
    expect(truncateDescription("one two three", 9)).toBe("one two…");
  });

  it("never splits an emoji", () => {
    const result = truncateDescription("😀".repeat(10), 5);
    expect(result).toBe("😀😀😀😀…");
  });

  it("trims surrounding whitespace", () => {
    expect(truncateDescription("  hello  ")).toBe("hello");
  });
});
