import { describe, expect, it } from "vitest";
import { formatMoney, formatUsd } from "./format-money";

// Intl separates Russian thousands with a narrow no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatUsd", () => {
  it("prints whole dollars in English", () => {
    expect(formatUsd(1000, "en-US")).toBe("$1,000");
    expect(formatUsd(49, "en-US")).toBe("$49");
  });

  it("prints whole dollars in Russian", () => {
    expect(plain(formatUsd(1000, "ru-RU"))).toBe("1 000 $");
  });
});

describe("formatMoney", () => {
  it("prints whole amounts of any currency in both languages", () => {
    expect(formatMoney(180000, "RUB", "en-US")).toBe("₽180,000");
    expect(plain(formatMoney(180000, "RUB", "ru-RU"))).toBe("180 000 ₽");
    expect(formatMoney(1200, "EUR", "en-US")).toBe("€1,200");
  });
});
