import { describe, expect, it } from "vitest";
import { formatPhone, normalizePhone, Phone, phoneKey, phoneSearchDigits } from "./phone.js";

describe("normalizePhone", () => {
  it("writes a number however typed as E.164, Russian without a country code", () => {
    for (const raw of [
      "+7 912 000-00-00",
      "89120000000",
      "9120000000",
      "8 (912) 000 00 00",
      "7-912-000-00-00",
    ]) {
      expect(normalizePhone(raw), raw).toBe("+79120000000");
    }
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalizePhone("030 1234567", "DE")).toBe("+49301234567");
  });

  it("refuses what is not a valid number", () => {
    for (const raw of ["", "123", "+7 000 000", "call 89120000000", "8912000000000000"]) {
      expect(normalizePhone(raw), raw).toBeNull();
    }
  });
});

describe("Phone, phoneKey, phoneSearchDigits, formatPhone", () => {
  it("the schema stores E.164 and refuses invalid numbers", () => {
    expect(Phone.parse(" 8 912 000-00-00 ")).toBe("+79120000000");
    expect(Phone.safeParse("12345").success).toBe(false);
  });

  it("keys a number by E.164, else by its digits", () => {
    expect(phoneKey("8 912 000 00 00")).toBe(phoneKey("+79120000000"));
    expect(phoneKey("12-34")).toBe("1234");
  });

  it("reads a search box's phone-like text as the stored digits", () => {
    expect(phoneSearchDigits("+7 912 000-00-00")).toEqual(["79120000000"]);
    expect(phoneSearchDigits("89120000000")).toEqual(["79120000000"]);
    expect(phoneSearchDigits("8912")).toEqual(["8912", "7912"]);
    expect(phoneSearchDigits("Anna")).toBeNull();
    expect(phoneSearchDigits("12")).toBeNull();
  });

  it("shows a stored number as people read it", () => {
    expect(formatPhone("+79120000000")).toBe("+7 912 000 00 00");
    expect(formatPhone("odd 123")).toBe("odd 123");
  });
});
