import { describe, expect, it } from "vitest";
import { usageBars, usageTypes } from "./usage-chart";

describe("[credits] usage chart", () => {
  it("has one bar per day, empty days included, stacked by type", () => {
    const bars = usageBars({
      from: "2026-03-01T00:00:00.000Z",
      to: "2026-03-03T15:00:00.000Z",
      days: [
        { day: "2026-03-01", type: "aiMatch", spent: 120 },
        { day: "2026-03-03", type: "aiMatch", spent: 60 },
        { day: "2026-03-03", type: "gift", spent: 10 },
      ],
    });
    expect(bars.map((b) => [b.day, b.total])).toEqual([
      ["2026-03-01", 120],
      ["2026-03-02", 0],
      ["2026-03-03", 70],
    ]);
    expect(bars[2]!.parts).toEqual([
      { type: "aiMatch", spent: 60 },
      { type: "gift", spent: 10 },
    ]);
  });
  it("lists each type once for the legend", () => {
    expect(
      usageTypes({
        from: "2026-03-01T00:00:00.000Z",
        to: "2026-03-01T00:00:00.000Z",
        days: [
          { day: "2026-03-01", type: "aiMatch", spent: 1 },
          { day: "2026-03-02", type: "aiMatch", spent: 1 },
        ],
      }),
    ).toEqual(["aiMatch"]);
  });
});
