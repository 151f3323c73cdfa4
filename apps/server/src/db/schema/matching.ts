import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * A compatibility check a matchmaker ran (and paid for): the engine's result with the narrative
 * shown, kept per client. `debitId` is the ledger row that paid for it (null when free).
 */
export const compatibilityResults = pgTable(
  "compatibility_results",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    candidateId: text("candidate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    percentage: integer("percentage").notNull(),
    /** The contract's CompatibilityResult, with the narrative that was shown. */
    result: jsonb("result").notNull(),
    narrativeSource: text("narrative_source").notNull(),
    creditsCharged: integer("credits_charged").notNull(),
    debitId: text("debit_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("compatibility_results_client_idx").on(t.clientId, t.createdAt.desc()),
    index("compatibility_results_retry_idx").on(t.requestedBy, t.clientId, t.candidateId, t.createdAt.desc()),
  ],
);

/** A matchmaker's marks on one candidate of one client: priority and "moved to the end". */
export const candidateMarks = pgTable(
  "candidate_marks",
  {
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    candidateId: text("candidate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    priority: text("priority"),
    deferred: boolean("deferred").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.candidateId] })],
);

export const introductionStatusEnum = pgEnum("introduction_status", [
  "awaiting_response",
  "match",
  "rejected",
  "cancelled",
  "asking_clients",
  "introduced",
  "date_planned",
  "dated",
  "second_date",
  "ended",
  "declined",
  "expired",
]);

/**
 * An introduction between two clients, possibly of two agencies. `pairKey` is the two client ids
 * in order, so one pair has at most one introduction that is not cancelled, whoever proposed it.
 */
export const introductions = pgTable(
  "introductions",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    candidateId: text("candidate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pairKey: text("pair_key").notNull(),
    proposedBy: text("proposed_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The candidate's matchmaker when it was proposed: the one who accepts or rejects. */
    responderId: text("responder_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: introductionStatusEnum("status").notNull().default("awaiting_response"),
    /** When both clients said yes: what a client's package counts as delivered. */
    introducedAt: timestamp("introduced_at", { withTimezone: true }),
    /** The first date, once either matchmaker set it. */
    dateStartsAt: timestamp("date_starts_at", { withTimezone: true }),
    datePlace: text("date_place"),
    dateMapUrl: text("date_map_url"),
    dateNote: text("date_note"),
    /** The date's time zone (IANA): it is shown at that local clock; null before it (read as UTC). */
    dateTimeZone: text("date_time_zone"),
    /** When the day-before reminder of the current date went out (a new date clears it). */
    dateRemindedAt: timestamp("date_reminded_at", { withTimezone: true }),
    /**
     * The chance that both say yes the product gave the pair when it was proposed (0-1): the
     * learned chance, or the questionnaire's percentage / 100 without history. What the validity
     * page compares with what happened; null for introductions made before it was kept.
     */
    predictedChance: doublePrecision("predicted_chance"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("introductions_pair_live_idx").on(t.pairKey).where(sql`${t.status} <> 'cancelled'`),
    index("introductions_client_idx").on(t.clientId),
    index("introductions_candidate_idx").on(t.candidateId),
    // A matchmaker's list reads each side in order from these (the id breaks ties for paging);
    // NULLS FIRST is what ORDER BY ... DESC means, so the planner can read the index in order.
    index("introductions_proposer_idx").on(
      t.proposedBy,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("introductions_responder_idx").on(
      t.responderId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Not on the status: a migration may not use an enum value it adds in the same transaction.
    index("introductions_date_idx").on(t.dateStartsAt).where(sql`${t.dateStartsAt} is not null`),
  ],
);

/**
 * Whose engine input last changed in which transaction: one row per user, written by triggers on
 * `users`, `client_profiles` and `client_preferences` (migration 0022), whoever writes. Ranking
 * keeps the candidate pool in memory and asks this table what changed since the snapshot its copy
 * is current to (`modules/matching/candidate-pool.ts`). No foreign key: a deleted user is logged too.
 */
export const matchInputChanges = pgTable(
  "match_input_changes",
  {
    userId: text("user_id").primaryKey(),
    /** `pg_current_xact_id()` of the last transaction that changed the user's input. */
    changedXid: bigint("changed_xid", { mode: "number" }).notNull(),
  },
  (t) => [index("match_input_changes_xid_idx").on(t.changedXid)],
);
