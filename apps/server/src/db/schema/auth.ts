import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

// Server-side sessions: the cookie holds a random token, the table only its SHA-256.
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

// An OpenID Connect sign-in in flight: kept server-side so any instance can finish it.
export const oidcStates = pgTable("oidc_states", {
  stateHash: text("state_hash").primaryKey(),
  nonce: text("nonce").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  redirect: text("redirect").notNull(),
  inviteCode: text("invite_code"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

// Where an account signed in successfully before (a browser's device cookie, an address), so a
// guessing attack from elsewhere never slows its owner down. Only SHA-256 of the user id with the
// device token or the address is kept, never the address itself.
export const knownSignIns = pgTable(
  "known_sign_ins",
  {
    keyHash: text("key_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("known_sign_ins_user_idx").on(t.userId), index("known_sign_ins_expires_idx").on(t.expiresAt)],
);
