import {
  AdminUsersQuery,
  BoolParam,
  CandidatesQuery,
  ClientsQuery,
  DirectoryQuery,
  IntroductionsQuery,
  PageQuery,
} from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type QueryFields, queryFields } from "./query-fields";
import { urlFilters } from "./url-filters";
import * as urlQueries from "./url-queries";
import { InboxUrlQuery, ModerationUrlQuery } from "./url-query-schemas";

const Query = PageQuery.extend({
  q: z.string().trim().max(10).optional(),
  kind: z.enum(["a", "b"]).optional(),
  verified: BoolParam.optional(),
  minRating: z.coerce.number().int().min(1).max(5).optional(),
  cities: z.array(z.string()).optional(),
}).omit({ pageSize: true });
const filters = urlFilters(queryFields(Query));
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

  it("reads every list's URL as the API's query schema would", () => {
    const samples = [
      "",
      " anna ",
      "x".repeat(101),
      "a",
      "0",
      "1",
      "3",
      "-1",
      "9",
      "2.5",
      "1e2",
      "9999999999",
    ];
    samples.push("true", "false", "yes", "all", "approved", "MALE", "shared", "dates", "messages");
    const schemas: Record<keyof typeof urlQueries, z.ZodObject> = {
      clientsQuery: ClientsQuery,
      candidatesQuery: CandidatesQuery,
      usersQuery: AdminUsersQuery,
      directoryQuery: DirectoryQuery,
      workspaceQuery: IntroductionsQuery,
      moderationQuery: ModerationUrlQuery,
      inboxQuery: InboxUrlQuery,
    };
    for (const [name, fields] of Object.entries(urlQueries)) {
      const codec = urlFilters(fields as QueryFields<Record<string, unknown>>);
      const schema = schemas[name as keyof typeof urlQueries];
      for (const key of Object.keys(fields)) {
        const field = schema.shape[key] as z.ZodType;
        for (const sample of samples) {
          const fromSchema = field.safeParse(sample === "" ? undefined : sample);
          const expected = fromSchema.success ? fromSchema.data : field.safeParse(undefined).data;
          const read = codec.read(new URLSearchParams([[key, sample]]))[key];
          // Text is trimmed whether or not its schema trims: " abc " finds the id "abc" (no id has spaces).
          expect(read, `${name}.${key} = "${sample}"`).toEqual(
            typeof expected === "string" ? expected.trim() : expected,
          );
        }
      }
    }
  });
});
