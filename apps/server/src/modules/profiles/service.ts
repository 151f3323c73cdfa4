import {
  CONTACT_REQUIRED_MESSAGE,
  EMPTY_PREFERENCES,
  type PreferenceFields,
  PreferenceFields as PreferenceSchema,
  type ProfileFields,
  type ProfilePatchBody,
  type ProfileStatus,
  type ProfileView,
  REQUIRED_PROFILE_FIELDS,
} from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { clientPreferences, clientProfiles, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, badRequest, notFound } from "../../platform/errors.js";
import { fileUrl } from "../../platform/storage.js";
import { findUser, normalizeClientPhone, updateUser } from "../users/service.js";
import { clientEventData } from "../webhooks/events.js";
import { emitWebhookEvent } from "../webhooks/service.js";
import { assertCanEditProfile } from "./media.js";

type ProfileRow = typeof clientProfiles.$inferSelect;
type PreferenceRow = typeof clientPreferences.$inferSelect;
type UserRow = typeof users.$inferSelect;

const USER_FIELDS = ["firstName", "lastName", "phone", "gender"] as const;

// Stored values were validated by the same contract on the way in, so reading them back as its
// types is safe; the database's CHECK constraints hold the ranges too.
export function toFields(user: UserRow, p: ProfileRow | undefined): ProfileFields {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    gender: user.gender,
    dateOfBirth: p?.dateOfBirth ?? null,
    height: p?.height ?? null,
    weight: p?.weight ?? null,
    ethnicity: (p?.ethnicity ?? null) as ProfileFields["ethnicity"],
    incomeLevel: (p?.incomeLevel ?? null) as ProfileFields["incomeLevel"],
    country: (p?.country ?? null) as ProfileFields["country"],
    city: p?.city ?? null,
    profession: p?.profession ?? null,
    aboutMe: p?.aboutMe ?? null,
    achievements: p?.achievements ?? null,
    marriageStatus: (p?.marriageStatus ?? null) as ProfileFields["marriageStatus"],
    relationshipStatus: (p?.relationshipStatus ?? null) as ProfileFields["relationshipStatus"],
    faith: (p?.faith ?? null) as ProfileFields["faith"],
    educationLevel: (p?.educationLevel ?? null) as ProfileFields["educationLevel"],
    university: p?.university ?? null,
    college: p?.college ?? null,
    languagesSpoken: p?.languagesSpoken ?? [],
    childrenCount: p?.childrenCount ?? null,
    wantsMoreChildren: p?.wantsMoreChildren ?? null,
    childrenAges: p?.childrenAges ?? [],
    citizenship: (p?.citizenship ?? []) as ProfileFields["citizenship"],
    longDistanceRelationship: p?.longDistanceRelationship ?? null,
    openToRelocation: p?.openToRelocation ?? null,
    politicalViews: p?.politicalViews ?? null,
    bodyType: (p?.bodyType ?? null) as ProfileFields["bodyType"],
    hairColor: (p?.hairColor ?? null) as ProfileFields["hairColor"],
    eyeColor: (p?.eyeColor ?? null) as ProfileFields["eyeColor"],
    tattoosOrPiercings: p?.tattoosOrPiercings ?? null,
    hasPets: p?.hasPets ?? null,
    petAllergies: p?.petAllergies ?? null,
    plasticSurgery: p?.plasticSurgery ?? null,
    smoking: (p?.smoking ?? null) as ProfileFields["smoking"],
    alcohol: (p?.alcohol ?? null) as ProfileFields["alcohol"],
    foodPreferences: (p?.foodPreferences ?? null) as ProfileFields["foodPreferences"],
    foodAllergies: p?.foodAllergies ?? null,
    loveLanguage: (p?.loveLanguage ?? null) as ProfileFields["loveLanguage"],
    zodiacSign: (p?.zodiacSign ?? null) as ProfileFields["zodiacSign"],
    lookingFor: (p?.lookingFor ?? null) as ProfileFields["lookingFor"],
    familyPlan: (p?.familyPlan ?? null) as ProfileFields["familyPlan"],
    interests: p?.interests ?? {},
    psychology: {
      narcissism: p?.narcissism ?? null,
      borderline: p?.borderline ?? null,
      empathy: p?.empathy ?? null,
    },
  };
}

