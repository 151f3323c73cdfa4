import { agenciesApi } from "@matchdesk/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryOf } from "../../lib/api";
import { DIRECTORY_PAGE_SIZE, directoryFilters, directoryQuery } from "./directory-query";

describe("[directory] filters in the URL", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads what is valid and drops what the API would refuse", () => {
    const f = directoryFilters.read(
      new URLSearchParams("q=anna&country=RU&city=Kazan&verified=true&minRating=4&page=2"),
    );
    expect(f).toEqual({ q: "anna", country: "RU", city: "Kazan", verified: true, minRating: 4, page: 2 });
    const bad = directoryFilters.read(new URLSearchParams("country=ZZZ&verified=maybe&minRating=9&page=-1"));
    expect(bad).toEqual(directoryFilters.empty);
    expect(directoryFilters.isFiltered(bad)).toBe(false);
    expect(directoryFilters.isFiltered(directoryFilters.read(new URLSearchParams("verified=false")))).toBe(
      true,
    );
  });

  it("writes only what is set, the page last and not the first, and round-trips", () => {
    const f = directoryFilters.read(
      new URLSearchParams("page=3&minRating=2&verified=false&city=Kazan&country=RU&q=anna"),
    );
    expect(directoryFilters.write(f).toString()).toBe(
      "q=anna&country=RU&city=Kazan&verified=false&minRating=2&page=3",
    );
    const g = directoryFilters.read(
      new URLSearchParams("q=%D0%A1%D0%B5%D1%80%D0%B4%D1%86%D0%B5&minRating=3"),
    );
    expect(directoryFilters.write(g).toString()).toBe("q=%D0%A1%D0%B5%D1%80%D0%B4%D1%86%D0%B5&minRating=3");
  });

  it("asks the API for the filters, the page and the page size", async () => {
    const urls: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ items: [], total: 0, page: 1, pageSize: DIRECTORY_PAGE_SIZE }), {
        headers: { "content-type": "application/json" },
      });
    });
    const f = directoryFilters.read(
      new URLSearchParams("q=%D0%A1%D0%B5%D1%80%D0%B4%D1%86%D0%B5&minRating=3"),
    );
    const query = queryOf(agenciesApi.directory, { query: directoryQuery(f) });
    await query.queryFn({ signal: new AbortController().signal });
    expect(urls).toEqual([
      "/api/directory?q=%D0%A1%D0%B5%D1%80%D0%B4%D1%86%D0%B5&minRating=3&page=1&pageSize=12",
    ]);
  });
});
