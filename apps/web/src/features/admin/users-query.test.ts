import { describe, expect, it } from "vitest";
import { hasActiveFilters, readUsersFilters, usersApiPath, writeUsersFilters } from "./users-query";

const read = (search: string) => readUsersFilters(new URLSearchParams(search));

describe("readUsersFilters", () => {
  it("reads every filter from the URL", () => {
    expect(read("q=anna&role=INVITER&status=active&verified=true&page=3")).toEqual({
      q: "anna",
      role: "INVITER",
      status: "active",
      verified: "true",
      page: 3,
    });
  });

  it("drops values the API would refuse", () => {
    expect(read("role=ROOT&status=gone&verified=maybe&page=-2")).toEqual({
      q: "",
      role: null,
      status: null,
      verified: null,
      page: 1,
    });
    expect(read("page=abc").page).toBe(1);
  });

  it("defaults to the first page with no filters", () => {
    expect(read("")).toEqual({ q: "", role: null, status: null, verified: null, page: 1 });
  });
});

describe("writeUsersFilters", () => {
  it("writes only what is set and leaves out the first page", () => {
    const filters = { q: " anna ", role: null, status: "inactive", verified: "false", page: 1 } as const;
    expect(writeUsersFilters(filters).toString()).toBe("q=anna&status=inactive&verified=false");
  });

  it("round-trips through the URL", () => {
    const filters = { q: "chen", role: "INVITEE", status: null, verified: "true", page: 2 } as const;
    expect(readUsersFilters(writeUsersFilters(filters))).toEqual(filters);
  });
});

describe("usersApiPath", () => {
  it("always sends the page and its size", () => {
    expect(usersApiPath({ q: "", role: "ADMIN", status: null, verified: null, page: 1 })).toBe(
      "/api/admin/users?role=ADMIN&page=1&pageSize=20",
    );
  });
});

describe("hasActiveFilters", () => {
  it("ignores the page and blank search", () => {
    expect(hasActiveFilters({ q: "  ", role: null, status: null, verified: null, page: 4 })).toBe(false);
    expect(hasActiveFilters({ q: "", role: null, status: null, verified: "false", page: 1 })).toBe(true);
  });
});
