import { describe, expect, it } from "vitest";
import { cleanText, isStorableText, unstorableTextPaths } from "./text.js";

describe("[contract] text that can be stored", () => {
  it("refuses NUL and unpaired surrogates, keeps pairs and other control characters", () => {
    expect(isStorableText("Anna \u{1F600} Müller\tЖ")).toBe(true);
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("x\ud800y")).toBe(false);
    expect(isStorableText("x\udc00y")).toBe(false);
    expect(isStorableText("\ud83d")).toBe(false);
    expect(isStorableText("\ude00\ud83d")).toBe(false);
  });

  it("cleans each bad character and nothing else", () => {
    expect(cleanText("a\u0000b\ud800.pdf")).toBe("a\ufffdb\ufffd.pdf");
    expect(cleanText("a\u0000b.pdf", "_")).toBe("a_b.pdf");
    expect(cleanText("\u{1F600}.jpg")).toBe("\u{1F600}.jpg");
  });

  it("names every bad string and key by its dotted path", () => {
    expect(unstorableTextPaths("a\u0000")).toEqual([""]);
    expect(unstorableTextPaths({ firstName: "ok", city: null, n: 1 })).toEqual([]);
    expect(
      unstorableTextPaths({
        firstName: "a\u0000b",
        fields: { city: "x\ud800", "k\u0000": "v", tags: ["ok", "\udc00"] },
      }).sort(),
    ).toEqual(["fields.city", "fields.k\ufffd", "fields.tags.1", "firstName"]);
  });

  it("walks a deeply nested body without overflowing the stack", () => {
    let value: unknown = "a\u0000";
    for (let i = 0; i < 200_000; i++) value = [value];
    expect(unstorableTextPaths(value)).toHaveLength(1);
  });
});
