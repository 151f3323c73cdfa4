import { describe, expect, it } from "vitest";
import { formatIsoDay, joinLocalDateTime, splitLocalDateTime } from "../date-format";
import { parseTypedDay } from "./parse-day";

describe("date input formats", () => {
  it("reads a day typed in the app's language as an ISO day", () => {
    expect(parseTypedDay("12.04.1991", "ru-RU")).toBe("1991-04-12");
    expect(parseTypedDay("1.4.1991", "ru-RU")).toBe("1991-04-01");
    expect(parseTypedDay("04/12/1991", "en-US")).toBe("1991-04-12");
    expect(parseTypedDay("1991-04-12", "en-US")).toBe("1991-04-12");
  });

  it("reads nothing from a day not yet typed in full or not on the calendar", () => {
    expect(parseTypedDay("12.04.199", "ru-RU")).toBeNull();
    expect(parseTypedDay("31.02.2020", "ru-RU")).toBeNull();
    expect(parseTypedDay("12.04.1991", "en-US")).toBeNull();
    expect(parseTypedDay("", "ru-RU")).toBeNull();
  });

  it("shows an ISO day as typed in each language", () => {
    expect(formatIsoDay("1991-04-12", "ru-RU")).toBe("12.04.1991");
    expect(formatIsoDay("1991-04-12", "en-US")).toBe("04/12/1991");
    expect(formatIsoDay(null, "en-US")).toBe("");
  });

  it("splits and joins a local date-time", () => {
    expect(splitLocalDateTime("2099-06-01T19:30")).toEqual({ day: "2099-06-01", time: "19:30" });
    expect(joinLocalDateTime("2099-06-01", "19:30:00")).toBe("2099-06-01T19:30");
    expect(joinLocalDateTime("2099-06-01", "")).toBe("");
    expect(joinLocalDateTime(null, "19:30")).toBe("");
  });
});
