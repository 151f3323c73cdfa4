import { type SubscriptionTier, type SubscriptionView, TIER_ORDER } from "@matchdesk/contract";

/** Whether a tier can be chosen now (SPEC 4): not the active one, nothing below an active Gold. */
export type TierChoice = "available" | "current" | "blockedByGold";

export function tierChoice(subscription: SubscriptionView | undefined, tier: SubscriptionTier): TierChoice {
  if (!subscription?.isActive) return "available";
  if (subscription.tier === tier) return "current";
  if (subscription.tier === "gold" && TIER_ORDER.indexOf(tier) < TIER_ORDER.indexOf("gold")) {
    return "blockedByGold";
  }
  return "available";
}

/** Days left in the period, rounded up; 0 when it has ended or there is none. */
export function daysLeft(expiresAt: string | null, now = Date.now()): number {
  if (!expiresAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 86_400_000));
}
