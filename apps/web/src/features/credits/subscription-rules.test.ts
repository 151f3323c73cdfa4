import type { SubscriptionView } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { daysLeft, tierChoice } from "./subscription-rules";

const active = (tier: SubscriptionView["tier"]): SubscriptionView => ({
  isActive: true,
  tier,
  plan: null,
  startedAt: "2026-01-01T00:00:00.000Z",
  expiresAt: "2026-01-31T00:00:00.000Z",
});

describe("[credits] tier choice", () => {
  it("offers every tier without an active subscription", () => {
    expect(tierChoice(undefined, "gold")).toBe("available");
    expect(tierChoice({ ...active("gold"), isActive: false }, "silver")).toBe("available");
  });
  it("refuses the active tier and lower tiers while Gold is active", () => {
    expect(tierChoice(active("silver"), "silver")).toBe("current");
    expect(tierChoice(active("gold"), "silver")).toBe("blockedByGold");
    expect(tierChoice(active("gold"), "regular")).toBe("blockedByGold");
    expect(tierChoice(active("silver"), "gold")).toBe("available");
    expect(tierChoice(active("silver"), "regular")).toBe("available");
  });
  it("counts the days left, rounded up", () => {
    const now = Date.parse("2026-01-30T12:00:00.000Z");
    expect(daysLeft("2026-01-31T00:00:00.000Z", now)).toBe(1);
    expect(daysLeft("2026-01-29T00:00:00.000Z", now)).toBe(0);
    expect(daysLeft(null, now)).toBe(0);
  });
});
