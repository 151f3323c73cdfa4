import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

// A client's anketa (SPEC 3). Name, phone and gender live on `users`; the rest here. Columns that
// matching filters on (gender and age via users, height, city, country) are plain indexed columns.
export const clientProfiles = pgTable(
  "client_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    dateOfBirth: date("date_of_birth"),
    height: integer("height"),
    weight: integer("weight"),
    ethnicity: text("ethnicity"),
    incomeLevel: text("income_level"),
    country: text("country"),
    city: text("city"),
    profession: text("profession"),
    aboutMe: text("about_me"),
    achievements: text("achievements"),
    marriageStatus: text("marriage_status"),
    relationshipStatus: text("relationship_status"),
    faith: text("faith"),
    educationLevel: text("education_level"),
    university: text("university"),
    college: text("college"),
    languagesSpoken: text("languages_spoken").array().notNull().default(sql`'{}'`),
    childrenCount: integer("children_count"),
    wantsMoreChildren: boolean("wants_more_children"),
    childrenAges: integer("children_ages").array().notNull().default(sql`'{}'`),
    citizenship: text("citizenship").array().notNull().default(sql`'{}'`),
    longDistanceRelationship: boolean("long_distance_relationship"),
    openToRelocation: boolean("open_to_relocation"),
    politicalViews: text("political_views"),
    bodyType: text("body_type"),
    hairColor: text("hair_color"),
    eyeColor: text("eye_color"),
    tattoosOrPiercings: boolean("tattoos_or_piercings"),
    hasPets: boolean("has_pets"),
    petAllergies: boolean("pet_allergies"),
    plasticSurgery: boolean("plastic_surgery"),
    smoking: text("smoking"),
    alcohol: text("alcohol"),
    foodPreferences: text("food_preferences"),
    foodAllergies: text("food_allergies"),
    loveLanguage: text("love_language"),
    zodiacSign: text("zodiac_sign"),
    lookingFor: text("looking_for"),
    familyPlan: text("family_plan"),
    interests: jsonb("interests").$type<Record<string, string[]>>().notNull().default({}),
    narcissism: integer("narcissism"),
    borderline: integer("borderline"),
    empathy: integer("empathy"),
    displaySettings: jsonb("display_settings").$type<Record<string, boolean>>().notNull().default({}),
    accessPasswordHash: text("access_password_hash"),
    isComplete: boolean("is_complete").notNull().default(false),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("client_profiles_height", sql`${t.height} between 100 and 250`),
    check("client_profiles_weight", sql`${t.weight} between 30 and 300`),
    check("client_profiles_children", sql`${t.childrenCount} between 0 and 20`),
    check(
      "client_profiles_psychology",
      sql`${t.narcissism} between 0 and 100 and ${t.borderline} between 0 and 100 and ${t.empathy} between 0 and 100`,
    ),
    index("client_profiles_match_idx").on(t.country, t.city),
    // Candidate pre-filter (matching): complete profiles by age (date of birth) and height ranges.
    index("client_profiles_candidate_idx").on(t.dateOfBirth, t.height).where(sql`${t.isComplete}`),
  ],
);

// What a client looks for, with deal-breakers and weights per preference.
export const clientPreferences = pgTable(
  "client_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    preferredGender: text("preferred_gender"),
    orientation: text("orientation"),
    minAge: integer("min_age"),
    maxAge: integer("max_age"),
    minHeight: integer("min_height"),
    maxHeight: integer("max_height"),
    relationships: text("relationships").array().notNull().default(sql`'{}'`),
    education: text("education").array().notNull().default(sql`'{}'`),
    income: text("income").array().notNull().default(sql`'{}'`),
    smoking: text("smoking").array().notNull().default(sql`'{}'`),
    alcohol: text("alcohol").array().notNull().default(sql`'{}'`),
    qualities: text("qualities").array().notNull().default(sql`'{}'`),
    idealPartner: text("ideal_partner"),
    preferredCities: text("preferred_cities").array().notNull().default(sql`'{}'`),
    dealBreakers: text("deal_breakers").array().notNull().default(sql`'{}'`),
    weights: jsonb("weights").$type<Record<string, "low" | "medium" | "high">>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "client_preferences_age",
      sql`${t.minAge} between 18 and 100 and ${t.maxAge} between 18 and 100 and ${t.minAge} <= ${t.maxAge}`,
    ),
    check(
      "client_preferences_height",
      sql`${t.minHeight} between 100 and 250 and ${t.maxHeight} between 100 and 250 and ${t.minHeight} <= ${t.maxHeight}`,
    ),
  ],
);

// A browser that opened a public profile with its password keeps it open for an hour (SPEC 2,
// issue 17): the cookie holds a random token, only its SHA-256 is stored. The grant names the
// password it was given for (a SHA-256 of its stored hash): another password, or the visitor's
// own "lock", ends it, whatever the timing.
export const profileAccessGrants = pgTable(
  "profile_access_grants",
  {
    tokenHash: text("token_hash").primaryKey(),
    profileUserId: text("profile_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    passwordFingerprint: text("password_fingerprint").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("profile_access_grants_profile_idx").on(t.profileUserId),
    index("profile_access_grants_expires_idx").on(t.expiresAt),
  ],
);
