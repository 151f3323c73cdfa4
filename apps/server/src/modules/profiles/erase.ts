import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  certificates,
  clientPreferences,
  clientProfiles,
  photos,
  profileAccessGrants,
} from "../../db/schema/index.js";

/**
 * Deletes a person's questionnaire, preferences, gallery, certificates and public-profile
 * grants; answers how many of each and the storage keys of their files (the caller removes them
 * from storage before its transaction commits).
 */
export async function eraseProfileOf(tx: Db, userId: string) {
  const gallery = await tx
    .delete(photos)
    .where(eq(photos.profileUserId, userId))
    .returning({ a: photos.storageKey, b: photos.thumbKey });
  const documents = await tx
    .delete(certificates)
    .where(eq(certificates.profileUserId, userId))
    .returning({ key: certificates.storageKey });
  const questionnaire = await tx
    .delete(clientProfiles)
    .where(eq(clientProfiles.userId, userId))
    .returning({ id: clientProfiles.userId });
  const preferences = await tx
    .delete(clientPreferences)
    .where(eq(clientPreferences.userId, userId))
    .returning({ id: clientPreferences.userId });
  await tx.delete(profileAccessGrants).where(eq(profileAccessGrants.profileUserId, userId));
  return {
    questionnaire: questionnaire.length,
    preferences: preferences.length,
    photos: gallery.length,
    certificates: documents.length,
    fileKeys: [...gallery.flatMap((p) => [p.a, p.b]), ...documents.map((d) => d.key)],
  };
}
