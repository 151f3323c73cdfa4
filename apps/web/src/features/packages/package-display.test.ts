import { describe, expect, it } from "vitest";
import { currentPackage, deliveredPercent } from "./package-display";

describe("[packages] display", () => {
  it("shows the delivered share, full when more was delivered than promised", () => {
    expect(deliveredPercent({ delivered: 0, introductionsPromised: 6 })).toBe(0);
    expect(deliveredPercent({ delivered: 2, introductionsPromised: 6 })).toBe(33);
    expect(deliveredPercent({ delivered: 7, introductionsPromised: 6 })).toBe(100);
  });

  it("picks the running package, else the next to start, else the newest", () => {
    const ended = { id: "e", status: "ended" as const };
    const later = { id: "l", status: "upcoming" as const };
    const sooner = { id: "s", status: "upcoming" as const };
    const paused = { id: "p", status: "paused" as const };
    expect(currentPackage([later, paused, ended])).toBe(paused);
    // Newest start first: the last upcoming one starts soonest.
    expect(currentPackage([later, sooner, ended])).toBe(sooner);
    expect(currentPackage([ended, { id: "o", status: "ended" as const }])).toBe(ended);
    expect(currentPackage([])).toBeUndefined();
  });
});
