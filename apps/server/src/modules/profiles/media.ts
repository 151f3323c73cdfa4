import { LIMITS, type PhotoView } from "@matchdesk/contract";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { photos } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { badRequest, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { type ProcessedImage, processImage } from "../../platform/images.js";
import { fileUrl, type Storage } from "../../platform/storage.js";
import {
  assertRoomFor,
  type FileLimit,
  type IncomingFile,
  receiveFiles,
  storeFiles,
} from "../../platform/uploads.js";
import { findUser, setAvatarKeys } from "../users/service.js";

const PHOTO_LIMIT: FileLimit = {
  code: "PHOTO_LIMIT_EXCEEDED",
  noun: "photos",
  limit: LIMITS.photosPerProfile,
};

type Deps = { db: Db; storage: Storage };
type PhotoRow = typeof photos.$inferSelect;

const toPhotoView = (p: PhotoRow): PhotoView => ({
  id: p.id,
  url: fileUrl(p.storageKey),
  thumbUrl: fileUrl(p.thumbKey),
  width: p.width,
  height: p.height,
  isMain: p.isMain,
});

/**
 * Whose profile the caller may change: their own, a client they invited, or anyone's for an admin.
 * Anything else is answered as not found, so ids cannot be probed.
 */
export async function assertCanEditProfile(db: Db, caller: SessionUser, profileUserId: string) {
  const target = await findUser(db, profileUserId);
  const isAllowed =
    target &&
    (target.id === caller.id ||
      caller.role === "ADMIN" ||
      (caller.role === "INVITER" && target.inviterId === caller.id && target.role === "INVITEE"));
  if (!target || !isAllowed) throw notFound("PROFILE_NOT_FOUND", "Profile not found");
  return target;
}

type ImageKeys = { main: string; thumb: string; image: ProcessedImage };

/**
 * Stores each image and its thumbnail, then hands their keys to `record`; if storing or `record`
 * fails, nothing stays stored.
 */
function storeImages<T>(
  storage: Storage,
  images: ProcessedImage[],
  record: (keys: ImageKeys[]) => Promise<T>,
) {
  const files = images.flatMap((image) => [
    { folder: "photos", ext: "webp", data: image.main.data },
    { folder: "thumbs", ext: "webp", data: image.thumb.data },
  ]);
  return storeFiles(storage, files, (keys) =>
    record(images.map((image, i) => ({ main: keys[2 * i]!, thumb: keys[2 * i + 1]!, image }))),
  );
}

/** The gallery, for whoever may change the profile (the public view has its own rules). */
export async function getGallery(db: Db, caller: SessionUser, profileUserId: string) {
  await assertCanEditProfile(db, caller, profileUserId);
  return listPhotos(db, profileUserId);
}

export async function listPhotos(db: Db, profileUserId: string): Promise<PhotoView[]> {
  const rows = await db
    .select()
    .from(photos)
    .where(eq(photos.profileUserId, profileUserId))
    .orderBy(asc(photos.createdAt), asc(photos.id));
  return rows.map(toPhotoView);
}

/** The galleries of many profiles in one query, by profile id (none for a profile without photos). */
export async function photosOf(db: Db, profileUserIds: string[]): Promise<Map<string, PhotoView[]>> {
  const byProfile = new Map<string, PhotoView[]>();
  if (profileUserIds.length === 0) return byProfile;
  const rows = await db
    .select()
    .from(photos)
    .where(inArray(photos.profileUserId, profileUserIds))
    .orderBy(asc(photos.createdAt), asc(photos.id));
  for (const row of rows) {
    const list = byProfile.get(row.profileUserId) ?? [];
    list.push(toPhotoView(row));
    byProfile.set(row.profileUserId, list);
  }
  return byProfile;
}

/** Adds the uploaded photos (SPEC 5: up to the limit); the first photo of a gallery is its main one. */
export async function uploadPhotos(
  deps: Deps,
  caller: SessionUser,
  profileUserId: string,
  files: AsyncIterable<IncomingFile>,
) {
  await assertCanEditProfile(deps.db, caller, profileUserId);
  const [existing] = await deps.db
    .select({ n: count() })
    .from(photos)
    .where(eq(photos.profileUserId, profileUserId));
  const current = existing?.n ?? 0;
  const remaining = Math.max(0, LIMITS.photosPerProfile - current);
  const { accepted, selected } = await receiveFiles(files, remaining, (file) =>
    processImage(file.data, file.fileName),
  );
  if (selected === 0)
    throw badRequest("VALIDATION_FAILED", "Select at least one photo", { photos: ["Required field"] });
  assertRoomFor(selected, current, PHOTO_LIMIT);
  await storeImages(deps.storage, accepted, (keys) =>
    deps.db.transaction(async (tx) => {
      // Uploads to one profile at the same time take turns here, and the limit is counted again.
      await tx.execute(sql`select id from users where id = ${profileUserId} for update`);
      const [now] = await tx
        .select({ n: count() })
        .from(photos)
        .where(eq(photos.profileUserId, profileUserId));
      assertRoomFor(selected, now?.n ?? 0, PHOTO_LIMIT);
      const [hasMain] = await tx
        .select({ n: count() })
        .from(photos)
        .where(and(eq(photos.profileUserId, profileUserId), eq(photos.isMain, true)));
      await tx.insert(photos).values(
        keys.map((k, i) => ({
          id: newId(),
          profileUserId,
          storageKey: k.main,
          thumbKey: k.thumb,
          width: k.image.main.width,
          height: k.image.main.height,
          bytes: k.image.main.data.length,
          isMain: (hasMain?.n ?? 0) === 0 && i === 0,
        })),
      );
    }),
  );
  return listPhotos(deps.db, profileUserId);
}

export async function removePhotos(
  deps: Deps,
  caller: SessionUser,
  profileUserId: string,
  photoIds: string[],
) {
  await assertCanEditProfile(deps.db, caller, profileUserId);
  const removed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(photos)
      .where(and(eq(photos.profileUserId, profileUserId), inArray(photos.id, photoIds)))
      .returning();
    if (rows.length !== new Set(photoIds).size) throw notFound("PHOTO_NOT_FOUND", "Photo not found");
    // The main photo is always one of the profile's photos while it has any.
    if (rows.some((r) => r.isMain)) {
      const [next] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(eq(photos.profileUserId, profileUserId))
        .orderBy(asc(photos.createdAt), asc(photos.id))
        .limit(1);
      if (next) await tx.update(photos).set({ isMain: true }).where(eq(photos.id, next.id));
    }
    return rows;
  });
  await deps.storage.delete(removed.flatMap((r) => [r.storageKey, r.thumbKey]));
  return listPhotos(deps.db, profileUserId);
}

