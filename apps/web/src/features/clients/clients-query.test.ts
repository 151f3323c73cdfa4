import { describe, expect, it } from "vitest";
import {
  type ClientsFilters,
  clientsApiPath,
  hasActiveFilters,
  readClientsFilters,
  writeClientsFilters,
} from "./clients-query";

const read = (search: string) => readClientsFilters(new URLSearchParams(search));
const NONE: ClientsFilters = {
  q: "",
  profileStatus: null,
  verified: null,
  inSearch: null,
  gender: null,
  page: 1,
};

describe("readClientsFilters", () => {
  it("reads every filter from the URL", () => {
    expect(read("q=olga&profileStatus=complete&verified=true&inSearch=false&gender=FEMALE&page=2")).toEqual({
      q: "olga",
      profileStatus: "complete",
      verified: "true",
      inSearch: "false",
      gender: "FEMALE",
      page: 2,
    });
  });

  it("drops values the API would refuse", () => {
    expect(read("profileStatus=done&verified=yes&inSearch=1&gender=OTHER&page=0")).toEqual(NONE);
    expect(read("page=two").page).toBe(1);
  });

  it("keeps the search within the API's 100 characters", () => {
    expect(read(`q=${"a".repeat(150)}`).q).toHaveLength(100);
  });
});

describe("writeClientsFilters", () => {
  it("writes only what is set and leaves out the first page", () => {
    expect(writeClientsFilters({ ...NONE, q: "  chen ", gender: "MALE" }).toString()).toBe(
      "q=chen&gender=MALE",
    );
    expect(writeClientsFilters(NONE).toString()).toBe("");
  });

  it("round-trips through the URL", () => {
    const filters: ClientsFilters = {
      q: "petrova",
      profileStatus: "approved",
      verified: "false",
      inSearch: "true",
      gender: "FEMALE",
      page: 3,
    };
    expect(readClientsFilters(writeClientsFilters(filters))).toEqual(filters);
  });
});

describe("clientsApiPath", () => {
  it("always sends the page and its size", () => {
    expect(clientsApiPath({ ...NONE, profileStatus: "incomplete" })).toBe(
      "/api/clients?profileStatus=incomplete&page=1&pageSize=20",
    );
  });
});

describe("hasActiveFilters", () => {
  it("ignores the page and a blank search", () => {
    expect(hasActiveFilters({ ...NONE, q: "   ", page: 5 })).toBe(false);
    expect(hasActiveFilters({ ...NONE, inSearch: "false" })).toBe(true);
  });
});
