import { z } from "zod";
import { CREDIT_PACKS, PLANS, type PlanId } from "./constants.js";
import { CreditTransactionType, SubscriptionTier } from "./enums.js";

// Credits, subscriptions and payments (API.md "Credits, subscriptions, payments").

export const CreditsView = z.object({
  balance: z.number().int(),
  /** Part of the balance that expires (subscription credits), and when the soonest of it does. */
  expiring: z.number().int(),
  nextExpiryAt: z.iso.datetime().nullable(),
  /**
   * The expiring part by the UTC day it expires, soonest first: each grant keeps its own date
   * (a Silver period's credits and a later Gold period's do not share one). `expiresAt` is the
   * soonest moment within that day.
   */
  expiries: z.array(z.object({ amount: z.number().int(), expiresAt: z.iso.datetime() })),
});
export type CreditsView = z.infer<typeof CreditsView>;

export const CreditTransactionView = z.object({
  id: z.string(),
  type: CreditTransactionType,
  /** Positive for credits received, negative for credits spent. */
  amount: z.number().int(),
  description: z.string(),
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type CreditTransactionView = z.infer<typeof CreditTransactionView>;

export const CreditTransactionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type CreditTransactionsQuery = z.infer<typeof CreditTransactionsQuery>;

/** Types an administrator may grant by hand; the others come from purchases and spending. */
export const AdminCreditType = z.enum(["gift", "compensation", "contest", "pay", "registration"]);
export type AdminCreditType = z.infer<typeof AdminCreditType>;

export const AddCreditsBody = z.object({
  amount: z.number().int().gt(0, { message: "Credits amount must be greater than 0" }).max(1_000_000),
  type: AdminCreditType.default("gift"),
  description: z.string().trim().max(500).default(""),
  expiresAt: z.iso
    .datetime()
    .refine((v) => Date.parse(v) > Date.now(), { message: "Must be in the future" })
    .optional(),
});
export type AddCreditsBody = z.input<typeof AddCreditsBody>;

export const AddCreditsView = z.object({
  transaction: CreditTransactionView,
  balance: z.number().int(),
});
export type AddCreditsView = z.infer<typeof AddCreditsView>;

/** Credits spent per day and type across the marketplace (admins), for the usage chart. */
export const UsageQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export type UsageQuery = z.infer<typeof UsageQuery>;
export const UsageView = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  days: z.array(
    z.object({
      day: z.string(),
      type: CreditTransactionType,
      spent: z.number().int(),
    }),
  ),
});
export type UsageView = z.infer<typeof UsageView>;

export const SubscriptionPlan = z.enum(PLANS.map((p) => p.id) as [PlanId, ...PlanId[]]);
export const SubscriptionView = z.object({
  isActive: z.boolean(),
  tier: SubscriptionTier,
  plan: SubscriptionPlan.nullable(),
  startedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;

export const PurchaseSubscriptionBody = z
  .object({ tier: SubscriptionTier, plan: SubscriptionPlan.optional() })
  .refine((b) => !b.plan || PLANS.find((p) => p.id === b.plan)?.tier === b.tier, {
    message: "The plan does not belong to this tier",
    path: ["plan"],
  });
export type PurchaseSubscriptionBody = z.infer<typeof PurchaseSubscriptionBody>;

export const PaymentStatus = z.enum(["pending", "paid", "cancelled"]);
export type PaymentStatus = z.infer<typeof PaymentStatus>;
export const PaymentProviderName = z.enum(["manual", "stripe"]);
export type PaymentProviderName = z.infer<typeof PaymentProviderName>;

/** What can be bought: a credit pack or a subscription plan. */
export const ProductId = z.enum([
  ...CREDIT_PACKS.map((p) => p.id),
  ...PLANS.map((p) => `plan_${p.id}` as const),
] as [string, ...string[]]);
export type ProductId = z.infer<typeof ProductId>;

/** A payment request's human-readable number, assigned by the server: `MD-2026-000123`. */
export const InvoiceNumber = z.string().regex(/^MD-\d{4}-\d{6,}$/);

export const PaymentView = z.object({
  id: z.string(),
  invoiceNumber: InvoiceNumber,
  userId: z.string(),
  product: z.string(),
  provider: PaymentProviderName,
  amountUsd: z.number(),
  status: PaymentStatus,
  /** Where the buyer completes the payment; null when an administrator confirms it. */
  url: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  userEmail: z.string().optional(),
});
export type PaymentView = z.infer<typeof PaymentView>;

/** How to pay a manual payment request (bank details), as an administrator wrote them; "" when not set. */
export const PAYMENT_INSTRUCTIONS_MAX = 2000;
export const PaymentInstructionsView = z.object({
  text: z.string(),
  updatedAt: z.iso.datetime().nullable(),
});
export type PaymentInstructionsView = z.infer<typeof PaymentInstructionsView>;
export const PaymentInstructionsBody = z.object({
  text: z.string().trim().max(PAYMENT_INSTRUCTIONS_MAX),
});
export type PaymentInstructionsBody = z.input<typeof PaymentInstructionsBody>;

export const PurchaseSubscriptionView = z.object({
  subscription: SubscriptionView,
  /** Set when the tier must be paid for first: the subscription starts once it is paid. */
  payment: PaymentView.nullable(),
  /** How to pay a manual request ("" when an administrator has not said); null with no manual request. */
  instructions: z.string().nullable(),
});
export type PurchaseSubscriptionView = z.infer<typeof PurchaseSubscriptionView>;

export const CheckoutBody = z.object({ product: ProductId });
export type CheckoutBody = z.infer<typeof CheckoutBody>;
export const CheckoutView = z.object({
  url: z.string().nullable(),
  payment: PaymentView,
  /** How to pay a manual request ("" when an administrator has not said); null for a provider's page. */
  instructions: z.string().nullable(),
});
export type CheckoutView = z.infer<typeof CheckoutView>;

/** The answer to the payment provider's webhook: taken, and whether the event had been seen before. */
export const PaymentWebhookView = z.object({ received: z.boolean(), duplicate: z.boolean() });
export type PaymentWebhookView = z.infer<typeof PaymentWebhookView>;

export const PaymentsQuery = z.object({
  status: PaymentStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaymentsQuery = z.infer<typeof PaymentsQuery>;

/** An administrator sets a user's subscription: a tier for 30 days from now, or none. */
export const AdminSubscriptionBody = z.object({
  tier: SubscriptionTier.nullable(),
  plan: SubscriptionPlan.optional(),
});
export type AdminSubscriptionBody = z.infer<typeof AdminSubscriptionBody>;

/** Error codes of credits, subscriptions and payments (listed in ERROR_CODES, errors.ts). */
export const MONEY_ERRORS = [
  "INSUFFICIENT_CREDITS",
  "NO_CREDITS",
  "CREDITS_NOT_FOR_CLIENTS",
  "SUBSCRIPTIONS_NOT_FOR_CLIENTS",
  "SUBSCRIPTION_TIER_ACTIVE",
  "SUBSCRIPTION_GOLD_ACTIVE",
  "SUBSCRIPTION_NOT_ACTIVE",
  "PAYMENT_NOT_FOUND",
  "PAYMENT_NOT_PENDING",
  "PLAN_PAYMENT_PENDING",
  "PAYMENT_PROVIDER_FAILED",
  "WEBHOOK_SIGNATURE_INVALID",
] as const;
