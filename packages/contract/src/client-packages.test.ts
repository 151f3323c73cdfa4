import { describe, expect, it } from "vitest";
import {
  addDays,
  CreatePackageBody,
  daysBetween,
  deliveredWindow,
  isDelivered,
  type PackageTerms,
  packageProgress,
  periodsOverlap,
  planPause,
} from "./client-packages.js";

const terms = (o: Partial<PackageTerms> = {}): PackageTerms => ({
  introductionsPromised: 10,
  startsOn: "2026-01-01",
  // 100 days: 1 January to 10 April 2026.
  endsOn: "2026-04-10",
  pausedFrom: null,
  pausedUntil: null,
  ...o,
});

describe("[packages] day arithmetic", () => {
  it("adds days and counts them across months, leap days and years", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2023-02-28", 1)).toBe("2023-03-01");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-01-01", "2026-04-11")).toBe(100);
    expect(daysBetween("2026-04-11", "2026-01-01")).toBe(-100);
  });

  it("tells overlapping periods apart from neighbouring ones", () => {
    const a = { startsOn: "2026-01-01", endsOn: "2026-01-31" };
    expect(periodsOverlap(a, { startsOn: "2026-01-31", endsOn: "2026-02-28" })).toBe(true);
    expect(periodsOverlap(a, { startsOn: "2025-12-01", endsOn: "2026-01-01" })).toBe(true);
    expect(periodsOverlap(a, { startsOn: "2026-01-10", endsOn: "2026-01-12" })).toBe(true);
    expect(periodsOverlap(a, { startsOn: "2026-02-01", endsOn: "2026-02-28" })).toBe(false);
    expect(periodsOverlap(a, { startsOn: "2025-12-01", endsOn: "2025-12-31" })).toBe(false);
  });

  it("refuses a package that ends before it starts, and takes one of a single day", () => {
    const body = { introductionsPromised: 1, price: 0, currency: "RUB" as const };
    expect(
      CreatePackageBody.safeParse({ ...body, startsOn: "2026-01-02", endsOn: "2026-01-01" }).success,
    ).toBe(false);
    expect(
      CreatePackageBody.safeParse({ ...body, startsOn: "2026-01-02", endsOn: "2026-01-02" }).success,
    ).toBe(true);
    expect(
      CreatePackageBody.safeParse({ ...body, startsOn: "2026-02-30", endsOn: "2026-03-02" }).success,
    ).toBe(false);
  });
});

describe("[packages] delivered window", () => {
  const p = { startsOn: "2026-01-01", endsOn: "2026-01-31" };

  it("runs from the first moment of the start day to the last moment of the end day", () => {
    expect(deliveredWindow(p)).toEqual({
      from: new Date("2026-01-01T00:00:00.000Z"),
      to: new Date("2026-02-01T00:00:00.000Z"),
    });
  });

  it("counts both boundary days whole and nothing outside them", () => {
    expect(isDelivered(new Date("2026-01-01T00:00:00.000Z"), p)).toBe(true);
    expect(isDelivered(new Date("2026-01-31T23:59:59.999Z"), p)).toBe(true);
    expect(isDelivered(new Date("2025-12-31T23:59:59.999Z"), p)).toBe(false);
    expect(isDelivered(new Date("2026-02-01T00:00:00.000Z"), p)).toBe(false);
  });

  it("counts a one-day package's whole day", () => {
    const day = { startsOn: "2026-03-05", endsOn: "2026-03-05" };
    expect(isDelivered(new Date("2026-03-05T12:00:00Z"), day)).toBe(true);
    expect(isDelivered(new Date("2026-03-06T00:00:00Z"), day)).toBe(false);
  });
});

