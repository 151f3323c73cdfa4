import { z } from "zod";
import { Id } from "./common.js";
import { LIMITS } from "./constants.js";

export const PhotoView = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  isMain: z.boolean(),
});
export type PhotoView = z.infer<typeof PhotoView>;

export const GalleryView = z.object({ items: z.array(PhotoView), limit: z.number().int() });
export type GalleryView = z.infer<typeof GalleryView>;

export const AvatarView = z.object({ avatarUrl: z.string(), avatarThumbUrl: z.string() });
export type AvatarView = z.infer<typeof AvatarView>;

export const BatchRemovePhotosBody = z.object({
  photoIds: z.array(Id).min(1).max(LIMITS.photosPerProfile),
});
export const SetMainPhotoBody = z.object({ photoId: Id });

/** SPEC 5: starts with a letter; lowercase Latin letters, digits and hyphens. */
export const AgencyLogin = z
  .string()
  .trim()
  .min(3, { message: "Minimum length is 3" })
  .max(40, { message: "Maximum length is 40" })
  .regex(/^[a-z][a-z0-9-]*$/, {
    message: "Must start with a letter and contain only lowercase Latin letters, digits and hyphens",
  });

export const CompleteOnboardingBody = z.object({
  agencyName: z.string().trim().min(2, { message: "Minimum length is 2" }).max(120),
  login: AgencyLogin,
  /** In the public directory (SPEC 11); on unless the matchmaker switches it off. */
  isListed: z.boolean().default(true),
  termsAccepted: z.literal(true, { message: "The terms must be accepted" }),
});
export type CompleteOnboardingBody = z.infer<typeof CompleteOnboardingBody>;

export const CertificateView = z.object({
  id: z.string(),
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
});
export type CertificateView = z.infer<typeof CertificateView>;
export const CertificatesView = z.object({ items: z.array(CertificateView), limit: z.number().int() });
export const RemoveCertificateFileBody = z.object({ fileUrl: z.string().min(1).max(300) });
export const BatchRemoveCertificatesBody = z.object({
  fileIds: z.array(Id).min(1).max(LIMITS.certificatesPerProfile),
});

/** Error codes of photos, certificates and uploaded files (listed in ERROR_CODES, errors.ts). */
export const MEDIA_ERRORS = [
  "FILE_NOT_IMAGE",
  "IMAGE_OPTIMIZE_FAILED",
  "IMAGE_TOO_LARGE",
  "FILE_TOO_LARGE",
  "PHOTO_LIMIT_EXCEEDED",
  "PHOTO_NOT_FOUND",
  "AVATAR_REQUIRED",
  "PHOTO_REQUIRED",
  "FILE_NOT_FOUND",
  "CERTIFICATE_LIMIT_EXCEEDED",
  "CERTIFICATE_NOT_FOUND",
  "FILE_TYPE_NOT_ALLOWED",
  "MALFORMED_MULTIPART",
] as const;
