import {
  CreditTransactionType,
  PaymentProviderName,
  PaymentStatus,
  SubscriptionTier,
} from "@matchdesk/contract";
import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.js";

const values = <T extends string>(options: readonly T[]) => options as [T, ...T[]];

export const creditTransactionTypeEnum = pgEnum(
  "credit_transaction_type",
  values(CreditTransactionType.options),
);
export const subscriptionTierEnum = pgEnum("subscription_tier", values(SubscriptionTier.options));
export const subscriptionStatusEnum = pgEnum("subscription_status", [
  "active",
  "cancelled",
  "expired",
  "replaced",
]);
export const paymentStatusEnum = pgEnum("payment_status", values(PaymentStatus.options));
export const paymentProviderEnum = pgEnum("payment_provider", values(PaymentProviderName.options));

/** One row per user who ever held credits: the row every credit movement locks (FOR UPDATE). */
export const creditAccounts = pgTable("credit_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The ledger (SPEC 3 credit transaction). A grant has a positive amount and `remaining`, the part
 * not yet spent; a debit has a negative amount and takes from the grants that expire first. The
 * balance is the sum of `remaining` over grants that have not expired.
 */
export const creditTransactions = pgTable(
  "credit_transactions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: creditTransactionTypeEnum("type").notNull(),
    amount: integer("amount").notNull(),
    remaining: integer("remaining").notNull().default(0),
    description: text("description").notNull().default(""),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** What caused it (a payment, a subscription), so the same cause never credits twice. */
    reference: text("reference"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_transactions_user_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("credit_transactions_spendable_idx").on(t.userId, t.expiresAt).where(sql`${t.remaining} > 0`),
    index("credit_transactions_spent_idx").on(t.createdAt).where(sql`${t.amount} < 0`),
    uniqueIndex("credit_transactions_reference_key").on(t.reference),
    check("credit_transactions_amount_check", sql`${t.amount} <> 0`),
    check(
      "credit_transactions_remaining_check",
      sql`${t.remaining} >= 0 and (${t.remaining} = 0 or ${t.remaining} <= ${t.amount})`,
    ),
  ],
);

/** SPEC 4 subscriptions: 30-day periods; at most one active per user. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: subscriptionTierEnum("tier").notNull(),
    plan: text("plan"),
    status: subscriptionStatusEnum("status").notNull().default("active"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_one_active_key").on(t.userId).where(sql`${t.status} = 'active'`),
    index("subscriptions_active_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * The last invoice number given in each (UTC) year: `payment_invoice_number()` takes the next one
 * with one upsert, whose row lock makes two payments at once take turns. A number taken by a
 * payment that then failed is not given again (a gap, as a sequence would leave).
 */
export const paymentInvoiceCounters = pgTable(
  "payment_invoice_counters",
  {
    year: integer("year").primaryKey(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [check("payment_invoice_counters_positive", sql`${t.lastNumber} > 0`)],
);

/** A purchase: a credit pack or a subscription plan, paid through a provider. No card data here. */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * `MD-<year>-<n, 6+ digits>`, the number a buyer quotes in their bank transfer: given by the
     * database (`payment_invoice_number()`, migrations 0032 and 0036, from the year's counter in
     * `payment_invoice_counters`), so it is unique, never changes, and each year starts at 1.
     */
    invoiceNumber: text("invoice_number").notNull().default(sql`payment_invoice_number()`),
    product: text("product").notNull(),
    provider: paymentProviderEnum("provider").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: paymentStatusEnum("status").notNull().default("pending"),
    /** The provider's id for it (a Stripe Checkout Session id). */
    providerRef: text("provider_ref"),
    url: text("url"),
    confirmedBy: text("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    index("payments_user_idx").on(t.userId, t.createdAt.desc()),
    index("payments_status_idx").on(t.status, t.createdAt.desc()),
    uniqueIndex("payments_provider_ref_key").on(t.provider, t.providerRef),
    uniqueIndex("payments_invoice_number_key").on(t.invoiceNumber),
    check("payments_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/** How buyers pay manual requests (bank details), as an administrator wrote them: one row at most. */
export const paymentSettings = pgTable(
  "payment_settings",
  {
    id: integer("id").primaryKey().default(1),
    instructions: text("instructions").notNull().default(""),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("payment_settings_single_row", sql`${t.id} = 1`)],
);

/** Provider events already handled: a replayed webhook finds its id here and changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  provider: paymentProviderEnum("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