export async function setMainPhoto(deps: Deps, caller: SessionUser, profileUserId: string, photoId: string) {
  await assertCanEditProfile(deps.db, caller, profileUserId);
  await deps.db.transaction(async (tx) => {
    const [photo] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.id, photoId), eq(photos.profileUserId, profileUserId)));
    if (!photo) throw notFound("PHOTO_NOT_FOUND", "Photo not found");
    await tx.update(photos).set({ isMain: false }).where(eq(photos.profileUserId, profileUserId));
    await tx.update(photos).set({ isMain: true }).where(eq(photos.id, photoId));
  });
  return listPhotos(deps.db, profileUserId);
}

/** Replaces the logo or avatar with the one uploaded image; the old files are removed. */
export async function uploadAvatar(
  deps: Deps,
  caller: SessionUser,
  profileUserId: string,
  files: AsyncIterable<IncomingFile>,
) {
  const target = await assertCanEditProfile(deps.db, caller, profileUserId);
  const { accepted, selected } = await receiveFiles(files, 1, (file) =>
    processImage(file.data, file.fileName),
  );
  if (selected !== 1)
    throw badRequest("VALIDATION_FAILED", "Send exactly one image", { avatar: ["Required field"] });
  const avatar = await storeImages(deps.storage, accepted, async ([keys]) => {
    await setAvatarKeys(deps.db, profileUserId, { main: keys!.main, thumb: keys!.thumb });
    return keys!;
  });
  const old = [target.avatarKey, target.avatarThumbKey].filter((x): x is string => x !== null);
  await deps.storage.delete(old);
  return { avatarUrl: fileUrl(avatar.main), avatarThumbUrl: fileUrl(avatar.thumb) };
}

export async function countPhotos(db: Db, profileUserId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.profileUserId, profileUserId));
  return row?.n ?? 0;
}
