import type { GalleryView } from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../lib/api";
import { profilePath } from "./upload-images";

export const galleryKey = (profileId: string) => ["profiles", profileId, "gallery"] as const;

/** GET /api/profiles/{id}/gallery: the photos of a profile the caller may change, and the limit. */
export function useGallery(profileId: string) {
  return useQuery({
    queryKey: galleryKey(profileId),
    queryFn: ({ signal }) => api<GalleryView>(`${profilePath(profileId)}/gallery`, { signal }),
  });
}

/** The gallery's changes; each answers the whole gallery, which replaces the cached one. */
export function useGalleryActions(profileId: string) {
  const queryClient = useQueryClient();
  const save = useCallback(
    (gallery: GalleryView) => queryClient.setQueryData(galleryKey(profileId), gallery),
    [queryClient, profileId],
  );
  const setMain = useMutation({
    mutationFn: (photoId: string) =>
      api<GalleryView>(`${profilePath(profileId)}/gallery/main`, { method: "PUT", body: { photoId } }),
    onSuccess: save,
  });
  const remove = useMutation({
    mutationFn: (photoIds: readonly string[]) =>
      api<GalleryView>(`${profilePath(profileId)}/gallery/batch-remove`, {
        method: "PUT",
        body: { photoIds },
      }),
    onSuccess: save,
  });
  return { save, setMain, remove };
}
