import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { introductionStatusEnum, introductions } from "./matching.js";
import { users } from "./users.js";

// Introductions after the match: each client's side (asked, answered, date response), the
// timeline, one-click links, feedback and the consent ledger. Every answer and outcome is data,
// not free text, so that matching can learn from it.

export const clientAnswerEnum = pgEnum("client_answer", ["yes", "no"]);
export const dateResponseEnum = pgEnum("date_response", ["confirmed", "reschedule"]);
export const meetAgainEnum = pgEnum("meet_again", ["yes", "maybe", "no"]);
export const introductionLinkPurposeEnum = pgEnum("introduction_link_purpose", ["answer", "feedback"]);

/** One client of an introduction: the question their matchmaker asked and their answer. */
export const introductionSides = pgTable(
  "introduction_sides",
  {
    introductionId: text("introduction_id")
      .notNull()
      .references(() => introductions.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The client's matchmaker when the introduction was made. */
    matchmakerId: text("matchmaker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * When the matchmaker could first ask (the match): until they ask, the job reminds them on the
     * agency's reminder days and the introduction expires on its expiry day, counted from then.
     */
    matchedAt: timestamp("matched_at", { withTimezone: true }),
    askedAt: timestamp("asked_at", { withTimezone: true }),
    askNote: text("ask_note"),
    /**
     * The question expires then (the agency's setting at the time it was asked); before it was
     * asked, when the introduction expires unasked.
     */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    answer: clientAnswerEnum("answer"),
    reason: text("reason"),
    comment: text("comment"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /**
     * Reminders sent to the client for this question (before it, to the matchmaker to ask), and
     * whether the matchmaker was told.
     */
    remindersSent: smallint("reminders_sent").notNull().default(0),
    matchmakerAlerted: boolean("matchmaker_alerted").notNull().default(false),
    /**
     * When the job next has something to do for this open question (a reminder, the matchmaker's
     * alert, the expiry); null once answered or closed. A run reads only what is due through its
     * index, however many questions are open.
     */
    nextNudgeAt: timestamp("next_nudge_at", { withTimezone: true }),
    dateResponse: dateResponseEnum("date_response"),
  },
  (t) => [
    primaryKey({ columns: [t.introductionId, t.clientId] }),
    index("introduction_sides_client_idx").on(t.clientId),
    index("introduction_sides_nudge_idx").on(t.nextNudgeAt).where(sql`${t.nextNudgeAt} is not null`),
  ],
);

/** The timeline: every step, who took it and its data, oldest first. */
export const introductionEvents = pgTable(
  "introduction_events",
  {
    id: text("id").primaryKey(),
    introductionId: text("introduction_id")
      .notNull()
      .references(() => introductions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** Whose client the step concerns; null for the introduction as a whole. */
    clientId: text("client_id"),
    /** Who took the step; null for the system (a reminder, an expiry). */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("introduction_events_introduction_idx").on(t.introductionId, t.createdAt)],
);

/** A one-click link in an e-mail to a client: hashed, single-purpose, expiring, used once. */
export const introductionLinks = pgTable(
  "introduction_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    introductionId: text("introduction_id")
      .notNull()
      .references(() => introductions.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: introductionLinkPurposeEnum("purpose").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("introduction_links_expiry_idx").on(t.expiresAt)],
);

/** A client's feedback on the first date, from the client or recorded by their matchmaker. */
export const introductionFeedback = pgTable(
  "introduction_feedback",
  {
    introductionId: text("introduction_id")
      .notNull()
      .references(() => introductions.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    happened: boolean("happened").notNull(),
    meetAgain: meetAgainEnum("meet_again").notNull(),
    attraction: smallint("attraction"),
    conversation: smallint("conversation"),
    sharedValues: smallint("shared_values"),
    manners: smallint("manners"),
    reasons: text("reasons").array().notNull().default(sql`'{}'`),
    note: text("note"),
    /** The matchmaker who recorded it after a call; null when the client gave it. */
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.introductionId, t.clientId] })],
);

/** The consent ledger: each time one client's contacts were shown to someone, under which consents. */
export const contactReleases = pgTable(
  "contact_releases",
  {
    id: text("id").primaryKey(),
    introductionId: text("introduction_id")
      .notNull()
      .references(() => introductions.id, { onDelete: "cascade" }),
    subjectId: text("subject_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fields: text("fields").array().notNull(),
    /** The two yes answers: `[{ clientId, answeredAt }]`. */
    consents: jsonb("consents").$type<{ clientId: string; answeredAt: string }[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_releases_subject_idx").on(t.subjectId, t.createdAt.desc())],
);

/** A matchmaker's reminder days for unanswered questions; defaults when absent. */
export const introductionSettings = pgTable("introduction_settings", {
  matchmakerId: text("matchmaker_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  reminderDays: integer("reminder_days").array().notNull(),
  matchmakerAlertDay: integer("matchmaker_alert_day").notNull(),
  expiryDays: integer("expiry_days").notNull(),
  /** The agency's time zone for first dates (IANA); null: the matchmaker picks one each time. */
  timeZone: text("time_zone"),
});

/**
 * How many introductions each matchmaker has in each state, as they proposed or answer them (one
 * introduction within an agency counts once): the tab counts of their list, read in one short
 * query however many introductions there are. Kept by statement triggers on `introductions`
 * (migration 0030), so every write, whichever code makes it, keeps it true.
 */
export const introductionCounts = pgTable(
  "introduction_counts",
  {
    matchmakerId: text("matchmaker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: introductionStatusEnum("status").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchmakerId, t.status] })],
);
