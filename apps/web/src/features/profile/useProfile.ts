import {
  type DisplaySettings,
  type ProfilePasswordBody,
  type ProfilePatchBody,
  profilesApi,
} from "@matchdesk/contract";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { call, queryKeyOf, queryOf } from "../../lib/api";

const byId = (id: string) => ({ params: { id } });

/** The cache key of one profile's questionnaire. */
export const profileKey = (id: string) => queryKeyOf(profilesApi.get, byId(id));

/** The whole questionnaire of a profile the caller may see. */
export function useProfile(id: string) {
  return useQuery(queryOf(profilesApi.get, byId(id)));
}

/** Drops every cached answer about one profile (a deleted client): questionnaire, media and settings. */
export function forgetProfile(queryClient: QueryClient, id: string) {
  for (const def of [
    profilesApi.get,
    profilesApi.gallery,
    profilesApi.certificates,
    profilesApi.password,
    profilesApi.displaySettings,
  ]) {
    queryClient.removeQueries({ queryKey: queryKeyOf(def, byId(id)) });
  }
}

/** Saves the changed fields of a client's questionnaire (their matchmaker or an admin). */
export const saveProfile = (id: string, body: ProfilePatchBody) =>
  call(profilesApi.patch, { ...byId(id), body });

/** Saves the changed fields of the caller's own questionnaire (a client). */
export const saveOwnProfile = (body: ProfilePatchBody) => call(profilesApi.patchMe, { body });

/**
 * The questionnaire through the link a matchmaker e-mailed (no sign-in). A 401 here answers a bad
 * link; it says nothing about a session.
 */
export function useEditLinkProfile(userId: string, token: string) {
  return useQuery({
    ...queryOf(profilesApi.getByEditLink, { ...byId(userId), query: { token }, skipSessionExpiry: true }),
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Saves the questionnaire through the e-mailed link. */
export const saveByEditLink = (userId: string, token: string, body: ProfilePatchBody) =>
  call(profilesApi.patchByEditLink, { ...byId(userId), query: { token }, body, skipSessionExpiry: true });

/** Whether the public profile has a password. */
export function useProfilePassword(profileId: string) {
  return useQuery(queryOf(profilesApi.password, byId(profileId)));
}

/** Sets, changes or (both fields empty) removes the public profile's password. */
export function useSaveProfilePassword(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ProfilePasswordBody>) =>
      call(profilesApi.setPassword, { ...byId(profileId), body }),
    onSuccess: (answer) =>
      queryClient.setQueryData(queryKeyOf(profilesApi.password, byId(profileId)), answer),
  });
}

/** Which fields the public profile and the shared search show; read while `isEnabled`. */
export function useDisplaySettings(profileId: string, isEnabled: boolean) {
  return useQuery({ ...queryOf(profilesApi.displaySettings, byId(profileId)), enabled: isEnabled });
}

/** Saves only the visible fields that changed. */
export function useSaveDisplaySettings(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: Partial<DisplaySettings>) =>
      call(profilesApi.setDisplaySettings, { ...byId(profileId), body: { fields } }),
    onSuccess: (saved) =>
      queryClient.setQueryData(queryKeyOf(profilesApi.displaySettings, byId(profileId)), saved),
  });
}
