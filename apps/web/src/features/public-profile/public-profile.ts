import { type DisplayableField, type PublicProfileView, profilesApi } from "@matchdesk/contract";
import { ApiError, call } from "../../lib/api";
import { fieldLabel, formatFieldValue, type Translate } from "../profile/field-format";

export type PublicPhoto = NonNullable<PublicProfileView["photos"]>[number];

/** Opens a shared profile with its password; a 401 here is a wrong password, not an expired session. */
export const openPublicProfile = (userId: string, password: string) =>
  call(profilesApi.openPublic, { params: { id: userId }, body: { password }, skipSessionExpiry: true });

/**
 * The profile again in a browser that gave its password within the hour (its cookie), or null
 * when it is locked here.
 */
export async function reopenPublicProfile(userId: string): Promise<PublicProfileView | null> {
  try {
    return await call(profilesApi.readPublic, { params: { id: userId }, skipSessionExpiry: true });
  } catch (error) {
    if (error instanceof ApiError && error.code === "PROFILE_LOCKED") return null;
    throw error;
  }
}

/** Locks the profile in this browser again (for a shared computer). */
export const closePublicProfile = (userId: string) =>
  call(profilesApi.closePublic, { params: { id: userId }, skipSessionExpiry: true });

/** The fields the page's header carries: name and age in the title, place, work, what they look for. */
export const HEADER_FIELDS = [
  "firstName",
  "lastName",
  "age",
  "city",
  "country",
  "profession",
  "lookingFor",
] as const;
/** Free text, shown as paragraphs. */
export const TEXT_FIELDS = ["aboutMe", "achievements"] as const;

export type DetailSectionKey = "basics" | "background" | "relationships" | "lifestyle";

/** The rest of the displayable fields, grouped the way a matchmaker presents a person. */
export const DETAIL_SECTIONS: readonly { key: DetailSectionKey; fields: readonly DisplayableField[] }[] = [
  {
    key: "basics",
    fields: ["gender", "height", "weight", "bodyType", "hairColor", "eyeColor", "ethnicity", "zodiacSign"],
  },
  {
    key: "background",
    fields: ["educationLevel", "university", "college", "languagesSpoken", "citizenship", "incomeLevel"],
  },
  {
    key: "relationships",
    fields: [
      "marriageStatus",
      "relationshipStatus",
      "childrenCount",
      "wantsMoreChildren",
      "familyPlan",
      "longDistanceRelationship",
      "openToRelocation",
    ],
  },
  {
    key: "lifestyle",
    fields: [
      "faith",
      "politicalViews",
      "smoking",
      "alcohol",
      "foodPreferences",
      "hasPets",
      "tattoosOrPiercings",
      "loveLanguage",
    ],
  },
];

/** The value of a displayable field in a public view; `age` sits beside the fields. */
export function fieldValue(view: PublicProfileView, field: DisplayableField): unknown {
  if (field === "age") return view.age;
  if (field === "photos") return view.photos;
  return (view.fields as Record<string, unknown>)[field];
}

export type DetailRow = { field: DisplayableField; label: string; value: string };

/**
 * The label and text of each of `fields` the server returned with a value; a field the display
 * settings hide is simply absent from the view, and an empty one is left out too.
 */
export function detailRows(
  view: PublicProfileView,
  fields: readonly DisplayableField[],
  t: Translate,
  locale: string,
): DetailRow[] {
  return fields.flatMap((field) => {
    const value = formatFieldValue(t, field, fieldValue(view, field), locale);
    return value === "" ? [] : [{ field, label: fieldLabel(t, field), value }];
  });
}

/** The photos with the main one first, the rest in their order. */
export function mainFirst(photos: readonly PublicPhoto[]): PublicPhoto[] {
  const main = photos.filter((photo) => photo.isMain);
  return [...main, ...photos.filter((photo) => !photo.isMain)];
}

/** The interest categories that have items, with them. */
export function interestGroups(view: PublicProfileView): { category: string; items: string[] }[] {
  return Object.entries(view.fields.interests ?? {}).flatMap(([category, items]) =>
    items && items.length > 0 ? [{ category, items }] : [],
  );
}

/** What a failed attempt to open the profile means for the page. */
export type AccessOutcome =
  | { kind: "password" }
  | { kind: "rateLimited"; retryAfterSeconds: number }
  | { kind: "notFound" }
  | { kind: "failed" };

const DEFAULT_WAIT_SECONDS = 60;

/**
 * SPEC 8 for the public profile: a wrong (or refused) password belongs on the field, too many tries
 * wait, an unknown or unshared profile is "not found", anything else is an error loading it.
 */
export function accessOutcome(error: unknown): AccessOutcome {
  if (!(error instanceof ApiError)) return { kind: "failed" };
  if (error.code === "INCORRECT_PASSWORD" || error.code === "VALIDATION_FAILED") return { kind: "password" };
  if (error.status === 429) {
    const body = error.body as { retryAfterSeconds?: unknown } | undefined;
    const seconds =
      typeof body?.retryAfterSeconds === "number" ? body.retryAfterSeconds : DEFAULT_WAIT_SECONDS;
    return { kind: "rateLimited", retryAfterSeconds: Math.max(1, Math.ceil(seconds)) };
  }
  if (error.status === 404) return { kind: "notFound" };
  return { kind: "failed" };
}
