import { ApplicationStatus, PLANS } from "@matchdesk/contract";
import { sql } from "drizzle-orm";
import { check, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.js";

// The admins' inbox: applications of new agencies ("Apply as a matchmaker") and messages of the
// public contact form.

export const applicationStatusEnum = pgEnum(
  "application_status",
  ApplicationStatus.options as [ApplicationStatus, ...ApplicationStatus[]],
);

export const matchmakerApplications = pgTable(
  "matchmaker_applications",
  {
    id: text("id").primaryKey(),
    status: applicationStatusEnum("status").notNull().default("new"),
    agencyName: text("agency_name").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Lower-cased, as users.email. */
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    city: text("city").notNull(),
    message: text("message"),
    /** The applicant's language: the answer to the application is written in it. */
    locale: text("locale").notNull(),
    /** The plan the applicant chose on the pricing page ("Choose Gold" leads to /apply?plan=gold). */
    plan: text("plan"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** The matchmaker account an approval made. */
    accountId: text("account_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("matchmaker_applications_created_idx").on(t.createdAt),
    // One application waiting per address: two sent at once cannot both be stored.
    uniqueIndex("matchmaker_applications_one_new_key").on(t.email).where(sql`${t.status} = 'new'`),
    check(
      "matchmaker_applications_plan_check",
      sql`${t.plan} is null or ${t.plan} in (${sql.raw(PLANS.map((p) => `'${p.id}'`).join(", "))})`,
    ),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    topic: text("topic"),
    message: text("message").notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);
