import {
  AGE_RANGE,
  InterestCategory,
  LIMITS,
  PhoneInput,
  PreferenceFields,
  ProfileFields,
  type ProfilePatchBody,
  type ProfileView,
  REQUIRED_PROFILE_FIELDS,
  type WEIGHTED_PREFERENCES,
} from "@matchdesk/contract";
import { z } from "zod";

const ProfileFormFields = ProfileFields.extend({
  // Checked in `profileFormSchema`, against the stored number.
  phone: z.string().nullable(),
  preferences: PreferenceFields,
});

/**
 * The editor's values: the profile's fields with its preferences, exactly as the API spells them.
 * `storedPhone` is the number as saved: one the phone migration could not normalize is kept as it
 * is (it is not sent unless changed), so only a phone someone edits must read as a phone.
 */
export function profileFormSchema(storedPhone: string | null) {
  return ProfileFormFields.superRefine((values, context) => {
    // The server's rule (profiles/service.ts), checked here too so it shows on the field.
    if (values.childrenAges.length > (values.childrenCount ?? 0)) {
      context.addIssue({ code: "custom", path: ["childrenAges"], message: "More ages than children" });
    }
    if (
      values.phone !== storedPhone &&
      values.phone !== null &&
      !PhoneInput.safeParse(values.phone).success
    ) {
      context.addIssue({ code: "custom", path: ["phone"], message: "Invalid phone" });
    }
  });
}
export type ProfileFormValues = z.infer<typeof ProfileFormFields>;

export type RequiredField = (typeof REQUIRED_PROFILE_FIELDS)[number];
export type ProfileFieldKey = keyof ProfileFields;
export type PreferenceKey = keyof PreferenceFields;

/**
 * The editor's values of a stored profile. Every interest category gets its list (empty when the
 * API stored none), so each input has a value from the start and an untouched form is not "changed".
 */
export function formValuesOf(profile: Pick<ProfileView, "fields" | "preferences">): ProfileFormValues {
  const interests = Object.fromEntries(
    InterestCategory.options.map((category) => [category, profile.fields.interests[category] ?? []]),
  );
  return { ...profile.fields, interests, preferences: profile.preferences };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The PATCH body for what changed since `baseline`: only the changed fields, so a save never
 * rewrites what someone else edited meanwhile; preferences and psychology by their changed keys.
 */
export function profilePatch(baseline: ProfileFormValues, values: ProfileFormValues): ProfilePatchBody {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof ProfileFormValues)[]) {
    if (key === "preferences" || key === "psychology") continue;
    if (!same(baseline[key], values[key])) patch[key] = values[key];
  }
  const psychology = changedKeys(baseline.psychology, values.psychology);
  if (psychology) patch.psychology = psychology;
  const preferences = changedKeys(baseline.preferences, values.preferences);
  if (preferences) patch.preferences = preferences;
  return patch as ProfilePatchBody;
}

function changedKeys<T extends object>(before: T, after: T): Partial<T> | undefined {
  const changed = Object.fromEntries(
    Object.entries(after).filter(([key, value]) => !same(before[key as keyof T], value)),
  ) as Partial<T>;
  return Object.keys(changed).length > 0 ? changed : undefined;
}

export function isPatchEmpty(patch: ProfilePatchBody): boolean {
  return Object.keys(patch).length === 0;
}

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

export type Completeness = { filled: number; total: number; percent: number; missing: RequiredField[] };

/** SPEC 5 completeness of the values on screen, by the server's rule (a blank text counts as empty). */
export function completenessOf(values: Pick<ProfileFormValues, RequiredField>): Completeness {
  const missing = REQUIRED_PROFILE_FIELDS.filter((field) => isBlank(values[field]));
  const total = REQUIRED_PROFILE_FIELDS.length;
  const filled = total - missing.length;
  return { filled, total, percent: Math.round((filled / total) * 100), missing };
}

