import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

// Issue 18, Telegram: a person's account linked to one Telegram chat. `sentUntil` is the id of the
// last notification sent to the chat, or a fresh id at linking (ids are time-ordered UUID v7, so
// they compare as text): the sender reads the notifications after it, so the notifications module
// stays the only writer of its table and a restart resends nothing.
export const telegramLinks = pgTable("telegram_links", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  chatId: bigint("chat_id", { mode: "number" }).notNull().unique(),
  linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  sentUntil: text("sent_until").notNull(),
});

// One-time link codes: only their SHA-256 is kept; a code links one chat once, within 15 minutes.
export const telegramLinkCodes = pgTable(
  "telegram_link_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("telegram_link_codes_user_idx").on(t.userId)],
);

// Which instance reads the bot's updates: one row, leased for a short while and renewed by its
// holder, so that only one instance calls getUpdates (the Bot API answers 409 to a second one).
// `updateOffset` is the next update to ask for, kept here so a new holder goes on where the last
// one stopped.
export const telegramPoller = pgTable("telegram_poller", {
  id: text("id").primaryKey(),
  holder: text("holder"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  updateOffset: bigint("update_offset", { mode: "number" }).notNull().default(0),
});
