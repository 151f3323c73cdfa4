import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format-date";

describe("formatDateTime", () => {
  it("prints dd.mm.yyyy hh:mm in UTC", () => {
    expect(formatDateTime("2025-03-07T09:05:59Z")).toBe("07.03.2025 09:05");
  });

  it("converts other offsets to UTC, across a day boundary", () => {
    expect(formatDateTime("2025-01-01T01:30:00+03:00")).toBe("31.12.2024 22:30");
  });

  it("accepts Date objects and timestamps", () => {
    expect(formatDateTime(new Date(Date.UTC(2024, 11, 31, 23, 59)))).toBe("31.12.2024 23:59");
    expect(formatDateTime(0)).toBe("01.01.1970 00:00");
  });

  it("prints nothing for missing or invalid values", () => {
    expect(formatDateTime(undefined)).toBe("");
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("")).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });
});

describe("formatDate", () => {
  it("prints a calendar date as dd.mm.yyyy", () => {
    expect(formatDate("1990-05-07")).toBe("07.05.1990");
    expect(formatDate("2025-03-07T23:05:59Z")).toBe("07.03.2025");
  });

  it("prints nothing for missing or invalid values", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("31.12.1990")).toBe("");
  });
});
