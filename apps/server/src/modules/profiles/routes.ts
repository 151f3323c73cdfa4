import {
  AvatarView,
  BatchRemovePhotosBody,
  CompleteOnboardingBody,
  GalleryView,
  Id,
  LIMITS,
  ProfilePatchBody,
  ProfileView,
  SetMainPhotoBody,
  UserView,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app.js";
import { toUserView } from "../users/service.js";
import { type listPhotos, removePhotos, setMainPhoto, uploadAvatar, uploadPhotos } from "./media.js";
import { completeOnboarding } from "./onboarding.js";
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
      `${path}/avatar`,
      {
        config: { access: everyone },
        schema: { tags: ["profiles"], ...multipart, ...params, response: { 200: AvatarView } },
      },
      async (request) => uploadAvatar(deps, request.user!, target(request), request),
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
