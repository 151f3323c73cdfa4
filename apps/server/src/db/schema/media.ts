import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.js";

// Gallery photos of a profile (a client's anketa or a matchmaker's agency), re-encoded by the server.
export const photos = pgTable(
  "photos",
  {
    id: text("id").primaryKey(),
    profileUserId: text("profile_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    isMain: boolean("is_main").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("photos_profile_idx").on(t.profileUserId, t.createdAt),
    uniqueIndex("photos_one_main_idx").on(t.profileUserId).where(sql`${t.isMain}`),
    check("photos_size_positive", sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

// Certificate files of a matchmaker's agency profile: images re-encoded, PDFs kept as sent.
export const certificates = pgTable(
  "certificates",
  {
    id: text("id").primaryKey(),
    profileUserId: text("profile_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("certificates_profile_idx").on(t.profileUserId, t.createdAt)],
);
