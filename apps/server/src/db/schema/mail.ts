import { index, jsonb, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

// Mail that the embedded setup keeps instead of sending (no SMTP_URL): read it in the log.
export const outbox = pgTable("outbox", {
  id: text("id").primaryKey(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  /** Files the mail carries (a date's `.ics`), as `[{ filename, contentType, content }]`. */
  attachments: jsonb("attachments").$type<{ filename: string; contentType: string; content: string }[]>(),
  /** Where a reply goes (a contact message's sender), kept so the mail is whole when it is sent. */
  replyTo: text("reply_to"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const emailTokenPurpose = pgEnum("email_token_purpose", ["signin", "invite", "edit_profile"]);

// One-time links sent by e-mail: only the SHA-256 of the token is stored; each has one purpose.
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: text("id").primaryKey(),
    purpose: emailTokenPurpose("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId, t.purpose)],
);
