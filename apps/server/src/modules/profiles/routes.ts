import {
  AvatarView,
  BatchRemoveCertificatesBody,
  BatchRemovePhotosBody,
  CertificatesView,
  CompleteOnboardingBody,
  DisplaySettings,
  DisplaySettingsBody,
  EditTokenQuery,
  GalleryView,
  Id,
  LIMITS,
  ProfilePasswordBody,
  ProfilePasswordView,
  ProfilePatchBody,
  ProfileView,
  PublicAccessBody,
  PublicProfileView,
  RemoveCertificateFileBody,
  SetMainPhotoBody,
  UserView,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { toUserView } from "../users/service.js";
import {
  getCertificates,
  removeCertificateByUrl,
  removeCertificates,
  uploadCertificates,
} from "./certificates.js";
import {
  getGallery,
  type listPhotos,
  removePhotos,
  setMainPhoto,
  uploadAvatar,
  uploadPhotos,
} from "./media.js";
import { completeOnboarding } from "./onboarding.js";
import {
  accessPublicProfile,
  getByEditToken,
  getDisplaySettings,
  getProfilePassword,
  patchByEditToken,
  putDisplaySettings,
  setProfilePassword,
} from "./public.js";
import { getProfile, patchProfile } from "./service.js";

const everyone = ["ADMIN", "INVITER", "INVITEE"] as const;
const Params = z.object({ id: Id });
const gallery = async (items: Awaited<ReturnType<typeof listPhotos>>) => ({
  items,
  limit: LIMITS.photosPerProfile,
});

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const multipart = { consumes: ["multipart/form-data"] };

  r.post(
    "/api/profiles/me/complete-onboarding",
    {
      config: { access: ["INVITER"] },
      schema: { tags: ["profiles"], body: CompleteOnboardingBody, response: { 200: UserView } },
    },
    async (request) => toUserView(await completeOnboarding(deps.db, request.user!, request.body)),
  );

  r.get(
    "/api/profiles/:id",
    {
      config: { access: everyone },
      schema: { tags: ["profiles"], params: Params, response: { 200: ProfileView } },
    },
    async (request) => getProfile(deps.db, request.user!, request.params.id),
  );

  // "me" and "{id}" forms share one handler each; "me" is the caller's own profile.
  for (const path of ["/api/profiles/me", "/api/profiles/:id"] as const) {
    const target = (request: { user: { id: string } | null; params: unknown }) =>
      path === "/api/profiles/me" ? request.user!.id : (request.params as { id: string }).id;
    const params = path === "/api/profiles/me" ? {} : { params: Params };

    r.patch(
      path,
      {
        // A matchmaker's own profile is the agency profile, edited through the agencies module.
        config: { access: path === "/api/profiles/me" ? ["INVITEE"] : everyone },
        schema: { tags: ["profiles"], ...params, body: ProfilePatchBody, response: { 200: ProfileView } },
      },
      async (request) => patchProfile(deps.db, request.user!, target(request), request.body),
    );

    r.post(
      `${path}/certificates`,
      {
        config: { access: everyone },
        schema: { tags: ["profiles"], ...multipart, ...params, response: { 200: CertificatesView } },
      },
      async (request) => uploadCertificates(deps, request.user!, target(request), request),
    );

    r.get(
      `${path}/certificates`,
      {
        config: { access: everyone },
        schema: { tags: ["profiles"], ...params, response: { 200: CertificatesView } },
      },
      async (request) => getCertificates(deps.db, request.user!, target(request)),
    );

    r.put(
      `${path}/certificates/batch-remove`,
      {
        config: { access: everyone },
        schema: {
          tags: ["profiles"],
          ...params,
          body: BatchRemoveCertificatesBody,
          response: { 200: CertificatesView },
        },
      },
      async (request) => removeCertificates(deps, request.user!, target(request), request.body.fileIds),
    );

    r.delete(
      `${path}/certificates/file`,
      {
        config: { access: everyone },
        schema: {
          tags: ["profiles"],
          ...params,
          body: RemoveCertificateFileBody,
          response: { 200: CertificatesView },
        },
      },
      async (request) => removeCertificateByUrl(deps, request.user!, target(request), request.body.fileUrl),
    );

    r.post(
      `${path}/avatar`,
      {
        config: { access: everyone },
        schema: { tags: ["profiles"], ...multipart, ...params, response: { 200: AvatarView } },
      },
      async (request) => uploadAvatar(deps, request.user!, target(request), request),
    );

    r.get(
      `${path}/gallery`,
      {
        config: { access: everyone },
        schema: { tags: ["profiles"], ...params, response: { 200: GalleryView } },
      },
      async (request) => gallery(await getGallery(deps.db, request.user!, target(request))),
    );

    r.post(
      `${path}/gallery`,
      {
        config: { access: everyone },
        schema: { tags: ["profiles"], ...multipart, ...params, response: { 200: GalleryView } },
      },
      async (request) => gallery(await uploadPhotos(deps, request.user!, target(request), request)),
    );
  }

  const managers = { access: ["INVITER", "ADMIN"] as const };

  r.get(
    "/api/profiles/:id/display-settings",
    { config: managers, schema: { tags: ["profiles"], params: Params, response: { 200: DisplaySettings } } },
    async (request) => getDisplaySettings(deps.db, request.user!, request.params.id),
  );

  r.put(
    "/api/profiles/:id/display-settings",
    {
      config: managers,
      schema: {
        tags: ["profiles"],
        params: Params,
        body: DisplaySettingsBody,
        response: { 200: DisplaySettings },
      },
    },
    async (request) => putDisplaySettings(deps.db, request.user!, request.params.id, request.body.fields),
  );

  r.get(
    "/api/profiles/:id/password",
    {
      config: managers,
      schema: { tags: ["profiles"], params: Params, response: { 200: ProfilePasswordView } },
    },
    async (request) => getProfilePassword(deps.db, request.user!, request.params.id),
  );

  r.put(
    "/api/profiles/:id/password",
    {
      config: managers,
      schema: {
        tags: ["profiles"],
        params: Params,
        body: ProfilePasswordBody,
        response: { 200: ProfilePasswordView },
      },
    },
    async (request) => setProfilePassword(deps.db, request.user!, request.params.id, request.body.password),
  );

  r.post(
    "/api/public/profiles/:id/access",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        params: Params,
        body: PublicAccessBody,
        response: { 200: PublicProfileView },
      },
    },
    async (request) => accessPublicProfile(deps, request.params.id, request.body.password, request.ip),
  );

  r.get(
    "/api/public/edit-profile/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        params: Params,
        querystring: EditTokenQuery,
        response: { 200: ProfileView },
      },
    },
    async (request) => getByEditToken(deps, request.params.id, request.query.token, request.ip),
  );

  r.patch(
    "/api/public/edit-profile/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        params: Params,
        querystring: EditTokenQuery,
        body: ProfilePatchBody,
        response: { 200: ProfileView },
      },
    },
    async (request) =>
      patchByEditToken(deps, request.params.id, request.query.token, request.ip, request.body),
  );

  r.put(
    "/api/profiles/:id/gallery/batch-remove",
    {
      config: { access: everyone },
      schema: {
        tags: ["profiles"],
        params: Params,
        body: BatchRemovePhotosBody,
        response: { 200: GalleryView },
      },
    },
    async (request) =>
      gallery(await removePhotos(deps, request.user!, request.params.id, request.body.photoIds)),
  );

  r.put(
    "/api/profiles/:id/gallery/main",
    {
      config: { access: everyone },
      schema: { tags: ["profiles"], params: Params, body: SetMainPhotoBody, response: { 200: GalleryView } },
    },
    async (request) =>
      gallery(await setMainPhoto(deps, request.user!, request.params.id, request.body.photoId)),
  );
}
