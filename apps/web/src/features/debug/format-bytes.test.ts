import { describe, expect, it } from "vitest";
import { formatMegabytes } from "./format-bytes";

describe("formatMegabytes", () => {
  it("prints megabytes with one decimal", () => {
    expect(formatMegabytes(12.5 * 1024 * 1024, "en-US")).toBe("12.5 MB");
    expect(formatMegabytes(0, "en-US")).toBe("0.0 MB");
  });

  it("follows the locale", () => {
    expect(formatMegabytes(1.5 * 1024 * 1024, "ru-RU").replace(/\s/g, " ")).toBe("1,5 МБ");
  });
});
