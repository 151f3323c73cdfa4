import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

// A matchmaker's agency profile (SPEC 3). Onboarding fills name and login; the marketplace adds the rest.
export const agencyProfiles = pgTable(
  "agency_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    agencyName: text("agency_name").notNull(),
    login: text("login").notNull().unique(),
    country: text("country"),
    city: text("city"),
    about: text("about"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("agency_login_format", sql`${t.login} ~ '^[a-z][a-z0-9-]*$'`)],
);
