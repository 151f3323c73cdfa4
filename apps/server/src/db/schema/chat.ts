import { NotificationKind } from "@matchdesk/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./users.js";

// A conversation between two people (matchmakers and admins). `pairKey` is the two user ids in
// order, so two people have one chat however many times either opens it.
export const chats = pgTable("chats", {
  id: text("id").primaryKey(),
  pairKey: text("pair_key").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
});

export const chatMembers = pgTable(
  "chat_members",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The `seq` of the last message this member has read (read receipts, unread counts). */
    lastReadSeq: bigint("last_read_seq", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_members_user_idx").on(t.userId)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: text("id").primaryKey(),
    // The order of messages for cursors, unread counts and catch-up; never leaves the server.
    seq: bigserial("seq", { mode: "number" }).notNull().unique(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_messages_chat_idx").on(t.chatId, t.seq),
    check("chat_messages_body_length", sql`char_length(${t.body}) between 1 and 4000`),
  ],
);

export const notificationKindEnum = pgEnum(
  "notification_kind",
  NotificationKind.options as [NotificationKind, ...NotificationKind[]],
);

// In-app notifications: the kind and its parameters are stored, the reader's app renders the text.
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: notificationKindEnum("kind").notNull(),
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id.desc()),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
