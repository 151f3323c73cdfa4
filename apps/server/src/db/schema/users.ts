import { Gender, Role, UserStatus } from "@matchdesk/contract";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// zod lists an enum's options as an array; Drizzle wants the non-empty tuple they are.
const values = <T extends string>(options: readonly T[]) => options as [T, ...T[]];

export const roleEnum = pgEnum("role", values(Role.options));
export const userStatusEnum = pgEnum("user_status", values(UserStatus.options));
export const genderEnum = pgEnum("gender", values(Gender.options));

// SPEC 3 User. Balance, rating and subscription are derived by their own domains.
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Lower case; null only for a client known by phone, until their matchmaker adds an address. */
    email: text("email"),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** E.164 ("+79120000000"), as the contract's `Phone` writes it (`normalizePhone`). */
    phone: text("phone"),
    gender: genderEnum("gender"),
    role: roleEnum("role").notNull(),
    status: userStatusEnum("status").notNull().default("active"),
    isFreeClient: boolean("is_free_client").notNull().default(false),
    /** Support enabled AI matching for free (SPEC 6: "enabled through support"). */
    aiMatchingEnabled: boolean("ai_matching_enabled").notNull().default(false),
    inviteCode: text("invite_code").notNull(),
    inviterId: text("inviter_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    website: text("website"),
    isVerified: boolean("is_verified").notNull().default(false),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    participatesInSearch: boolean("participates_in_search").notNull().default(false),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    smId: text("sm_id"),
    /** Likes in the partner mobile app, as its signed endpoint last reported them (null: never). */
    partnerLikes: integer("partner_likes"),
    locale: text("locale").notNull().default("ru-RU"),
    onboardingCompletedAt: timestamp("onboarding_completed_at", { withTimezone: true }),
    avatarKey: text("avatar_key"),
    avatarThumbKey: text("avatar_thumb_key"),
    isDemo: boolean("is_demo").notNull().default(false),
    // What the client list's search box matches: name, e-mail, phone and the questionnaire's city,
    // kept by triggers on users and client_profiles (migration 0024), trigram-indexed.
    searchText: text("search_text"),
    /**
     * A client's questionnaire state, copied from client_profiles by a trigger (migration
     * `client_search_keys`) so the client list filters and counts on users alone: 0 incomplete,
     * 1 complete (not approved), 2 approved (`md_client_bucket`, as client_counts counts them).
     */
    profileBucket: smallint("profile_bucket").notNull().default(0),
    /**
     * The search text's three-letter pieces, each hashed together with the matchmaker and the
     * questionnaire state (`md_search_keys`): a GIN index over them answers "this matchmaker's
     * clients in this state whose text has these letters" from the index, however many other
     * clients the table holds. Empty without a matchmaker.
     */
    searchKeys: integer("search_keys")
      .array()
      .generatedAlwaysAs(sql`md_search_keys((inviter_id || ':' || profile_bucket), search_text)`),
    /**
     * When the person was erased (issue 20, GDPR art. 17): the row stays as an anonymous
     * tombstone, without name, e-mail, phone or password, so the other party's introductions and
     * the kept payments still point somewhere (docs/data-erasure.md). Null for everyone else.
     */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /**
     * When the person last signed in or used the app (a session created or renewed, at most hourly):
     * sessions end and are swept, this stays. Retention (issue 20) reads it as the client's activity.
     */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    /**
     * The person's latest activity as retention (issue 20) counts it: creation, sign-ins and
     * session renewals (`markActive`), and, by triggers (migration `users_last_activity`), their
     * questionnaire and preferences, introductions, answers, date replies, date feedback, photos
     * and the chat messages they wrote. Moved forward only, at most once a minute per person.
     */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    // Staff sign in by e-mail; a client needs at least one way to be reached (issue 17, item 11).
    // An erased person's tombstone keeps no way to reach them.
    check(
      "users_contact_check",
      sql`${t.email} is not null or (${t.role} = 'INVITEE' and ${t.phone} is not null) or ${t.erasedAt} is not null`,
    ),
    uniqueIndex("users_invite_code_key").on(t.inviteCode),
    uniqueIndex("users_sm_id_key").on(t.smId),
    // The client list's order (newest first, id breaking ties), so a page is read straight off it.
    index("users_inviter_idx").on(t.inviterId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The same per questionnaire state: a list of one state, or a search in it, reads that state's
    // clients only (a search of the complete third walked past two incomplete clients for each).
    index("users_inviter_bucket_idx").on(
      t.inviterId,
      t.profileBucket,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Retention's run: a matchmaker's live clients by latest activity, so it reads only those due.
    index("users_retention_idx")
      .on(t.inviterId, t.lastActivityAt)
      .where(sql`${t.role} = 'INVITEE' and ${t.erasedAt} is null`),
    index("users_role_idx").on(t.role, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A matchmaker's client search (migration `client_search_keys`). One GIN index over the
    // matchmaker and the trigrams would do too, but PGlite's btree_gin breaks its pg_trgm (with both
    // loaded, trigram searches answer wrongly or never return; still so in 0.5.16), hence the keys.
    // New keys wait in a small pending list, merged in bulk: a client's write stays cheap.
    index("users_search_keys_idx")
      .using("gin", t.searchKeys)
      .with({ fastupdate: "on", gin_pending_list_limit: 64 }),
    // An admin's search over every client (the keys are per matchmaker), with a small pending list
    // too.
    index("users_search_trgm_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: "on", gin_pending_list_limit: 64 }),
  ],
);
