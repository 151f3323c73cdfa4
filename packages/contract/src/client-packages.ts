import { z } from "zod";
import { Id, PageQuery, pageOf } from "./common.js";
import { Currency } from "./marketplace.js";

// Client packages (API.md "Introductions after the match"): what a matchmaker sold a client
// (introductions promised over a period, for a price) and what was delivered, i.e. introductions
// of the client that reached `introduced` inside the period. The day arithmetic lives here, beside
// the schemas, so the server and the web app's pause preview count days the same way.

export const PACKAGE_LIMITS = {
  introductionsMax: 1000,
  priceMax: 100_000_000,
  /** One pause per package, at most this many days. */
  pauseDaysMax: 90,
} as const;

/** A calendar day (`yyyy-mm-dd`, UTC); years kept to what the rest of the app handles. */
export const PackageDay = z.iso
  .date({ message: "Invalid date" })
  .refine((d) => d >= "2000-01-01" && d <= "2100-12-31", { message: "Choose a date between 2000 and 2100" });

export const CreatePackageBody = z
  .object({
    introductionsPromised: z
      .number()
      .int()
      .min(1, { message: "At least 1" })
      .max(PACKAGE_LIMITS.introductionsMax, { message: `Maximum is ${PACKAGE_LIMITS.introductionsMax}` }),
    startsOn: PackageDay,
    endsOn: PackageDay,
    price: z
      .number()
      .int()
      .min(0, { message: "Value cannot be negative" })
      .max(PACKAGE_LIMITS.priceMax, { message: `Maximum is ${PACKAGE_LIMITS.priceMax}` }),
    currency: Currency,
  })
  .refine((b) => b.endsOn >= b.startsOn, {
    message: "The end comes on or after the start",
    path: ["endsOn"],
  });
export type CreatePackageBody = z.infer<typeof CreatePackageBody>;

/** The pause starts today and lasts until `until` (the package runs again that day). */
export const PausePackageBody = z.object({ until: PackageDay });
export type PausePackageBody = z.infer<typeof PausePackageBody>;

export const PackageParams = z.object({ id: Id, packageId: Id });

/** Where a package stands today: not started, running, paused, or past its end date. */
export const PackageStatus = z.enum(["upcoming", "active", "paused", "ended"]);
export type PackageStatus = z.infer<typeof PackageStatus>;

export const PackagePauseView = z.object({
  startsOn: PackageDay,
  /** The first day the package runs again. */
  until: PackageDay,
  days: z.number().int(),
});
export type PackagePauseView = z.infer<typeof PackagePauseView>;

export const PackageView = z.object({
  id: Id,
  clientId: Id,
  introductionsPromised: z.number().int(),
  startsOn: PackageDay,
  /** The end date, moved by the pause if there was one (the last day, inclusive). */
  endsOn: PackageDay,
  price: z.number().int(),
  currency: Currency,
  /** Introductions of the client that reached `introduced` between the start and the end. */
  delivered: z.number().int(),
  /** The whole introductions due by today, pro rata of the running days elapsed (pause days do not count). */
  expectedByNow: z.number().int(),
  /** Running or paused, with fewer delivered than expected by now. */
  behindSchedule: z.boolean(),
  status: PackageStatus,
  /** Days the package runs (the period without its pause) and how many of them have passed. */
  totalDays: z.number().int(),
  elapsedDays: z.number().int(),
  pause: PackagePauseView.nullable(),
  createdAt: z.iso.datetime(),
});
export type PackageView = z.infer<typeof PackageView>;

/** A client's packages, newest first. */
export const PackagesView = z.object({ items: z.array(PackageView) });
export type PackagesView = z.infer<typeof PackagesView>;

export const PackagesOverviewQuery = PageQuery;
export type PackagesOverviewQuery = z.infer<typeof PackagesOverviewQuery>;

export const PackageOverviewItem = PackageView.extend({
  clientFirstName: z.string(),
  clientLastName: z.string(),
  clientAvatarUrl: z.string().nullable(),
});
export type PackageOverviewItem = z.infer<typeof PackageOverviewItem>;

/** The caller's clients' running packages, those behind schedule first; `behindSchedule` counts them. */
export const PackagesOverview = pageOf(PackageOverviewItem).extend({ behindSchedule: z.number().int() });
export type PackagesOverview = z.infer<typeof PackagesOverview>;

export const PACKAGE_ERRORS = [
  "PACKAGE_NOT_FOUND",
  "PACKAGE_ALREADY_PAUSED",
  /** A pause of a package that has not started or has ended. */
  "PACKAGE_NOT_ACTIVE",
  /** `until` is not between tomorrow and 90 days ahead. */
  "PACKAGE_PAUSE_DATE_INVALID",
  /** Two packages of one client would share days (an introduction would count for both). */
  "PACKAGE_OVERLAPS",
] as const;

