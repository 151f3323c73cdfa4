import { describe, expect, it } from "vitest";
import { selectedIn, toggled } from "./useSelection";

describe("toggled", () => {
  it("adds an id that was not picked and removes one that was", () => {
    const once = toggled(new Set(), "a");
    expect([...once]).toEqual(["a"]);
    expect([...toggled(once, "a")]).toEqual([]);
  });

  it("leaves the original set alone", () => {
    const original = new Set(["a"]);
    toggled(original, "b");
    expect([...original]).toEqual(["a"]);
  });
});

describe("selectedIn", () => {
  it("keeps the list's order and drops ids no longer in it", () => {
    expect(selectedIn(["c", "a", "b"], new Set(["a", "c", "gone"]))).toEqual(["c", "a"]);
  });
});
