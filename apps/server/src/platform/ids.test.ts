import { describe, expect, it } from "vitest";
import { newId, newToken } from "./ids.js";

describe("newId", () => {
  it("is a UUID v7 that sorts by creation time", () => {
    const a = newId(1_700_000_000_000);
    const b = newId(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
  });
  it("keeps creation order within one millisecond", () => {
    const ids = Array.from({ length: 500 }, () => newId(1_800_000_000_000));
    expect(new Set(ids).size).toBe(500);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe("newToken", () => {
  it("is 43 URL-safe characters", () => {
    expect(newToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