function toPreferences(p: PreferenceRow | undefined): PreferenceFields {
  if (!p) return EMPTY_PREFERENCES;
  const { userId: _u, updatedAt: _t, ...rest } = p;
  return rest as PreferenceFields;
}

/** SPEC 5 required fields: which are still empty. */
export function missingRequired(fields: ProfileFields) {
  return REQUIRED_PROFILE_FIELDS.filter((key) => {
    const value = fields[key];
    return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
  });
}

export function profileStatus(isComplete: boolean, approvedAt: Date | null | undefined): ProfileStatus {
  if (!isComplete) return "incomplete";
  return approvedAt ? "approved" : "complete";
}

async function load(db: Db, user: UserRow): Promise<ProfileView> {
  const [[profile], [prefs]] = await Promise.all([
    db.select().from(clientProfiles).where(eq(clientProfiles.userId, user.id)),
    db.select().from(clientPreferences).where(eq(clientPreferences.userId, user.id)),
  ]);
  const fields = toFields(user, profile);
  const missing = missingRequired(fields);
  const total = REQUIRED_PROFILE_FIELDS.length;
  return {
    userId: user.id,
    inviterId: user.inviterId,
    status: profileStatus(missing.length === 0, profile?.approvedAt),
    completeness: {
      filled: total - missing.length,
      total,
      percent: Math.round(((total - missing.length) / total) * 100),
      missing,
    },
    fields,
    preferences: toPreferences(prefs),
    avatarUrl: user.avatarKey ? fileUrl(user.avatarKey) : null,
    updatedAt: (profile?.updatedAt ?? user.updatedAt).toISOString(),
  };
}

async function clientTarget(db: Db, caller: SessionUser, userId: string): Promise<UserRow> {
  const target = await assertCanEditProfile(db, caller, userId);
  if (target.role !== "INVITEE") throw notFound("PROFILE_NOT_FOUND", "Profile not found");
  return target;
}

export async function getProfile(db: Db, caller: SessionUser, userId: string): Promise<ProfileView> {
  return load(db, await clientTarget(db, caller, userId));
}

/** Reads a client's anketa for a caller whose right to it was checked elsewhere (an edit link). */
export async function readClientProfile(db: Db, userId: string): Promise<ProfileView> {
  const user = await findUser(db, userId);
  if (user?.role !== "INVITEE") throw notFound("PROFILE_NOT_FOUND", "Profile not found");
  return load(db, user);
}

/**
 * Saves any subset of a client's anketa. Preferences merge with what is stored and are checked
 * whole (minimum not above maximum); the completeness flag is recomputed in the same transaction.
 */
export async function patchProfile(db: Db, caller: SessionUser, userId: string, body: ProfilePatchBody) {
  return writeClientProfile(db, await clientTarget(db, caller, userId), body);
}

/**
 * A questionnaire's fields after an edit and the row that stores them (the completeness flag
 * recomputed); more children's ages than children is 400 on childrenAges.
 */
function profileRow(
  current: ProfileFields,
  rest: Omit<ProfilePatchBody, "preferences" | "psychology">,
  psychology: ProfilePatchBody["psychology"],
) {
  const fields: ProfileFields = { ...current, ...rest, psychology: { ...current.psychology, ...psychology } };
  if (fields.childrenAges.length > (fields.childrenCount ?? 0)) {
    throw badRequest("VALIDATION_FAILED", "The request is not valid", {
      childrenAges: ["More children's ages than children"],
    });
  }
  const isComplete = missingRequired(fields).length === 0;
  const { firstName: _f, lastName: _l, phone: _p, gender: _g, psychology: psych, ...profileCols } = fields;
  return { fields, isComplete, row: { ...profileCols, ...psych, isComplete, updatedAt: new Date() } };
}

/**
 * The questionnaires of clients just created (a CSV import), in one insert: each row as
 * `writeClientProfile` would store it on an empty questionnaire. The user columns (names, phone,
 * gender) were set when the accounts were created.
 */
export async function insertClientProfiles(db: Db, items: { user: UserRow; patch: ProfilePatchBody }[]) {
  const rows = items.map(({ user, patch }) => {
    const { preferences: _prefs, psychology, ...rest } = patch;
    return { userId: user.id, ...profileRow(toFields(user, undefined), rest, psychology).row };
  });
  if (rows.length > 0) await db.insert(clientProfiles).values(rows);
}