/** The editor's sections, in order, and the fields each holds (every profile field is in one). */
export const PROFILE_SECTIONS = [
  {
    id: "basics",
    fields: [
      "firstName",
      "lastName",
      "phone",
      "gender",
      "dateOfBirth",
      "country",
      "city",
      "citizenship",
      "languagesSpoken",
      "profession",
      "incomeLevel",
      "aboutMe",
      "achievements",
    ],
  },
  {
    id: "appearance",
    fields: ["height", "weight", "bodyType", "hairColor", "eyeColor", "tattoosOrPiercings", "plasticSurgery"],
  },
  {
    id: "background",
    fields: ["ethnicity", "faith", "educationLevel", "university", "college", "politicalViews"],
  },
  {
    id: "family",
    fields: [
      "marriageStatus",
      "relationshipStatus",
      "childrenCount",
      "childrenAges",
      "wantsMoreChildren",
      "familyPlan",
      "lookingFor",
      "longDistanceRelationship",
      "openToRelocation",
    ],
  },
  {
    id: "lifestyle",
    fields: ["smoking", "alcohol", "foodPreferences", "foodAllergies", "hasPets", "petAllergies"],
  },
  { id: "personality", fields: ["zodiacSign", "loveLanguage", "interests", "psychology"] },
  { id: "preferences", fields: ["preferences"] },
] as const satisfies readonly { id: string; fields: readonly (keyof ProfileFormValues)[] }[];
export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number]["id"];

/** The section holding a field, by its form path (`preferences.minAge`, `interests.travel.0`). */
export function sectionOf(path: string): ProfileSectionId | undefined {
  const top = path.split(".")[0];
  return PROFILE_SECTIONS.find((section) => (section.fields as readonly string[]).includes(top ?? ""))?.id;
}

/** The DOM id of a field's input, so the completeness bar and errors can jump to it. */
export const fieldInputId = (path: string) => `profile-field-${path.replaceAll(".", "-")}`;

/**
 * Every path a server error may name on this form (API.md `errors` keys), for applyServerErrors:
 * the profile's fields, each psychology score, interest category and preference.
 */
export const SERVER_ERROR_PATHS: readonly string[] = [
  ...Object.keys(ProfileFields.shape),
  ...Object.keys(ProfileFields.shape.psychology.shape).map((key) => `psychology.${key}`),
  ...InterestCategory.options.map((category) => `interests.${category}`),
  ...Object.keys(PreferenceFields.shape).map((key) => `preferences.${key}`),
];

/** The first error path in the editor's order of sections, so the form jumps to the top-most one. */
export function firstErrorPath(paths: readonly string[]): string | undefined {
  const order = (path: string) => {
    const top = path.split(".")[0] ?? "";
    const section = PROFILE_SECTIONS.findIndex((s) => (s.fields as readonly string[]).includes(top));
    const field = section < 0 ? 0 : (PROFILE_SECTIONS[section]!.fields as readonly string[]).indexOf(top);
    return (section < 0 ? PROFILE_SECTIONS.length : section) * 100 + field;
  };
  return [...paths].sort((a, b) => order(a) - order(b))[0];
}

/** Every leaf path of react-hook-form's nested errors object (`{ preferences: { maxAge: {...} } }`). */
export function errorPaths(errors: object, prefix = ""): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== "object" || key === "ref") return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return "message" in value || "type" in value ? [path] : errorPaths(value, path);
  });
}

/** The allowed range of each number field, for the "from … to …" error text. */
export const NUMBER_RANGES: Partial<Record<string, { min: number; max: number }>> = {
  height: LIMITS.heightCm,
  weight: { min: 30, max: 300 },
  childrenCount: LIMITS.childrenCount,
  "preferences.minAge": AGE_RANGE,
  "preferences.maxAge": AGE_RANGE,
  "preferences.minHeight": LIMITS.heightCm,
  "preferences.maxHeight": LIMITS.heightCm,
  "psychology.narcissism": { min: 0, max: 100 },
  "psychology.borderline": { min: 0, max: 100 },
  "psychology.empathy": { min: 0, max: 100 },
};

/** Most characters each text field takes (the contract's limits), for inputs and error texts. */
export const TEXT_LIMITS: Partial<Record<string, number>> = {
  firstName: 100,
  lastName: 100,
  city: 100,
  profession: 120,
  aboutMe: 3000,
  achievements: 2000,
  university: 200,
  college: 200,
  politicalViews: 100,
  foodAllergies: 200,
  "preferences.idealPartner": 2000,
};

/** The preference list that a weighted preference is about, for its deal-breaker and weight controls. */
export const WEIGHTED_PREFERENCE_FIELDS = {
  age: ["minAge", "maxAge"],
  height: ["minHeight", "maxHeight"],
  relationships: ["relationships"],
  education: ["education"],
  income: ["income"],
  smoking: ["smoking"],
  alcohol: ["alcohol"],
  cities: ["preferredCities"],
} as const satisfies Record<(typeof WEIGHTED_PREFERENCES)[number], readonly PreferenceKey[]>;
