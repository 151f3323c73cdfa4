import { describe, expect, it } from "vitest";
import { nudgesDue } from "./nudges.js";

const DAY = 86_400_000;
const asked = new Date("2026-03-01T10:00:00Z");
const q = (o: Partial<Parameters<typeof nudgesDue>[0]> = {}) => ({
  askedAt: asked,
  expiresAt: new Date(asked.getTime() + 8 * DAY),
  remindersSent: 0,
  matchmakerAlerted: false,
  ...o,
});
const s = { reminderDays: [2, 5], matchmakerAlertDay: 7, expiryDays: 8 };
const at = (days: number) => new Date(asked.getTime() + days * DAY);

describe("nudgesDue", () => {
  it("owes nothing before day 2 and names day 2 as the next step", () => {
    expect(nudgesDue(q(), s, at(1))).toEqual({
      remind: false,
      remindersSent: 0,
      alert: false,
      expired: false,
      next: at(2),
    });
  });
  it("reminds on day 2, then waits for day 5", () => {
    expect(nudgesDue(q(), s, at(2))).toMatchObject({ remind: true, remindersSent: 1, next: at(5) });
    expect(nudgesDue(q({ remindersSent: 1 }), s, at(3))).toMatchObject({ remind: false, next: at(5) });
  });
  it("owes one reminder when several days passed at once", () => {
    expect(nudgesDue(q(), s, at(6))).toMatchObject({ remind: true, remindersSent: 2, next: at(7) });
  });
  it("tells the matchmaker on day 7 once, then only the expiry is ahead", () => {
    const d = nudgesDue(q({ remindersSent: 2 }), s, at(7));
    expect(d).toMatchObject({ remind: false, alert: true, expired: false, next: at(8) });
    expect(nudgesDue(q({ remindersSent: 2, matchmakerAlerted: true }), s, at(7.5))).toMatchObject({
      alert: false,
      next: at(8),
    });
  });
  it("expires on day 8 with nothing further", () => {
    expect(nudgesDue(q({ remindersSent: 2, matchmakerAlerted: true }), s, at(8))).toEqual({
      remind: false,
      remindersSent: 2,
      alert: false,
      expired: true,
      next: null,
    });
  });
  it("follows the agency's days and skips a reminder that would fall after the expiry", () => {
    const agency = { reminderDays: [1, 3, 6], matchmakerAlertDay: 2, expiryDays: 4 };
    const short = q({ expiresAt: at(4) });
    expect(nudgesDue(short, agency, at(0.5)).next).toEqual(at(1));
    expect(nudgesDue(short, agency, at(1))).toMatchObject({ remind: true, next: at(2) });
    expect(nudgesDue(q({ expiresAt: at(4), remindersSent: 1 }), agency, at(2))).toMatchObject({
      alert: true,
      next: at(3),
    });
    expect(
      nudgesDue(q({ expiresAt: at(4), remindersSent: 2, matchmakerAlerted: true }), agency, at(3.5)).next,
    ).toEqual(at(4));
  });
});
