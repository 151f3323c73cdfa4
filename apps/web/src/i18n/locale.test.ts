import { LOCALES } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { clearPageLocale, localeAreaOf, localeFor, SUPPORTED_LOCALES, setPageLocale } from "./locale";

describe("localeAreaOf", () => {
  it("puts the app's pages in the app area", () => {
    expect(localeAreaOf("/admin")).toBe("app");
    expect(localeAreaOf("/admin/dashboard")).toBe("app");
    expect(localeAreaOf("/onboarding")).toBe("app");
    expect(localeAreaOf("/invited-users/42")).toBe("app");
  });

  it("puts everything else in the public area", () => {
    expect(localeAreaOf("/")).toBe("public");
    expect(localeAreaOf("/faq")).toBe("public");
    expect(localeAreaOf("/login")).toBe("public");
    expect(localeAreaOf("/administrator")).toBe("public");
  });
});

describe("localeFor", () => {
  const cookies = (values: Record<string, string>) => (name: string) => values[name];

  it("defaults to en-US on public pages and ru-RU in the app", () => {
    expect(localeFor("/", cookies({}))).toBe("en-US");
    expect(localeFor("/admin/dashboard", cookies({}))).toBe("ru-RU");
  });

  it("reads each area's own cookie", () => {
    const jar = cookies({ "public-locale": "ru-RU", locale: "en-US" });
    expect(localeFor("/about", jar)).toBe("ru-RU");
    expect(localeFor("/admin/dashboard", jar)).toBe("en-US");
  });

  it("ignores unknown values", () => {
    expect(localeFor("/", cookies({ "public-locale": "de-DE" }))).toBe("en-US");
  });
});

describe("SUPPORTED_LOCALES", () => {
  it("matches the contract's locales", () => {
    expect([...SUPPORTED_LOCALES].sort()).toEqual([...LOCALES].sort());
  });
});

describe("a page's own language", () => {
  it("holds for its path only, over the cookie, until cleared by the visitor's switch", () => {
    const jar = (name: string) => ({ "public-locale": "en-US" })[name];
    const link = "/introductions/i1/answer";
    setPageLocale(link, "ru-RU");
    expect(localeFor(link, jar)).toBe("ru-RU");
    expect(localeFor("/about", jar)).toBe("en-US");
    clearPageLocale();
    expect(localeFor(link, jar)).toBe("en-US");
  });
});
