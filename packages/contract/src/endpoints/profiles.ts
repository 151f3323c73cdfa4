import { z } from "zod";
import { Id } from "../common.js";
import { endpoint } from "../endpoint.js";
import {
  AvatarView,
  BatchRemoveCertificatesBody,
  BatchRemovePhotosBody,
  CertificatesView,
  CompleteOnboardingBody,
  GalleryView,
  RemoveCertificateFileBody,
  SetMainPhotoBody,
} from "../media.js";
import {
  DisplaySettings,
  DisplaySettingsBody,
  EditTokenQuery,
  ProfilePasswordBody,
  ProfilePasswordView,
  ProfilePatchBody,
  ProfileView,
  PublicAccessBody,
  PublicProfileView,
} from "../profiles.js";
import { UserView } from "../users.js";

const everyone = ["ADMIN", "INVITER", "INVITEE"] as const;
const managers = ["INVITER", "ADMIN"] as const;
const tag = "profiles";
const params = z.object({ id: Id });

/**
 * A client's questionnaire, photos and certificates (SPEC 3, 5), the public profile they share and
 * the link that edits it without signing in. Each media route has a "me" form, the caller's own
 * profile, and an "{id}" form, the profile of a client they manage (or their own).
 */
export const profilesApi = {
  completeOnboarding: endpoint({
    method: "POST",
    path: "/api/profiles/me/complete-onboarding",
    access: ["INVITER"],
    tag,
    body: CompleteOnboardingBody,
    response: UserView,
  }),
  get: endpoint({
    method: "GET",
    path: "/api/profiles/:id",
    access: everyone,
    tag,
    params,
    response: ProfileView,
  }),
  /** A matchmaker's own profile is the agency profile, edited through the agencies module. */
  patchMe: endpoint({
    method: "PATCH",
    path: "/api/profiles/me",
    access: ["INVITEE"],
    tag,
    body: ProfilePatchBody,
    response: ProfileView,
  }),
  patch: endpoint({
    method: "PATCH",
    path: "/api/profiles/:id",
    access: everyone,
    tag,
    params,
    body: ProfilePatchBody,
    response: ProfileView,
  }),
  uploadCertificatesMe: endpoint({
    method: "POST",
    path: "/api/profiles/me/certificates",
    access: everyone,
    tag,
    bodyKind: "multipart",
    response: CertificatesView,
  }),
  uploadCertificates: endpoint({
    method: "POST",
    path: "/api/profiles/:id/certificates",
    access: everyone,
    tag,
    params,
    bodyKind: "multipart",
    response: CertificatesView,
  }),
  certificatesMe: endpoint({
    method: "GET",
    path: "/api/profiles/me/certificates",
    access: everyone,
    tag,
    response: CertificatesView,
  }),
  certificates: endpoint({
    method: "GET",
    path: "/api/profiles/:id/certificates",
    access: everyone,
    tag,
    params,
    response: CertificatesView,
  }),
  removeCertificatesMe: endpoint({
    method: "PUT",
    path: "/api/profiles/me/certificates/batch-remove",
    access: everyone,
    tag,
    body: BatchRemoveCertificatesBody,
    response: CertificatesView,
  }),
  removeCertificates: endpoint({
    method: "PUT",
    path: "/api/profiles/:id/certificates/batch-remove",
    access: everyone,
    tag,
    params,
    body: BatchRemoveCertificatesBody,
    response: CertificatesView,
  }),
  removeCertificateFileMe: endpoint({
    method: "DELETE",
    path: "/api/profiles/me/certificates/file",
    access: everyone,
    tag,
    body: RemoveCertificateFileBody,
    response: CertificatesView,
  }),
  removeCertificateFile: endpoint({
    method: "DELETE",
    path: "/api/profiles/:id/certificates/file",
    access: everyone,
    tag,
    params,
    body: RemoveCertificateFileBody,
    response: CertificatesView,
  }),
  uploadAvatarMe: endpoint({
    method: "POST",
    path: "/api/profiles/me/avatar",
    access: everyone,
    tag,
    bodyKind: "multipart",
    response: AvatarView,
  }),
  uploadAvatar: endpoint({
    method: "POST",
    path: "/api/profiles/:id/avatar",
    access: everyone,
    tag,
    params,
    bodyKind: "multipart",
    response: AvatarView,
  }),
  galleryMe: endpoint({
    method: "GET",
    path: "/api/profiles/me/gallery",
    access: everyone,
    tag,
    response: GalleryView,
  }),
  gallery: endpoint({
    method: "GET",
    path: "/api/profiles/:id/gallery",
    access: everyone,
    tag,
    params,
    response: GalleryView,
  }),
  uploadPhotosMe: endpoint({
    method: "POST",
    path: "/api/profiles/me/gallery",
    access: everyone,
    tag,
    bodyKind: "multipart",
    response: GalleryView,
  }),
  uploadPhotos: endpoint({
    method: "POST",
    path: "/api/profiles/:id/gallery",
    access: everyone,
    tag,
    params,
    bodyKind: "multipart",
    response: GalleryView,
  }),
  removePhotos: endpoint({
    method: "PUT",
    path: "/api/profiles/:id/gallery/batch-remove",
    access: everyone,
    tag,
    params,
    body: BatchRemovePhotosBody,
    response: GalleryView,
  }),
  setMainPhoto: endpoint({
    method: "PUT",
    path: "/api/profiles/:id/gallery/main",
    access: everyone,
    tag,
    params,
    body: SetMainPhotoBody,
    response: GalleryView,
  }),
  displaySettings: endpoint({
    method: "GET",
    path: "/api/profiles/:id/display-settings",
    access: managers,
    tag,
    params,
    response: DisplaySettings,
  }),
  setDisplaySettings: endpoint({
    method: "PUT",
    path: "/api/profiles/:id/display-settings",
    access: managers,
    tag,
    params,
    body: DisplaySettingsBody,
    response: DisplaySettings,
  }),
  /** Whether a password guards the public profile (never the password). */
  password: endpoint({
    method: "GET",
    path: "/api/profiles/:id/password",
    access: managers,
    tag,
    params,
    response: ProfilePasswordView,
  }),
  setPassword: endpoint({
    method: "PUT",
    path: "/api/profiles/:id/password",
    access: managers,
    tag,
    params,
    body: ProfilePasswordBody,
    response: ProfilePasswordView,
  }),
  /** The public profile behind its password; a wrong password is 401, not an expired session. */
  openPublic: endpoint({
    method: "POST",
    path: "/api/public/profiles/:id/access",
    access: "public",
    tag: "public",
    params,
    body: PublicAccessBody,
    response: PublicProfileView,
  }),
  /**
   * The public profile again, for a browser that opened it with its password within the hour (the
   * cookie that answer set, scoped to this profile); 401 PROFILE_LOCKED otherwise.
   */
  readPublic: endpoint({
    method: "GET",
    path: "/api/public/profiles/:id",
    access: "public",
    tag: "public",
    params,
    response: PublicProfileView,
  }),
  /** Locks the public profile in this browser again: its hour of access ends now. */
  closePublic: endpoint({
    method: "DELETE",
    path: "/api/public/profiles/:id/access",
    access: "public",
    tag: "public",
    params,
    response: "none",
  }),
  /** The questionnaire, through the link a matchmaker e-mailed the client. */
  getByEditLink: endpoint({
    method: "GET",
    path: "/api/public/edit-profile/:id",
    access: "public",
    tag: "public",
    params,
    query: EditTokenQuery,
    response: ProfileView,
  }),
  patchByEditLink: endpoint({
    method: "PATCH",
    path: "/api/public/edit-profile/:id",
    access: "public",
    tag: "public",
    params,
    query: EditTokenQuery,
    body: ProfilePatchBody,
    response: ProfileView,
  }),
};
