import { type CertificatesView, type CertificateView, profilesApi } from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { z } from "zod";
import { call, queryKeyOf, queryOf } from "../../lib/api";

type Certificates = z.infer<typeof CertificatesView>;

/** The certificate files of a profile the caller may change. */
export function useCertificates(profileId: string) {
  return useQuery(queryOf(profilesApi.certificates, { params: { id: profileId } }));
}

/**
 * Removes certificate files: one by its URL, several in one call by their ids. Each answers the
 * remaining files, which replace the cached list.
 */
export function useCertificateActions(profileId: string) {
  const queryClient = useQueryClient();
  const save = useCallback(
    (answer: Certificates) =>
      queryClient.setQueryData(queryKeyOf(profilesApi.certificates, { params: { id: profileId } }), answer),
    [queryClient, profileId],
  );
  const remove = useMutation({
    mutationFn: ([first, ...others]: readonly CertificateView[]) => {
      if (!first) throw new Error("No certificate to remove");
      const params = { id: profileId };
      if (others.length === 0) {
        return call(profilesApi.removeCertificateFile, { params, body: { fileUrl: first.url } });
      }
      return call(profilesApi.removeCertificates, {
        params,
        body: { fileIds: [first, ...others].map((file) => file.id) },
      });
    },
    onSuccess: save,
  });
  return { save, remove };
}
