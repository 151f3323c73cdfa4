import { describe, expect, it } from "vitest";
import { newId, newToken } from "./ids.js";

describe("newId", () => {
  it("is a UUID v7 that sorts by creation time", () => {
    const a = newId(1_700_000_000_000);
    const b = newId(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
  });
  it("differs for the same millisecond", () => {
    expect(newId(1)).not.toBe(newId(1));
  });
});

describe("newToken", () => {
  it("is 43 URL-safe characters", () => {
    expect(newToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
