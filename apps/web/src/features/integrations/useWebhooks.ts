import { type CreateWebhookBody, integrationsApi } from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, queryKeyOf, queryOf } from "../../lib/api";

/** The signed-in matchmaker's (or admin's) webhook endpoints. */
export function useWebhooks() {
  return useQuery(queryOf(integrationsApi.listWebhooks));
}

/** An endpoint's latest deliveries, read again every few seconds while shown (retries move on their own). */
export function useDeliveries(id: string) {
  return useQuery({ ...queryOf(integrationsApi.listDeliveries, { params: { id } }), refetchInterval: 5000 });
}

const listKey = () => queryKeyOf(integrationsApi.listWebhooks);

/** Adds an endpoint; the answer holds its signing secret, which the page shows this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => call(integrationsApi.createWebhook, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey() }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(integrationsApi.deleteWebhook, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey() }),
  });
}

/** "Send again": the delivery goes out now; the endpoint is switched back on. */
export function useRedeliver(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => call(integrationsApi.redeliver, { params: { id, deliveryId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey() }),
        queryClient.invalidateQueries({
          queryKey: queryKeyOf(integrationsApi.listDeliveries, { params: { id } }),
        }),
      ]),
  });
}