/**
 * Saves a client's anketa for a caller whose right to it was checked before, and tells the
 * matchmaker's webhooks (`client.updated`, the fields sent as `changed`) in the same transaction,
 * unless `announce` is false (a client created in the same transaction was announced as created).
 */
export async function writeClientProfile(
  db: Db,
  target: UserRow,
  body: ProfilePatchBody,
  { announce = true }: { announce?: boolean } = {},
) {
  const { preferences, psychology, ...rest } = body;
  const current = await load(db, target);
  // Only a phone that is sent is read: a stored one the migration could not normalize stays as
  // it is while other fields are saved.
  if (rest.phone) {
    rest.phone = await normalizeClientPhone(db, rest.phone, {
      matchmakerId: target.inviterId,
      country: rest.country !== undefined ? rest.country : current.fields.country,
    });
  }
  const mergedPrefs = preferences
    ? PreferenceSchema.safeParse({ ...current.preferences, ...preferences })
    : undefined;
  if (mergedPrefs && !mergedPrefs.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of mergedPrefs.error.issues) {
      const key = `preferences.${issue.path.join(".")}`;
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    throw badRequest("VALIDATION_FAILED", "The request is not valid", errors);
  }
  const { fields, isComplete, row } = profileRow(current.fields, rest, psychology);
  // A client known by phone only keeps a way to be reached: the phone can go once there is an e-mail.
  if ("phone" in rest && !fields.phone && !target.email)
    throw badRequest("VALIDATION_FAILED", "The request is not valid", { phone: [CONTACT_REQUIRED_MESSAGE] });
  await db.transaction(async (tx) => {
    // The user row first, always: a new city also rewrites the user's search text (a trigger,
    // migration 0024), so two saves of one questionnaire must lock user then questionnaire, in
    // that order, or one would deadlock the other.
    // Read under the lock: an erasure that committed meanwhile leaves a tombstone, not a client
    // whose old name a webhook would send after `client.erased`.
    const [locked] = await tx.select().from(users).where(eq(users.id, target.id)).for("no key update");
    if (!locked || locked.erasedAt) throw notFound("PROFILE_NOT_FOUND", "Profile not found");
    const userPatch = Object.fromEntries(USER_FIELDS.filter((k) => k in rest).map((k) => [k, fields[k]]));
    const account = Object.keys(userPatch).length > 0 ? await updateUser(tx, target.id, userPatch) : locked;
    await tx
      .insert(clientProfiles)
      .values({ userId: target.id, ...row })
      .onConflictDoUpdate({
        target: clientProfiles.userId,
        // A profile that stops being complete loses its approval.
        set: { ...row, ...(isComplete ? {} : { approvedAt: null }) },
      });
    if (mergedPrefs?.success) {
      await tx
        .insert(clientPreferences)
        .values({ userId: target.id, ...mergedPrefs.data, updatedAt: row.updatedAt })
        .onConflictDoUpdate({
          target: clientPreferences.userId,
          set: { ...mergedPrefs.data, updatedAt: row.updatedAt },
        });
    }
    // Only what this save changed: a CSV re-import of the same values announces nothing.
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const changed = Object.keys(body).filter((key) =>
      key === "preferences"
        ? mergedPrefs?.success === true && !same(mergedPrefs.data, current.preferences)
        : !same(fields[key as keyof ProfileFields], current.fields[key as keyof ProfileFields]),
    );
    if (announce && locked.inviterId && changed.length > 0) {
      await emitWebhookEvent(tx, [locked.inviterId], "client.updated", clientEventData(account, changed));
    }
  });
  const [fresh] = await db.select().from(users).where(eq(users.id, target.id));
  return load(db, fresh!);
}

/** Only a matchmaker or an admin approves a complete profile. */
export async function setApproved(db: Db, userId: string, approved: boolean) {
  const [profile] = await db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId));
  if (approved && !profile?.isComplete) {
    throw new AppError("PROFILE_INCOMPLETE", 409, "Only a complete profile can be approved");
  }
  if (profile) {
    await db
      .update(clientProfiles)
      .set({ approvedAt: approved ? new Date() : null })
      .where(eq(clientProfiles.userId, userId));
  }
}
