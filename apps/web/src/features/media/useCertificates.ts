import type { CertificateView } from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../lib/api";
import { type CertificatesAnswer, profilePath } from "./upload-images";

export const certificatesKey = (profileId: string) => ["profiles", profileId, "certificates"] as const;

/** GET /api/profiles/{id}/certificates: the certificate files of a profile the caller may change. */
export function useCertificates(profileId: string) {
  return useQuery({
    queryKey: certificatesKey(profileId),
    queryFn: ({ signal }) => api<CertificatesAnswer>(`${profilePath(profileId)}/certificates`, { signal }),
  });
}

/**
 * Removes certificate files: one by its URL (DELETE .../certificates/file `{ fileUrl }`), several in
 * one call (PUT .../certificates/batch-remove `{ fileIds }`). Each answers the remaining files, which
 * replace the cached list.
 */
export function useCertificateActions(profileId: string) {
  const queryClient = useQueryClient();
  const save = useCallback(
    (answer: CertificatesAnswer) => queryClient.setQueryData(certificatesKey(profileId), answer),
    [queryClient, profileId],
  );
  const remove = useMutation({
    mutationFn: ([first, ...others]: readonly CertificateView[]) => {
      if (!first) throw new Error("No certificate to remove");
      if (others.length === 0) {
        return api<CertificatesAnswer>(`${profilePath(profileId)}/certificates/file`, {
          method: "DELETE",
          body: { fileUrl: first.url },
        });
      }
      return api<CertificatesAnswer>(`${profilePath(profileId)}/certificates/batch-remove`, {
        method: "PUT",
        body: { fileIds: [first, ...others].map((file) => file.id) },
      });
    },
    onSuccess: save,
  });
  return { save, remove };
}
