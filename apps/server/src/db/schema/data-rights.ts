import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { apiKeys } from "./integrations.js";
import { roleEnum, users } from "./users.js";

/**
 * The client's access log (issue 20): each view or change of a client's data by someone other
 * than the client, written by the data-rights module after a successful answer of a route whose
 * contract definition carries `audit`. Rows are kept 12 months, then housekeeping deletes them.
 * The address is stored for the client's and the matchmaker's eyes only; it never goes to the
 * process log.
 */
export const clientAccessLog = pgTable(
  "client_access_log",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * How the actor came: `person` (signed in), `api_key` (a script with one of the person's API
     * keys: actor_id is the key's owner) or `link` (someone with the public profile's password,
     * without an account: no actor id or role).
     */
    actorKind: text("actor_kind").notNull().default("person"),
    /** Who: null once their account is deleted (the row stays, with the role it had). */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's role at the time; null only for `link`. */
    actorRole: roleEnum("actor_role"),
    /** The API key of an `api_key` row (null once the key is deleted with its owner). */
    apiKeyId: text("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    /** The key's name at the time: a key renamed or gone is still told apart. */
    apiKeyName: text("api_key_name"),
    action: text("action").notNull(),
    /** The route: method and path of the contract (`GET /api/clients/:id`). */
    what: text("what").notNull(),
    ip: text("ip"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The client's page reads newest first, a page at a time; the summary groups the same rows.
    index("client_access_log_client_idx").on(t.clientId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The purge deletes by age.
    index("client_access_log_at_idx").on(t.at),
    // A deleted key clears its id here (on delete set null): found by index, not a scan of the log.
    index("client_access_log_api_key_idx").on(t.apiKeyId).where(sql`${t.apiKeyId} is not null`),
    // An erased key owner's key names are cleared from the entries: found by index, not a scan.
    index("client_access_log_key_name_idx").on(t.actorId).where(sql`${t.apiKeyName} is not null`),
    check("client_access_log_action_check", sql`${t.action} in ('view', 'change')`),
    check(
      "client_access_log_actor_kind_check",
      sql`${t.actorKind} in ('person', 'api_key', 'link') and (${t.actorKind} = 'link') = (${t.actorRole} is null)`,
    ),
  ],
);

/**
 * A matchmaker's (their agency's) retention of inactive clients (issue 20): a client without
 * activity for `months` is erased, the matchmaker warned 30 days before. No row: off.
 */
export const retentionSettings = pgTable(
  "retention_settings",
  {
    matchmakerId: text("matchmaker_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    months: integer("months").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("retention_settings_months_check", sql`${t.months} in (12, 24, 36)`)],
);

/**
 * A client under retention: kept by their matchmaker (never erased for inactivity), and when the
 * matchmaker was warned of the coming erasure (the warning goes once; activity after it, or a
 * change of the setting, clears it). No row: not kept, not warned.
 */
export const clientRetention = pgTable(
  "client_retention",
  {
    clientId: text("client_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    keep: boolean("keep").notNull().default(false),
    warnedAt: timestamp("warned_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The job finds the warned clients through it.
  (t) => [index("client_retention_warned_idx").on(t.warnedAt)],
);

/**
 * A file link of a data export (issue 20): the export names each photo, certificate and avatar by
 * a link of its own that opens the file for 24 hours (`GET /api/export-files/{token}`), not by the
 * file's lasting key. Only the token's hash is kept, as for the other one-click links; swept a
 * day after expiry, deleted with the person on erasure.
 */
export const exportLinks = pgTable(
  "export_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** Whose export it was. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("export_links_user_idx").on(t.userId), index("export_links_expiry_idx").on(t.expiresAt)],
);
