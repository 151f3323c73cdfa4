import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./users.js";

// How many clients each matchmaker has, by questionnaire state (incomplete = total - completed -
// approved). Kept by triggers on users and client_profiles (migration 0012), so the client list's
// total and the stats cost one row read instead of a count over the whole base.
export const clientCounts = pgTable("client_counts", {
  inviterId: text("inviter_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  total: integer("total").notNull().default(0),
  completed: integer("completed").notNull().default(0),
  approved: integer("approved").notNull().default(0),
});
