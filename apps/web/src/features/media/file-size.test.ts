import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it("shows kilobytes below a megabyte, whole", () => {
    expect(formatFileSize(860_000, "en-US")).toBe("840 kB");
    expect(formatFileSize(10, "en-US")).toBe("1 kB");
  });

  it("shows megabytes with one decimal in the reader's locale", () => {
    expect(formatFileSize(1.5 * 1024 * 1024, "en-US")).toBe("1.5 MB");
    expect(formatFileSize(1.5 * 1024 * 1024, "ru-RU")).toBe("1,5 МБ");
    expect(formatFileSize(10 * 1024 * 1024, "en-US")).toBe("10 MB");
  });
});