// Day arithmetic: calendar days as `yyyy-mm-dd` strings, in UTC.

const DAY_MS = 86_400_000;
const toEpochDay = (day: string) =>
  Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) / DAY_MS;
const fromEpochDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The UTC calendar day of a moment. */
export const dayOf = (moment: Date): string => moment.toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => fromEpochDay(toEpochDay(day) + days);
/** Days from `from` to `to` (negative when `to` comes first). */
export const daysBetween = (from: string, to: string): number => toEpochDay(to) - toEpochDay(from);

/**
 * The moments an introduction counts as delivered: from the start day's first moment to the end
 * day's last, as a half-open range [from, to). The server's SQL counts with the same bounds.
 */
export function deliveredWindow(p: { startsOn: string; endsOn: string }): { from: Date; to: Date } {
  return { from: new Date(`${p.startsOn}T00:00:00Z`), to: new Date(`${addDays(p.endsOn, 1)}T00:00:00Z`) };
}
export function isDelivered(introducedAt: Date, p: { startsOn: string; endsOn: string }): boolean {
  const { from, to } = deliveredWindow(p);
  return introducedAt >= from && introducedAt < to;
}

/** Whether two periods share a day (both inclusive). */
export const periodsOverlap = (
  a: { startsOn: string; endsOn: string },
  b: { startsOn: string; endsOn: string },
): boolean => a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;

export type PackageTerms = {
  introductionsPromised: number;
  startsOn: string;
  endsOn: string;
  pausedFrom: string | null;
  pausedUntil: string | null;
};

export type PackageProgress = {
  status: PackageStatus;
  totalDays: number;
  elapsedDays: number;
  expectedByNow: number;
  behindSchedule: boolean;
};

/** Days of [from, to) that also lie in [from2, to2), all as day numbers. */
const overlapDays = (from: number, to: number, from2: number, to2: number) =>
  Math.max(0, Math.min(to, to2) - Math.max(from, from2));

/**
 * How a package stands on `today`. The running days are the period without its pause; the days
 * before today that ran are elapsed; expected by now is the promised share of them, rounded down
 * (a whole introduction is due only once its share of the period has passed, so a new package is
 * never behind on its first day).
 */
export function packageProgress(p: PackageTerms, delivered: number, today: string): PackageProgress {
  // Day numbers: the overview runs this for every running package of a matchmaker.
  const start = toEpochDay(p.startsOn);
  const end = toEpochDay(p.endsOn) + 1;
  const now = toEpochDay(today);
  const hasPause = p.pausedFrom !== null && p.pausedUntil !== null;
  const pauseFrom = hasPause ? toEpochDay(p.pausedFrom as string) : 0;
  const pauseUntil = hasPause ? toEpochDay(p.pausedUntil as string) : 0;
  const totalDays = Math.max(1, end - start - (pauseUntil - pauseFrom));
  const passed = overlapDays(start, end, start, now);
  const paused = overlapDays(pauseFrom, pauseUntil, start, now);
  const elapsedDays = Math.min(totalDays, Math.max(0, passed - paused));
  const expectedByNow = Math.floor((p.introductionsPromised * elapsedDays) / totalDays);
  const isPaused = hasPause && now >= pauseFrom && now < pauseUntil;
  const status: PackageStatus =
    now < start ? "upcoming" : now >= end ? "ended" : isPaused ? "paused" : "active";
  const isRunning = status === "active" || status === "paused";
  return {
    status,
    totalDays,
    elapsedDays,
    expectedByNow,
    behindSchedule: isRunning && delivered < expectedByNow,
  };
}

export type PauseRefusal = "PACKAGE_ALREADY_PAUSED" | "PACKAGE_NOT_ACTIVE" | "PACKAGE_PAUSE_DATE_INVALID";

/**
 * A pause from today until `until`: the end date moves by its length. Refused for a second pause,
 * a package that has not started or has ended, and an `until` not between tomorrow and 90 days on.
 */
export function planPause(
  p: Pick<PackageTerms, "startsOn" | "endsOn" | "pausedFrom">,
  today: string,
  until: string,
): { refusal: PauseRefusal } | { pausedFrom: string; pausedUntil: string; days: number; endsOn: string } {
  if (p.pausedFrom !== null) return { refusal: "PACKAGE_ALREADY_PAUSED" };
  if (today < p.startsOn || today > p.endsOn) return { refusal: "PACKAGE_NOT_ACTIVE" };
  const days = daysBetween(today, until);
  if (days < 1 || days > PACKAGE_LIMITS.pauseDaysMax) return { refusal: "PACKAGE_PAUSE_DATE_INVALID" };
  return { pausedFrom: today, pausedUntil: until, days, endsOn: addDays(p.endsOn, days) };
}
