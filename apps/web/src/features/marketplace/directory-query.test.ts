import { describe, expect, it } from "vitest";
import { directoryApiPath, readDirectoryFilters, writeDirectoryFilters } from "./directory-query";

describe("[directory] filters in the URL", () => {
  it("reads what is valid and drops what the API would refuse", () => {
    const f = readDirectoryFilters(
      new URLSearchParams("q=anna&country=RU&city=Kazan&verified=true&minRating=4&page=2"),
    );
    expect(f).toEqual({ q: "anna", country: "RU", city: "Kazan", verified: "true", minRating: 4, page: 2 });
    const bad = readDirectoryFilters(new URLSearchParams("country=ZZZ&verified=maybe&minRating=9&page=-1"));
    expect(bad).toEqual({ q: "", country: null, city: "", verified: null, minRating: null, page: 1 });
  });

  it("writes only what is set, and round-trips", () => {
    const f = readDirectoryFilters(new URLSearchParams("q=%D0%A1%D0%B5%D1%80%D0%B4%D1%86%D0%B5&minRating=3"));
    expect(writeDirectoryFilters(f).toString()).toBe("q=%D0%A1%D0%B5%D1%80%D0%B4%D1%86%D0%B5&minRating=3");
    expect(directoryApiPath({ ...f, page: 1 }, 12)).toBe(
      "/api/directory?q=%D0%A1%D0%B5%D1%80%D0%B4%D1%86%D0%B5&minRating=3&page=1&pageSize=12",
    );
  });
});
