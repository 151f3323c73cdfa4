import { ReviewStatus } from "@matchdesk/contract";
import { sql } from "drizzle-orm";
import { check, index, pgEnum, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

const values = <T extends string>(options: readonly T[]) => options as [T, ...T[]];
export const reviewStatusEnum = pgEnum("review_status", values(ReviewStatus.options));

// SPEC 3 Review: anyone may write one; it is published only after an admin approves it (SPEC 4).
export const reviews = pgTable(
  "reviews",
  {
    id: text("id").primaryKey(),
    agencyUserId: text("agency_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The signed-in matchmaker who wrote it, if one did. */
    fromAgencyUserId: text("from_agency_user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    authorEmail: text("author_email").notNull(),
    text: text("text").notNull(),
    status: reviewStatusEnum("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  },
  (t) => [
    index("reviews_agency_idx").on(t.agencyUserId, t.status, t.createdAt.desc()),
    index("reviews_status_idx").on(t.status, t.createdAt.desc()),
  ],
);

// SPEC 3 Rating: one per matchmaker and agency, 1-5 stars in five dimensions; a second one replaces it.
export const agencyRatings = pgTable(
  "agency_ratings",
  {
    raterUserId: text("rater_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agencyUserId: text("agency_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trust: smallint("trust").notNull(),
    friendliness: smallint("friendliness").notNull(),
    speed: smallint("speed").notNull(),
    resultPerCost: smallint("result_per_cost").notNull(),
    overall: smallint("overall").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.raterUserId, t.agencyUserId] }),
    index("agency_ratings_agency_idx").on(t.agencyUserId),
    check(
      "agency_ratings_range",
      sql`${t.trust} between 1 and 5 and ${t.friendliness} between 1 and 5 and ${t.speed} between 1 and 5 and ${t.resultPerCost} between 1 and 5 and ${t.overall} between 1 and 5`,
    ),
    check("agency_ratings_not_own", sql`${t.raterUserId} <> ${t.agencyUserId}`),
  ],
);
