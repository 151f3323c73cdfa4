import { BoolParam, PageQuery } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { urlFilters } from "./url-filters";

const Query = PageQuery.extend({
  q: z.string().trim().max(10).optional(),
  kind: z.enum(["a", "b"]).optional(),
  verified: BoolParam.optional(),
  minRating: z.coerce.number().int().min(1).max(5).optional(),
  cities: z.array(z.string()).optional(),
}).omit({ pageSize: true });
const filters = urlFilters(Query);
const read = (search: string) => filters.read(new URLSearchParams(search));

describe("urlFilters", () => {
  it("reads a bare URL as the defaults", () => {
    expect(read("")).toEqual({ page: 1 });
    expect(filters.empty).toEqual({ page: 1 });
  });

  it("reads each value by its schema", () => {
    expect(read("q=%20chen%20&kind=b&verified=false&minRating=4&page=3&cities=a&cities=b")).toEqual({
      q: "chen",
      kind: "b",
      verified: false,
      minRating: 4,
      page: 3,
      cities: ["a", "b"],
    });
  });

  it("drops what the API would refuse instead of sending it", () => {
    expect(read("kind=c&verified=yes&minRating=9&page=-1&q=much%20too%20long%20text")).toEqual({ page: 1 });
  });

  it("writes only what is set, no first page, trimmed", () => {
    expect(filters.write({ page: 1, q: " chen ", verified: true, kind: undefined }).toString()).toBe(
      "q=chen&verified=true",
    );
    expect(filters.write({ page: 2, cities: ["a", "b"] }).toString()).toBe("cities=a&cities=b&page=2");
    expect(filters.write({ page: 3, q: "anna" }).toString()).toBe("q=anna&page=3");
    expect(filters.write(filters.empty).toString()).toBe("");
  });

  it("round-trips", () => {
    const value = { page: 4, q: "chen", kind: "a" as const, verified: false, minRating: 2 };
    expect(read(filters.write(value).toString())).toEqual(value);
  });

  it("tells whether anything but paging is set", () => {
    expect(filters.isFiltered({ page: 5, q: "   " })).toBe(false);
    expect(filters.isFiltered({ page: 1, verified: false })).toBe(true);
  });
});
