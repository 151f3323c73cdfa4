import { LIMITS, type PhotoView, profilesApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { withRetryAfter } from "../../platform/rate-limit.js";
import { route } from "../../platform/route.js";
import { multipartFiles } from "../../platform/uploads.js";
import { toUserView } from "../users/service.js";
import {
  getCertificates,
  removeCertificateByUrl,
  removeCertificates,
  uploadCertificates,
} from "./certificates.js";
import { getGallery, removePhotos, setMainPhoto, uploadAvatar, uploadPhotos } from "./media.js";
import { completeOnboarding } from "./onboarding.js";
import {
  accessPublicProfile,
  getByEditToken,
  getDisplaySettings,
  getProfilePassword,
  patchByEditToken,
  putDisplaySettings,
  readGrantedProfile,
  revokeProfileAccess,
  setProfilePassword,
} from "./public.js";
import { getProfile, patchProfile } from "./service.js";

const PROFILE_ACCESS_COOKIE = "profile_access";
const gallery = (items: PhotoView[]) => ({ items, limit: LIMITS.photosPerProfile });

// Each media route has a "me" form (the caller's own profile) and an "{id}" form; both call the
// same service with the profile's id. Uploads hand the service the form's files as they arrive.
export function register(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  route(app, profilesApi.completeOnboarding, async (request) =>
    toUserView(await completeOnboarding(db, request.user, request.body)),
  );
  route(app, profilesApi.get, (request) => getProfile(db, request.user, request.params.id));

  route(app, profilesApi.patchMe, (request) => patchProfile(db, request.user, request.user.id, request.body));
  route(app, profilesApi.patch, (request) => patchProfile(db, request.user, request.params.id, request.body));

  route(app, profilesApi.uploadCertificatesMe, (request) =>
    uploadCertificates(deps, request.user, request.user.id, multipartFiles(request, "certificates")),
  );
  route(app, profilesApi.uploadCertificates, (request) =>
    uploadCertificates(deps, request.user, request.params.id, multipartFiles(request, "certificates")),
  );
  route(app, profilesApi.certificatesMe, (request) => getCertificates(db, request.user, request.user.id));
  route(app, profilesApi.certificates, (request) => getCertificates(db, request.user, request.params.id));
  route(app, profilesApi.removeCertificatesMe, (request) =>
    removeCertificates(deps, request.user, request.user.id, request.body.fileIds),
  );
  route(app, profilesApi.removeCertificates, (request) =>
    removeCertificates(deps, request.user, request.params.id, request.body.fileIds),
  );
  route(app, profilesApi.removeCertificateFileMe, (request) =>
    removeCertificateByUrl(deps, request.user, request.user.id, request.body.fileUrl),
  );
  route(app, profilesApi.removeCertificateFile, (request) =>
    removeCertificateByUrl(deps, request.user, request.params.id, request.body.fileUrl),
  );

  route(app, profilesApi.uploadAvatarMe, (request) =>
    uploadAvatar(deps, request.user, request.user.id, multipartFiles(request, "avatar")),
  );
  route(app, profilesApi.uploadAvatar, (request) =>
    uploadAvatar(deps, request.user, request.params.id, multipartFiles(request, "avatar")),
  );

  route(app, profilesApi.galleryMe, async (request) =>
    gallery(await getGallery(db, request.user, request.user.id)),
  );
  route(app, profilesApi.gallery, async (request) =>
    gallery(await getGallery(db, request.user, request.params.id)),
  );
  route(app, profilesApi.uploadPhotosMe, async (request) =>
    gallery(await uploadPhotos(deps, request.user, request.user.id, multipartFiles(request, "photos"))),
  );
  route(app, profilesApi.uploadPhotos, async (request) =>
    gallery(await uploadPhotos(deps, request.user, request.params.id, multipartFiles(request, "photos"))),
  );
  route(app, profilesApi.removePhotos, async (request) =>
    gallery(await removePhotos(deps, request.user, request.params.id, request.body.photoIds)),
  );
  route(app, profilesApi.setMainPhoto, async (request) =>
    gallery(await setMainPhoto(deps, request.user, request.params.id, request.body.photoId)),
  );

  route(app, profilesApi.displaySettings, (request) =>
    getDisplaySettings(db, request.user, request.params.id),
  );
  route(app, profilesApi.setDisplaySettings, (request) =>
    putDisplaySettings(db, request.user, request.params.id, request.body.fields),
  );
  route(app, profilesApi.password, (request) => getProfilePassword(db, request.user, request.params.id));
  route(app, profilesApi.setPassword, (request) =>
    setProfilePassword(db, request.user, request.params.id, request.body.password),
  );

  // The right password keeps the profile open in this browser for an hour: a cookie only this
  // profile's public routes receive (its path), httpOnly, holding a token stored hashed.
  const accessCookie = (id: string, maxAge?: number) => ({
    path: `/api/public/profiles/${encodeURIComponent(id)}`,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: deps.config.isHttps,
    ...(maxAge !== undefined && { maxAge }),
  });
  route(app, profilesApi.openPublic, async (request, reply) => {
    const { view, access } = await withRetryAfter(reply, () =>
      accessPublicProfile(deps, request.params.id, request.body.password, request.ip),
    );
    reply.setCookie(
      PROFILE_ACCESS_COOKIE,
      access.token,
      accessCookie(request.params.id, access.maxAgeSeconds),
    );
    return view;
  });
  route(app, profilesApi.readPublic, (request) =>
    readGrantedProfile(db, request.params.id, request.cookies[PROFILE_ACCESS_COOKIE]),
  );
  route(app, profilesApi.closePublic, async (request, reply) => {
    await revokeProfileAccess(db, request.params.id, request.cookies[PROFILE_ACCESS_COOKIE]);
    reply.clearCookie(PROFILE_ACCESS_COOKIE, accessCookie(request.params.id));
  });
  route(app, profilesApi.getByEditLink, (request) =>
    getByEditToken(deps, request.params.id, request.query.token, request.ip),
  );
  route(app, profilesApi.patchByEditLink, (request) =>
    patchByEditToken(deps, request.params.id, request.query.token, request.ip, request.body),
  );
}
