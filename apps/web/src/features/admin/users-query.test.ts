import { describe, expect, it } from "vitest";
import { usersFilters } from "./users-query";

const read = (search: string) => usersFilters.read(new URLSearchParams(search));

// The users list keeps its URL as it was before the shared codec: q, role, status, verified, page.
describe("usersFilters", () => {
  it("reads every filter from the URL", () => {
    expect(read("q=anna&role=INVITER&status=active&verified=true&page=3")).toEqual({
      q: "anna",
      role: "INVITER",
      status: "active",
      verified: true,
      page: 3,
    });
  });

  it("drops values the API would refuse", () => {
    expect(read("role=ROOT&status=gone&verified=maybe&page=-2")).toEqual({ page: 1 });
    expect(read("page=abc").page).toBe(1);
  });

  it("writes only what is set and leaves out the first page", () => {
    const filters = { q: " anna ", status: "inactive", verified: false, page: 1 } as const;
    expect(usersFilters.write(filters).toString()).toBe("q=anna&status=inactive&verified=false");
  });

  it("round-trips through the URL", () => {
    const filters = { q: "chen", role: "INVITEE", verified: true, page: 2 } as const;
    expect(read(usersFilters.write(filters).toString())).toEqual(filters);
  });

  it("ignores the page and a blank search when telling whether the list is filtered", () => {
    expect(usersFilters.isFiltered({ q: "  ", page: 4 })).toBe(false);
    expect(usersFilters.isFiltered({ verified: false, page: 1 })).toBe(true);
  });
});