describe("[packages] pro-rata progress", () => {
  it("expects nothing before the start and on the first day", () => {
    expect(packageProgress(terms(), 0, "2025-12-20")).toEqual({
      status: "upcoming",
      totalDays: 100,
      elapsedDays: 0,
      expectedByNow: 0,
      behindSchedule: false,
    });
    expect(packageProgress(terms(), 0, "2026-01-01")).toMatchObject({
      status: "active",
      elapsedDays: 0,
      expectedByNow: 0,
      behindSchedule: false,
    });
  });

  it("expects the promised share of the days passed, rounded down", () => {
    // 9 days passed of 100: 0.9 introductions, none due yet.
    expect(packageProgress(terms(), 0, "2026-01-10")).toMatchObject({ elapsedDays: 9, expectedByNow: 0 });
    // 10 days: one due.
    expect(packageProgress(terms(), 0, "2026-01-11")).toMatchObject({
      elapsedDays: 10,
      expectedByNow: 1,
      behindSchedule: true,
    });
    expect(packageProgress(terms(), 1, "2026-01-11")).toMatchObject({ behindSchedule: false });
    // Halfway: 5 due; 4 delivered is behind, 5 or more is not.
    expect(packageProgress(terms(), 4, "2026-02-20")).toMatchObject({
      elapsedDays: 50,
      expectedByNow: 5,
      behindSchedule: true,
    });
    expect(packageProgress(terms(), 7, "2026-02-20")).toMatchObject({ behindSchedule: false });
  });

  it("on the last day still runs; after it, everything was due but it is no longer behind schedule", () => {
    expect(packageProgress(terms(), 0, "2026-04-10")).toMatchObject({
      status: "active",
      elapsedDays: 99,
      expectedByNow: 9,
      behindSchedule: true,
    });
    expect(packageProgress(terms(), 3, "2026-04-11")).toEqual({
      status: "ended",
      totalDays: 100,
      elapsedDays: 100,
      expectedByNow: 10,
      behindSchedule: false,
    });
  });

  it("stops the clock during a pause and counts it again after", () => {
    // Paused 20 days from 21 January; the end moved from 10 April to 30 April.
    const paused = terms({ pausedFrom: "2026-01-21", pausedUntil: "2026-02-10", endsOn: "2026-04-30" });
    expect(packageProgress(paused, 0, "2026-01-21")).toMatchObject({
      status: "paused",
      totalDays: 100,
      elapsedDays: 20,
      expectedByNow: 2,
    });
    // Inside the pause the elapsed days stay where they were.
    expect(packageProgress(paused, 0, "2026-02-09")).toMatchObject({ status: "paused", elapsedDays: 20 });
    expect(packageProgress(paused, 2, "2026-02-09")).toMatchObject({ behindSchedule: false });
    expect(packageProgress(paused, 1, "2026-02-09")).toMatchObject({ behindSchedule: true });
    // The day it runs again, and ten days later.
    expect(packageProgress(paused, 0, "2026-02-10")).toMatchObject({ status: "active", elapsedDays: 20 });
    expect(packageProgress(paused, 0, "2026-02-20")).toMatchObject({ elapsedDays: 30, expectedByNow: 3 });
    expect(packageProgress(paused, 0, "2026-05-01")).toMatchObject({ status: "ended", elapsedDays: 100 });
  });
});

describe("[packages] pause", () => {
  it("starts today and moves the end date by its length", () => {
    expect(planPause(terms(), "2026-01-21", "2026-02-10")).toEqual({
      pausedFrom: "2026-01-21",
      pausedUntil: "2026-02-10",
      days: 20,
      endsOn: "2026-04-30",
    });
  });

  it("lasts from one to 90 days", () => {
    expect(planPause(terms(), "2026-01-21", "2026-01-22")).toMatchObject({ days: 1, endsOn: "2026-04-11" });
    expect(planPause(terms(), "2026-01-21", addDays("2026-01-21", 90))).toMatchObject({
      days: 90,
      endsOn: "2026-07-09",
    });
    for (const until of ["2026-01-21", "2026-01-20", addDays("2026-01-21", 91)])
      expect(planPause(terms(), "2026-01-21", until)).toEqual({ refusal: "PACKAGE_PAUSE_DATE_INVALID" });
  });

  it("is refused a second time, before the start and after the end", () => {
    const paused = terms({ pausedFrom: "2026-01-21", pausedUntil: "2026-02-10", endsOn: "2026-04-30" });
    expect(planPause(paused, "2026-03-01", "2026-03-05")).toEqual({ refusal: "PACKAGE_ALREADY_PAUSED" });
    expect(planPause(terms(), "2025-12-31", "2026-01-05")).toEqual({ refusal: "PACKAGE_NOT_ACTIVE" });
    expect(planPause(terms(), "2026-04-11", "2026-04-20")).toEqual({ refusal: "PACKAGE_NOT_ACTIVE" });
    // The last day may still be paused.
    expect(planPause(terms(), "2026-04-10", "2026-04-20")).toMatchObject({ days: 10, endsOn: "2026-04-20" });
  });
});
