import { z } from "zod";
import { LIMITS } from "./constants.js";
import {
  AlcoholConsumption,
  BodyType,
  Country,
  EducationLevel,
  EthnicityGroup,
  EyeColor,
  Faith,
  FamilyPlan,
  FoodPreferences,
  Gender,
  HairColor,
  IncomeLevel,
  InterestCategory,
  LookingFor,
  LoveLanguage,
  MarriageStatus,
  PreferredGender,
  PreviousRelationships,
  ProfileStatus,
  RelationshipStatus,
  SexualOrientation,
  SmokingHabits,
} from "./enums.js";
import { PhoneInput } from "./phone.js";

export const ZodiacSign = z.enum([
  "ARIES",
  "TAURUS",
  "GEMINI",
  "CANCER",
  "LEO",
  "VIRGO",
  "LIBRA",
  "SCORPIO",
  "SAGITTARIUS",
  "CAPRICORN",
  "AQUARIUS",
  "PISCES",
]);

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Maximum length is ${max}` });
const required = (max: number) => text(max).min(1, { message: "Required field" });
const list = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max);

export const AGE_RANGE = { min: 18, max: 100 } as const;

/** Age in whole years on `today` (UTC) of someone born on an ISO date. */
export function ageOn(dateOfBirth: string, today = new Date()): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age--;
  return age;
}

export const DateOfBirth = z.iso.date({ message: "Invalid date" }).refine(
  (v) => {
    const age = ageOn(v);
    return age >= AGE_RANGE.min && age <= AGE_RANGE.max;
  },
  { message: `Age must be between ${AGE_RANGE.min} and ${AGE_RANGE.max}` },
);

export const Height = z
  .number()
  .int()
  .min(LIMITS.heightCm.min, { message: `Minimum is ${LIMITS.heightCm.min}` })
  .max(LIMITS.heightCm.max, { message: `Maximum is ${LIMITS.heightCm.max}` });
export const ChildrenCount = z
  .number()
  .int()
  .min(LIMITS.childrenCount.min, { message: "Value cannot be negative" })
  .max(LIMITS.childrenCount.max, { message: `Maximum is ${LIMITS.childrenCount.max}` });
const Score = z
  .number()
  .int()
  .min(0, { message: "Value cannot be negative" })
  .max(100, { message: "Maximum is 100" });

export const Interests = z.partialRecord(InterestCategory, list(text(40).min(1), 20));
export const PsychologyScores = z.object({
  narcissism: Score.nullable(),
  borderline: Score.nullable(),
  empathy: Score.nullable(),
});

/** Every field of the SPEC 3 client profile a person fills in; all optional while editing. */
export const ProfileFields = z.object({
  firstName: required(100),
  lastName: required(100),
  phone: PhoneInput.nullable(),
  gender: Gender.nullable(),
  dateOfBirth: DateOfBirth.nullable(),
  height: Height.nullable(),
  weight: z
    .number()
    .int()
    .min(30, { message: "Minimum is 30" })
    .max(300, { message: "Maximum is 300" })
    .nullable(),
  ethnicity: EthnicityGroup.nullable(),
  incomeLevel: IncomeLevel.nullable(),
  country: Country.nullable(),
  city: text(100).nullable(),
  profession: text(120).nullable(),
  aboutMe: text(3000).nullable(),
  achievements: text(2000).nullable(),
  marriageStatus: MarriageStatus.nullable(),
  relationshipStatus: RelationshipStatus.nullable(),
  faith: Faith.nullable(),
  educationLevel: EducationLevel.nullable(),
  university: text(200).nullable(),
  college: text(200).nullable(),
  languagesSpoken: list(text(40).min(1), 15),
  childrenCount: ChildrenCount.nullable(),
  wantsMoreChildren: z.boolean().nullable(),
  childrenAges: list(z.number().int().min(0).max(60), LIMITS.childrenCount.max),
  citizenship: list(Country, 5),
  longDistanceRelationship: z.boolean().nullable(),
  openToRelocation: z.boolean().nullable(),
  politicalViews: text(100).nullable(),
  bodyType: BodyType.nullable(),
  hairColor: HairColor.nullable(),
  eyeColor: EyeColor.nullable(),
  tattoosOrPiercings: z.boolean().nullable(),
  hasPets: z.boolean().nullable(),
  petAllergies: z.boolean().nullable(),
  plasticSurgery: z.boolean().nullable(),
  smoking: SmokingHabits.nullable(),
  alcohol: AlcoholConsumption.nullable(),
  foodPreferences: FoodPreferences.nullable(),
  foodAllergies: text(200).nullable(),
  loveLanguage: LoveLanguage.nullable(),
  zodiacSign: ZodiacSign.nullable(),
  lookingFor: LookingFor.nullable(),
  familyPlan: FamilyPlan.nullable(),
  interests: Interests,
  psychology: PsychologyScores,
});
export type ProfileFields = z.infer<typeof ProfileFields>;

/** SPEC 5: what a client profile needs to count as complete. */
export const REQUIRED_PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "phone",
  "gender",
  "dateOfBirth",
  "height",
  "ethnicity",
  "incomeLevel",
  "country",
  "city",
  "profession",
  "aboutMe",
  "marriageStatus",
  "relationshipStatus",
  "faith",
] as const satisfies readonly (keyof ProfileFields)[];

export const PreferenceWeight = z.enum(["low", "medium", "high"]);
/** Preferences a matchmaker can mark as a deal-breaker and weight (beyond the spec, as the best CRMs do). */
export const WEIGHTED_PREFERENCES = [
  "age",
  "height",
  "relationships",
  "education",
  "income",
  "smoking",
  "alcohol",
  "cities",
] as const;
export const WeightedPreference = z.enum(WEIGHTED_PREFERENCES);

const ageBound = z.number().int().min(AGE_RANGE.min).max(AGE_RANGE.max);

export const PreferenceFields = z
  .object({
    preferredGender: PreferredGender.nullable(),
    orientation: SexualOrientation.nullable(),
    minAge: ageBound.nullable(),
    maxAge: ageBound.nullable(),
    minHeight: Height.nullable(),
    maxHeight: Height.nullable(),
    relationships: list(PreviousRelationships, PreviousRelationships.options.length),
    education: list(EducationLevel, EducationLevel.options.length),
    income: list(IncomeLevel, IncomeLevel.options.length),
    smoking: list(SmokingHabits, SmokingHabits.options.length),
    alcohol: list(AlcoholConsumption, AlcoholConsumption.options.length),
    qualities: list(text(60).min(1), 20),
    idealPartner: text(2000).nullable(),
    preferredCities: list(text(100).min(1), 20),
    dealBreakers: list(WeightedPreference, WEIGHTED_PREFERENCES.length),
    weights: z.partialRecord(WeightedPreference, PreferenceWeight),
  })
  .refine((p) => p.minAge === null || p.maxAge === null || p.minAge <= p.maxAge, {
    message: "Minimum age cannot be above the maximum",
    path: ["maxAge"],
  })
  .refine((p) => p.minHeight === null || p.maxHeight === null || p.minHeight <= p.maxHeight, {
    message: "Minimum height cannot be above the maximum",
    path: ["maxHeight"],
  });
export type PreferenceFields = z.infer<typeof PreferenceFields>;

/** A client with no wishes recorded: what a questionnaire without preferences reads as. */
export const EMPTY_PREFERENCES: PreferenceFields = {
  preferredGender: null,
  orientation: null,
  minAge: null,
  maxAge: null,
  minHeight: null,
  maxHeight: null,
  relationships: [],
  education: [],
  income: [],
  smoking: [],
  alcohol: [],
  qualities: [],
  idealPartner: null,
  preferredCities: [],
  dealBreakers: [],
  weights: {},
};

/** Edits: any subset of the fields; preferences merge with what is stored, then are checked whole. */
export const ProfilePatchBody = ProfileFields.partial().extend({
  psychology: PsychologyScores.partial().optional(),
  preferences: z.object(PreferenceFields.shape).partial().optional(),
});
export type ProfilePatchBody = z.infer<typeof ProfilePatchBody>;

export const Completeness = z.object({
  filled: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  missing: z.array(z.enum(REQUIRED_PROFILE_FIELDS)),
});

export const ProfileView = z.object({
  userId: z.string(),
  inviterId: z.string().nullable(),
  status: ProfileStatus,
  completeness: Completeness,
  // As stored: a number saved before phones were normalized is shown as written, not refused.
  fields: ProfileFields.extend({ phone: z.string().nullable() }),
  preferences: PreferenceFields,
  avatarUrl: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type ProfileView = z.infer<typeof ProfileView>;

/**
 * Fields a public profile and the shared search may show. Contacts never leave the CRM; the exact
 * date of birth is shown as an age.
 */
export const DISPLAYABLE_FIELDS = [
  "firstName",
  "lastName",
  "age",
  "gender",
  "height",
  "weight",
  "ethnicity",
  "incomeLevel",
  "country",
  "city",
  "profession",
  "aboutMe",
  "achievements",
  "marriageStatus",
  "relationshipStatus",
  "faith",
  "educationLevel",
  "university",
  "college",
  "languagesSpoken",
  "childrenCount",
  "wantsMoreChildren",
  "citizenship",
  "longDistanceRelationship",
  "openToRelocation",
  "politicalViews",
  "bodyType",
  "hairColor",
  "eyeColor",
  "tattoosOrPiercings",
  "hasPets",
  "smoking",
  "alcohol",
  "foodPreferences",
  "loveLanguage",
  "zodiacSign",
  "lookingFor",
  "familyPlan",
  "interests",
  "photos",
] as const;
export const DisplayableField = z.enum(DISPLAYABLE_FIELDS);
export type DisplayableField = z.infer<typeof DisplayableField>;

/** Shown by default until the matchmaker changes it: enough to interest, nothing that identifies. */
export const DEFAULT_DISPLAYED: readonly DisplayableField[] = [
  "firstName",
  "age",
  "gender",
  "height",
  "country",
  "city",
  "profession",
  "aboutMe",
  "educationLevel",
  "languagesSpoken",
  "lookingFor",
  "familyPlan",
  "interests",
  "photos",
];

export const DisplaySettings = z.record(DisplayableField, z.boolean());
export type DisplaySettings = z.infer<typeof DisplaySettings>;
export const DisplaySettingsBody = z.object({ fields: z.partialRecord(DisplayableField, z.boolean()) });

/** SPEC 4, 5: set or change with a confirmation of at least 6 characters; both empty removes it. */
export const ProfilePasswordBody = z
  .object({ password: z.string().max(200), confirmPassword: z.string().max(200) })
  .refine((b) => b.password === "" || b.password.length >= LIMITS.passwordMinLength, {
    message: `Minimum length is ${LIMITS.passwordMinLength}`,
    path: ["password"],
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: "Passwords must match",
    path: ["confirmPassword"],
  });

export const ProfilePasswordView = z.object({ hasPassword: z.boolean() });

/** SPEC 5: a public profile password cannot be empty. */
export const PublicAccessBody = z.object({
  password: z.string().min(1, { message: "Required field" }).max(200),
});

/** What a visitor sees: only displayed fields, an age instead of the date of birth. */
export const PublicProfileView = z.object({
  userId: z.string(),
  fields: ProfileFields.omit({ phone: true, dateOfBirth: true, psychology: true }).partial(),
  age: z.number().int().optional(),
  photos: z
    .array(z.object({ id: z.string(), url: z.string(), thumbUrl: z.string(), isMain: z.boolean() }))
    .optional(),
});
export type PublicProfileView = z.infer<typeof PublicProfileView>;

export const EditLinkView = z.object({ expiresAt: z.iso.datetime() });
export const EditTokenQuery = z.object({ token: z.string().min(10).max(200) });

/** Error codes of questionnaires, onboarding and the public profile (listed in ERROR_CODES, errors.ts). */
export const PROFILE_ERRORS = [
  "PROFILE_NOT_FOUND",
  "ONBOARDING_UNAVAILABLE",
  "PROFILE_INCOMPLETE",
  "INCORRECT_PASSWORD",
  "PROFILE_LOCKED",
  "EDIT_LINK_INVALID",
  "EDIT_LINK_EXPIRED",
] as const;
