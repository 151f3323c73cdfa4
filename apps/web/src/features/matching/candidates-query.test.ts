import { describe, expect, it } from "vitest";
import { candidatesFilters } from "./candidates-query";

describe("candidate filters in the URL", () => {
  it("reads the filters beside the client picked, dropping what the API would refuse", () => {
    const filters = candidatesFilters.read(
      new URLSearchParams("client=c1&priority=none&interaction=match&source=bogus&page=2"),
    );
    expect(filters).toEqual({
      page: 2,
      priority: "none",
      interaction: "match",
      source: undefined,
      minPercentage: undefined,
    });
  });

  it("writes only what is set, so an unfiltered first page has a bare URL", () => {
    expect(String(candidatesFilters.write(candidatesFilters.empty))).toBe("");
    expect(String(candidatesFilters.write({ ...candidatesFilters.empty, source: "shared", page: 3 }))).toBe(
      "source=shared&page=3",
    );
  });
});
