import { z } from "zod";

// Enumerations of SPEC.md section 3, values verbatim.
export const Role = z.enum(["ADMIN", "INVITER", "INVITEE"]);
export type Role = z.infer<typeof Role>;

export const UserStatus = z.enum([
  "active",
  "inactive",
  "verified",
  "unverified",
  "pending",
  "approved",
  "rejected",
]);
export type UserStatus = z.infer<typeof UserStatus>;

export const Gender = z.enum(["MALE", "FEMALE"]);
export const PreferredGender = z.enum(["MALE", "FEMALE", "NON_BINARY", "EVERYONE"]);
export const IncomeLevel = z.enum([
  "UP_TO_100K",
  "FROM_100K_TO_500K",
  "FROM_500K_TO_1M",
  "FROM_1M_TO_5M",
  "FROM_5M_TO_10M",
  "FROM_10M_TO_50M",
  "FROM_50M_TO_100M",
  "OVER_100M",
]);
export const MarriageStatus = z.enum(["NEVER_MARRIED", "MARRIED", "DIVORCED", "WIDOWED", "SEPARATED"]);
export const RelationshipStatus = z.enum([
  "SINGLE",
  "IN_RELATIONSHIP",
  "MARRIED",
  "DIVORCED",
  "NEVER_MARRIED",
]);
export const PreviousRelationships = z.enum(["NEVER_MARRIED", "DIVORCED", "SEPARATED", "WIDOWED"]);
export const Faith = z.enum([
  "CHRISTIANITY",
  "ISLAM",
  "JUDAISM_HALACHIC",
  "JUDAISM_NON_HALACHIC",
  "BUDDHISM",
  "HINDUISM",
  "ATHEISM",
  "AGNOSTICISM",
  "OTHER",
]);
export const EducationLevel = z.enum(["SECONDARY", "BACHELOR", "MASTER", "PHD", "OTHER"]);
export const MatchmakerExperience = z.enum([
  "LESS_THAN_1_YEAR",
  "ONE_TO_3_YEARS",
  "THREE_TO_5_YEARS",
  "FIVE_TO_7_YEARS",
  "MORE_THAN_7_YEARS",
]);
export const SexualOrientation = z.enum(["STRAIGHT", "BISEXUAL", "EVERYONE", "NON_BINARY", "HOMOSEXUAL"]);
export const SmokingHabits = z.enum(["YES", "SOCIAL_SMOKER", "NO"]);
export const AlcoholConsumption = z.enum(["YES", "SOCIAL_DRINKER", "NO"]);
export const Children = z.enum(["NO_CHILDREN", "HAVE_CHILDREN", "PREFER_NOT_TO_SAY"]);
export const LookingFor = z.enum([
  "SERIOUS_RELATIONSHIP",
  "MEET_NEW_PEOPLE",
  "NOT_SURE",
  "NOT_LOOKING",
  "PROFESSIONAL_NETWORKING",
  "MARRIAGE",
  "FRIENDSHIP",
  "CASUAL_DATING",
]);
export const FamilyPlan = z.enum([
  "DO_NOT_WANT_CHILDREN",
  "WANT_CHILDREN",
  "OPEN_TO_CHILDREN",
  "NOT_SURE",
  "PREFER_NOT_TO_SAY",
]);
export const BodyType = z.enum(["ATHLETIC", "FIT", "SLIM", "CURVY", "MUSCULAR", "AVERAGE", "PLUS_SIZE"]);
export const HairColor = z.enum([
  "BLACK",
  "DARK_BROWN",
  "LIGHT_BROWN",
  "BLONDE",
  "RED",
  "AUBURN",
  "GREY",
  "MULTICOLORED_DYED",
]);
export const EyeColor = z.enum(["BROWN", "BLUE", "GREEN", "HAZEL", "GREY", "AMBER", "BLACK", "MULTICOLORED"]);
export const FoodPreferences = z.enum([
  "OMNIVORE",
  "VEGETARIAN",
  "VEGAN",
  "PESCATARIAN",
  "FLEXITARIAN",
  "KETO_LOW_CARB",
  "GLUTEN_FREE",
  "HALAL_KOSHER",
]);
export const LoveLanguage = z.enum([
  "ACTS_OF_SERVICE",
  "PHYSICAL_TOUCH",
  "QUALITY_TIME",
  "RECEIVING_GIFTS",
  "WORDS_OF_AFFIRMATION",
]);
export const EthnicityGroup = z.enum([
  "ASIAN",
  "CENTRAL_ASIAN",
  "BLACK_AFRICAN",
  "HISPANIC_LATINO",
  "MENA",
  "JEWISH",
  "NATIVE",
  "PACIFIC",
  "WHITE",
  "OTHER",
  "MULTIRACIAL_MIXED",
  "PREFER_NOT_TO_SAY",
]);
export const CreditTransactionType = z.enum([
  "registration",
  "pay",
  "compensation",
  "gift",
  "contest",
  "aiMatch",
  "subscription_gold",
  "subscription_silver",
]);
export type CreditTransactionType = z.infer<typeof CreditTransactionType>;
export const SubscriptionTier = z.enum(["regular", "silver", "gold"]);
export type SubscriptionTier = z.infer<typeof SubscriptionTier>;
export const InterestCategory = z.enum([
  "creativity",
  "active_lifestyle",
  "food_and_drinks",
  "social_life",
  "pets",
  "sports",
  "home_time",
  "travel",
  "movie",
  "music",
]);
// "not assigned" travels as null on the wire (API.md: priority yes, maybe, no, null).
export const CandidatePriority = z.enum(["yes", "maybe", "no"]);
export const ReviewStatus = z.enum(["pending", "approved", "rejected"]);
export const IntroductionState = z.enum([
  "none",
  "awaiting_response",
  "match",
  "asking_clients",
  "introduced",
  "date_planned",
  "dated",
  "second_date",
  "ended",
  "declined",
  "expired",
  "rejected",
  "cancelled",
]);

/** Country and nationality codes (SPEC 3: about 75 plus OTHER). ISO 3166-1 alpha-2; names come from Intl. */
export const COUNTRY_CODES = [
  "AE",
  "AM",
  "AR",
  "AT",
  "AU",
  "AZ",
  "BE",
  "BG",
  "BR",
  "BY",
  "CA",
  "CH",
  "CL",
  "CN",
  "CO",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "EG",
  "ES",
  "FI",
  "FR",
  "GB",
  "GE",
  "GR",
  "HK",
  "HR",
  "HU",
  "ID",
  "IE",
  "IL",
  "IN",
  "IS",
  "IT",
  "JP",
  "KG",
  "KR",
  "KZ",
  "LT",
  "LU",
  "LV",
  "MA",
  "MC",
  "MD",
  "ME",
  "MT",
  "MX",
  "MY",
  "NL",
  "NO",
  "NZ",
  "PE",
  "PH",
  "PL",
  "PT",
  "QA",
  "RO",
  "RS",
  "RU",
  "SA",
  "SE",
  "SG",
  "SI",
  "SK",
  "TH",
  "TJ",
  "TR",
  "UA",
  "US",
  "UZ",
  "VN",
  "ZA",
  "OTHER",
] as const;
export const Country = z.enum(COUNTRY_CODES);

export const ProfileStatus = z.enum(["incomplete", "complete", "approved"]);
export type ProfileStatus = z.infer<typeof ProfileStatus>;
