import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Fixed-window counters kept in the database, so every app instance shares them. A growing delay
// (`backoff` in platform/rate-limit.ts) also keeps when its next attempt may come.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
});
