import { type GalleryView, profilesApi } from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { call, queryKeyOf, queryOf } from "../../lib/api";

/** The photos of a profile the caller may change, and the limit. */
export function useGallery(profileId: string) {
  return useQuery(queryOf(profilesApi.gallery, { params: { id: profileId } }));
}

/** The gallery's changes; each answers the whole gallery, which replaces the cached one. */
export function useGalleryActions(profileId: string) {
  const queryClient = useQueryClient();
  const save = useCallback(
    (gallery: GalleryView) =>
      queryClient.setQueryData(queryKeyOf(profilesApi.gallery, { params: { id: profileId } }), gallery),
    [queryClient, profileId],
  );
  const params = { id: profileId };
  const setMain = useMutation({
    mutationFn: (photoId: string) => call(profilesApi.setMainPhoto, { params, body: { photoId } }),
    onSuccess: save,
  });
  const remove = useMutation({
    mutationFn: (photoIds: readonly string[]) =>
      call(profilesApi.removePhotos, { params, body: { photoIds: [...photoIds] } }),
    onSuccess: save,
  });
  return { save, setMain, remove };
}
