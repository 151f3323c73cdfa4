import { describe, expect, it } from "vitest";
import { parseCookie, serializeCookie } from "./cookies";

describe("serializeCookie", () => {
  it("writes a site-wide Lax cookie with its age in seconds", () => {
    expect(serializeCookie("locale", "ru-RU", { maxAgeDays: 365, isSecure: false })).toBe(
      "locale=ru-RU; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });

  it("adds Secure under https and encodes the value", () => {
    expect(serializeCookie("app-user", '{"id":"1"}', { maxAgeDays: 30, isSecure: true })).toBe(
      "app-user=%7B%22id%22%3A%221%22%7D; Path=/; Max-Age=2592000; SameSite=Lax; Secure",
    );
  });
});

describe("parseCookie", () => {
  it("finds one cookie among many and decodes it", () => {
    expect(parseCookie("a=1; public-locale=ru-RU; locale=en-US", "locale")).toBe("en-US");
    expect(parseCookie("app-user=%7B%7D", "app-user")).toBe("{}");
  });

  it("answers undefined when absent or malformed", () => {
    expect(parseCookie("", "locale")).toBeUndefined();
    expect(parseCookie("locale=%E0%A4%A", "locale")).toBeUndefined();
  });
});
