import type { SubscriptionTier } from "./enums.js";

/** Working name of the product: rename it here. */
export const PRODUCT_NAME = "MatchDesk";

/** SPEC 9: credits one AI compatibility request costs, by the caller's subscription tier. */
export const AI_MATCH_PRICE: Record<SubscriptionTier, number> = { regular: 150, silver: 100, gold: 60 };

export const SUBSCRIPTION_DAYS = 30;
export const DEFAULT_SUBSCRIPTION_TIER: SubscriptionTier = "silver";

/**
 * The plans the landing page sells (SPEC 2: Silver, Gold, Plus). Each grants a subscription tier
 * and monthly AI credits. SPEC 9 gives 1,000 credits for Silver and 3,000 for Plus; Gold's
 * figure and the prices are ours. Plus is Gold's AI price with Plus's larger credit allowance.
 */
export const PLANS = [
  { id: "silver", tier: "silver", monthlyCredits: 1000, priceUsd: 49 },
  { id: "gold", tier: "gold", monthlyCredits: 2000, priceUsd: 99 },
  { id: "plus", tier: "gold", monthlyCredits: 3000, priceUsd: 149 },
] as const satisfies ReadonlyArray<{
  id: string;
  tier: SubscriptionTier;
  monthlyCredits: number;
  priceUsd: number;
}>;
export type PlanId = (typeof PLANS)[number]["id"];

/** SPEC 1 and 9: marketing facts. */
export const ACADEMY_COURSE = { hours: 15, priceUsd: 1000 } as const;
export const QUIZ_MINUTES = { min: 2, max: 3 } as const;
export const LIKES_FOR_BETTER_MATCHING = 20;

/** SPEC 9 limits. */
export const LIMITS = {
  photosPerProfile: 10,
  certificatesPerProfile: 10,
  certificateBytes: 10 * 1024 * 1024,
  heightCm: { min: 100, max: 250 },
  childrenCount: { min: 0, max: 20 },
  passwordMinLength: 6,
  rating: { min: 1, max: 5 },
  descriptionPreviewChars: 160,
  pageSizeMax: 100,
  /**
   * Matches a filtered client list counts at most: past it the list says "more than 100" and
   * pages in order through the newest, so a search costs the same in a base of 5,000 as of 50,000
   * (a common text shows more than that among the newest 1,500 clients, which the server reads
   * first: `probe` in its clients service).
   */
  clientMatchesCounted: 100,
} as const;

/** SPEC 9 client-side image optimisation before upload. */
export const IMAGE_OPTIMIZATION = {
  maxBytes: 2 * 1024 * 1024,
  maxSidePx: 1920,
  quality: 0.9,
} as const;

export const NOTIFICATION_MS = 5000;

// SPEC 3 cookies: `locale` for the app (default ru-RU), `public-locale` for public pages (default en-US).
// Kept free of zod so the landing page can read them without loading the schemas.
export const LOCALES = ["en-US", "ru-RU"] as const;
export const LOCALE_COOKIE = { name: "locale", fallback: "ru-RU", maxAgeDays: 365 } as const;
export const PUBLIC_LOCALE_COOKIE = { name: "public-locale", fallback: "en-US", maxAgeDays: 365 } as const;
export const APP_USER_COOKIE = { name: "app-user", maxAgeDays: 30 } as const;
export const AUTH_USER_STORAGE_KEY = "authUser";

/**
 * Monthly AI credits a subscription grants, by tier, as an expiring ledger row of type
 * `subscription_<tier>`. Regular is the pay-as-you-go tier: no monthly credits, no fee.
 */
export const SUBSCRIPTION_TIERS: Record<SubscriptionTier, { monthlyCredits: number; priceUsd: number }> = {
  regular: { monthlyCredits: 0, priceUsd: 0 },
  silver: { monthlyCredits: PLANS[0].monthlyCredits, priceUsd: PLANS[0].priceUsd },
  gold: { monthlyCredits: PLANS[1].monthlyCredits, priceUsd: PLANS[1].priceUsd },
};
/** Tiers from lowest to highest: while a higher tier is active a lower one cannot be chosen. */
export const TIER_ORDER: readonly SubscriptionTier[] = ["regular", "silver", "gold"];
/** Days before its end that a subscription's owner is told it is about to expire. */
export const SUBSCRIPTION_REMINDER_DAYS = 3;

/** Credit packs sold through the payment provider. */
export const CREDIT_PACKS = [
  { id: "credits_500", credits: 500, priceUsd: 25 },
  { id: "credits_2000", credits: 2000, priceUsd: 90 },
] as const;
