import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { currencyEnum } from "./agencies.js";
import { users } from "./users.js";

/**
 * A client's package (API.md "Introductions after the match"): introductions promised over a
 * period, for a price. What was delivered is not stored: it is counted from `introductions`
 * (introduced inside the period). One pause per package moves `ends_on` by its length.
 */
export const clientPackages = pgTable(
  "client_packages",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    introductionsPromised: integer("introductions_promised").notNull(),
    startsOn: date("starts_on").notNull(),
    /** The last day, inclusive; moved by the pause. */
    endsOn: date("ends_on").notNull(),
    price: integer("price").notNull(),
    currency: currencyEnum("currency").notNull(),
    /** The pause: from its first day to the day the package runs again (null: never paused). */
    pausedFrom: date("paused_from"),
    pausedUntil: date("paused_until"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A client's packages by period; the overview reaches each client's running one through it.
    index("client_packages_client_idx").on(t.clientId, t.endsOn),
    // The admin's overview: every running package.
    index("client_packages_ends_idx").on(t.endsOn),
    check("client_packages_promised_check", sql`${t.introductionsPromised} between 1 and 1000`),
    check("client_packages_price_check", sql`${t.price} >= 0`),
    check("client_packages_period_check", sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      "client_packages_pause_check",
      sql`(${t.pausedFrom} is null and ${t.pausedUntil} is null) or (${t.pausedUntil} > ${t.pausedFrom} and ${t.pausedUntil} - ${t.pausedFrom} <= 90)`,
    ),
  ],
);
