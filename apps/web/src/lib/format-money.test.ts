import { describe, expect, it } from "vitest";
import { formatUsd } from "./format-money";

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
