import { date, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

// One row per opening of a public profile or agency page. No address is stored: the visitor is a
// hash of the day's salt, address, browser and profile, so one visitor is one hash for a day.
export const profileViews = pgTable(
  "profile_views",
  {
    id: text("id").primaryKey(),
    profileUserId: text("profile_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    visitorHash: text("visitor_hash").notNull(),
    source: text("source").notNull(),
    country: text("country").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("profile_views_profile_idx").on(t.profileUserId, t.viewedAt)],
);

// A random salt per UTC day, shared by every instance; old ones can be dropped, which makes the
// hashes of those days impossible to link to anyone.
export const viewSalts = pgTable("view_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
});
