import { type CreateApiKeyBody, integrationsApi } from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, queryKeyOf, queryOf } from "../../lib/api";

/** The signed-in matchmaker's (or admin's) live API keys. */
export function useApiKeys() {
  return useQuery(queryOf(integrationsApi.listApiKeys));
}

const listKey = () => queryKeyOf(integrationsApi.listApiKeys);

/** Creates a key; the answer holds its secret, which the page shows this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => call(integrationsApi.createApiKey, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey() }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(integrationsApi.revokeApiKey, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey() }),
  });
}
