import { AgencyFocus, Currency, MatchmakerExperience } from "@matchdesk/contract";
import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./users.js";

const values = <T extends string>(options: readonly T[]) => options as [T, ...T[]];
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
export const matchmakerExperienceEnum = pgEnum("matchmaker_experience", values(MatchmakerExperience.options));
export const currencyEnum = pgEnum("currency", values(Currency.options));
export const agencyFocusEnum = pgEnum("agency_focus", values(AgencyFocus.options));

// A matchmaker's agency profile (SPEC 3). Onboarding fills name and login; the owner edits the rest.
export const agencyProfiles = pgTable(
  "agency_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    agencyName: text("agency_name").notNull(),
    login: text("login").notNull().unique(),
    country: text("country"),
    city: text("city"),
    about: text("about"),
    contactFirstName: text("contact_first_name"),
    contactLastName: text("contact_last_name"),
    link: text("link"),
    services: text("services"),
    // What the agency specialises in (contract AgencyFocus); the quiz ranks agencies by it.
    focus: agencyFocusEnum("focus").array().notNull().default(sql`'{}'`),
    awards: text("awards"),
    currency: currencyEnum("currency").notNull().default("USD"),
    introductionPrice: integer("introduction_price"),
    turnkeyPrice: integer("turnkey_price"),
    introductionFee: integer("introduction_fee"),
    payForIntroduction: boolean("pay_for_introduction").notNull().default(false),
    clientToClientContract: boolean("client_to_client_contract").notNull().default(false),
    acceptsFreeClients: boolean("accepts_free_clients").notNull().default(false),
    experience: matchmakerExperienceEnum("experience"),
    clientBaseSize: integer("client_base_size"),
    successfulCases: integer("successful_cases"),
    passwordHash: text("password_hash"),
    // In the public directory: an active, onboarded matchmaker who chose to be listed. Kept, with
    // `verified`, from the user row by triggers (migration 0019), so a directory search reads this
    // one table through its indexes instead of filtering every user.
    listed: boolean("listed").notNull().default(false),
    verified: boolean("verified").notNull().default(false),
    // Kept by the ratings service in the transaction that changes a rating, so the directory can
    // filter and sort by it through an index.
    ratingOverall: doublePrecision("rating_overall"),
    ratingCount: integer("rating_count").notNull().default(0),
    // The agency's name, login and city: their words are the directory's vocabulary
    // (`directoryWords`), which a search with a typo looks through.
    nameText: text("name_text")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${agencyProfiles.agencyName} || ' ' || ${agencyProfiles.login} || ' ' || coalesce(${agencyProfiles.city}, ''))`,
      ),
    // The words of name, login, city, services and about, for full-text search of the agency's text.
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple'::regconfig, ${agencyProfiles.agencyName} || ' ' || ${agencyProfiles.login} || ' ' || coalesce(${agencyProfiles.city}, '') || ' ' || coalesce(${agencyProfiles.services}, '') || ' ' || coalesce(${agencyProfiles.about}, ''))`,
      ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("agency_login_format", sql`${t.login} ~ '^[a-z][a-z0-9-]*$'`),
    check(
      "agency_amounts_not_negative",
      sql`coalesce(${t.introductionPrice}, 0) >= 0 and coalesce(${t.turnkeyPrice}, 0) >= 0 and coalesce(${t.introductionFee}, 0) >= 0 and coalesce(${t.clientBaseSize}, 0) >= 0 and coalesce(${t.successfulCases}, 0) >= 0`,
    ),
    // The directory's indexes hold listed agencies only. fastupdate off: agencies change rarely,
    // and a search should not scan a pending list.
    index("agency_search_fts_idx")
      .using("gin", t.searchVector)
      .with({ fastupdate: "off" })
      .where(sql`${t.listed}`),
    // The directory's order (best rated first), whole or within one country: a page is read in order.
    index("agency_directory_order_idx")
      .on(t.ratingOverall.desc().nullsLast(), t.agencyName, t.userId)
      .where(sql`${t.listed}`),
    index("agency_directory_country_idx")
      .on(t.country, t.ratingOverall.desc().nullsLast(), t.agencyName, t.userId)
      .where(sql`${t.listed}`),
  ],
);

/**
 * Every word of the agencies' names, logins and cities, with how many agencies use it: the
 * vocabulary a directory search with a typo or a partial word is matched against, word by word
 * (pg_trgm's advice for typo-tolerant full-text search). Short words, each once, so a trigram
 * comparison is cheap and a word half the agencies share is one entry, not thousands. Kept by
 * statement triggers on agency_profiles (migration 0023), whoever writes.
 */
export const directoryWords = pgTable(
  "directory_words",
  {
    word: text("word").primaryKey(),
    agencies: integer("agencies").notNull(),
  },
  // fastupdate off: a word enters the tree at once; a pending list would be read by every search.
  (t) => [
    index("directory_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`).with({ fastupdate: "off" }),
  ],
);

// "Join the agency base": a person's request, kept next to the client it created in the base.
export const agencyLeads = pgTable(
  "agency_leads",
  {
    id: text("id").primaryKey(),
    agencyUserId: text("agency_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientUserId: text("client_user_id").references(() => users.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("agency_leads_agency_idx").on(t.agencyUserId, t.createdAt)],
);
