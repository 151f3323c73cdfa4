import { index, integer, jsonb, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

export const recalibrationActionEnum = pgEnum("recalibration_action", ["accepted", "dismissed"]);

/**
 * A matchmaker's answer to a client's recalibration card: the changes accepted (applied to the
 * client's preferences) or dismissed. The client's recalibration history, and what decides whether
 * the card shows: declines count from the last accept, a dismiss hides it until the next decline.
 */
export const recalibrations = pgTable(
  "recalibrations",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: recalibrationActionEnum("action").notNull(),
    /** The contract's RecalibrationChange list: applied (accepted) or proposed (dismissed). */
    changes: jsonb("changes").$type<unknown[]>().notNull(),
    /** How many declines the proposal was based on. */
    declines: integer("declines").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recalibrations_client_idx").on(t.clientId, t.createdAt.desc())],
);
