import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { roleEnum, users } from "./users.js";

/**
 * A client's consents (issue 20): being in the shared search (`shared_search`, other agencies'
 * matchmakers see the profile) and having a public profile (`public_profile`, opened with its
 * password). One row per period a consent was on: who switched it on and when, and who withdrew
 * it and when (null while it is on). At most one open row per client and kind.
 */
export const clientConsents = pgTable(
  "client_consents",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who switched it on: null when unknown (before the ledger, or an account deleted since). */
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    grantedByRole: roleEnum("granted_by_role"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnBy: text("withdrawn_by").references(() => users.id, { onDelete: "set null" }),
    withdrawnByRole: roleEnum("withdrawn_by_role"),
  },
  (t) => [
    index("client_consents_client_idx").on(t.clientId, t.grantedAt.desc()),
    uniqueIndex("client_consents_open_key").on(t.clientId, t.kind).where(sql`${t.withdrawnAt} is null`),
    check("client_consents_kind_check", sql`${t.kind} in ('shared_search', 'public_profile')`),
  ],
);
