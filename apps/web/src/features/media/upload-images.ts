import type { AvatarView, CertificatesView, GalleryView } from "@matchdesk/contract";
import type { z } from "zod";
import { isImageFile, NotAnImageError, optimizeImage } from "../../lib/optimize-image";
import { uploadForm } from "../../lib/upload";
import { certificateKind } from "./selection-checks";

export type AvatarAnswer = z.infer<typeof AvatarView>;
export type CertificatesAnswer = z.infer<typeof CertificatesView>;

type OnProgress = (fraction: number) => void;

/** `/api/profiles/{id}`: the profile whose media a component manages (the caller's own id works too). */
export const profilePath = (profileId: string) => `/api/profiles/${encodeURIComponent(profileId)}`;

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

/** SPEC 7: certificate images are optimized like any image; PDFs are sent unchanged. */
export async function prepareCertificates(files: readonly File[]): Promise<File[]> {
  const prepared: File[] = [];
  for (const file of files) prepared.push(certificateKind(file) === "pdf" ? file : await optimizeImage(file));
  return prepared;
}

/** POST /api/profiles/me/avatar (multipart field `avatar`). */
export function uploadAvatar(file: File, onProgress?: OnProgress): Promise<AvatarAnswer> {
  const form = new FormData();
  form.append("avatar", file, file.name);
  return uploadForm<AvatarAnswer>("/api/profiles/me/avatar", form, { onProgress });
}

/** POST /api/profiles/{id}/gallery (repeated multipart field `photos`); answers the whole gallery. */
export function uploadPhotos(
  profileId: string,
  files: readonly File[],
  onProgress?: OnProgress,
): Promise<GalleryView> {
  return uploadForm<GalleryView>(`${profilePath(profileId)}/gallery`, formOf("photos", files), {
    onProgress,
  });
}

/** POST /api/profiles/{id}/certificates (repeated multipart field `certificates`); answers them all. */
export function uploadCertificates(
  profileId: string,
  files: readonly File[],
  onProgress?: OnProgress,
): Promise<CertificatesAnswer> {
  return uploadForm<CertificatesAnswer>(
    `${profilePath(profileId)}/certificates`,
    formOf("certificates", files),
    { onProgress },
  );
}

function formOf(field: string, files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append(field, file, file.name);
  return form;
}
