import type { AvatarView, GalleryView } from "@matchdesk/contract";
import type { z } from "zod";
import { isImageFile, NotAnImageError, optimizeImage } from "../../app/optimize-image";
import { uploadForm } from "../../app/upload";

export type AvatarAnswer = z.infer<typeof AvatarView>;

/**
 * Optimizes a selection for upload (SPEC 9). A non-image anywhere in it rejects the whole
 * selection, naming the file (SPEC 5), before anything is processed.
 */
export async function prepareImages(files: readonly File[]): Promise<File[]> {
  const stranger = files.find((file) => !isImageFile(file));
  if (stranger) throw new NotAnImageError(stranger.name);
  const prepared: File[] = [];
  // One at a time: decoding several large photos at once can exhaust a phone's memory.
  for (const file of files) prepared.push(await optimizeImage(file));
  return prepared;
}

/** POST /api/profiles/me/avatar (multipart field `avatar`). */
export function uploadAvatar(file: File, onProgress?: (fraction: number) => void): Promise<AvatarAnswer> {
  const form = new FormData();
  form.append("avatar", file, file.name);
  return uploadForm<AvatarAnswer>("/api/profiles/me/avatar", form, { onProgress });
}

/** POST /api/profiles/me/gallery (repeated multipart field `photos`); answers the whole gallery. */
export function uploadPhotos(
  files: readonly File[],
  onProgress?: (fraction: number) => void,
): Promise<GalleryView> {
  const form = new FormData();
  for (const file of files) form.append("photos", file, file.name);
  return uploadForm<GalleryView>("/api/profiles/me/gallery", form, { onProgress });
}
