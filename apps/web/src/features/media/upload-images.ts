import { profilesApi } from "@matchdesk/contract";
import { isImageFile, NotAnImageError, optimizeImage } from "../../lib/optimize-image";
import { uploadForm } from "../../lib/upload";
import { certificateKind } from "./selection-checks";

type OnProgress = (fraction: number) => void;

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

/** The caller's own logo or avatar (multipart field `avatar`). */
export function uploadAvatar(file: File, onProgress?: OnProgress) {
  const form = new FormData();
  form.append("avatar", file, file.name);
  return uploadForm(profilesApi.uploadAvatarMe, {}, form, { onProgress });
}

/** Adds photos to a profile's gallery (repeated multipart field `photos`); answers the whole gallery. */
export function uploadPhotos(profileId: string, files: readonly File[], onProgress?: OnProgress) {
  return uploadForm(profilesApi.uploadPhotos, { params: { id: profileId } }, formOf("photos", files), {
    onProgress,
  });
}

/** Adds certificate files to a profile (repeated multipart field `certificates`); answers them all. */
export function uploadCertificates(profileId: string, files: readonly File[], onProgress?: OnProgress) {
  return uploadForm(
    profilesApi.uploadCertificates,
    { params: { id: profileId } },
    formOf("certificates", files),
    { onProgress },
  );
}

function formOf(field: string, files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append(field, file, file.name);
  return form;
}
