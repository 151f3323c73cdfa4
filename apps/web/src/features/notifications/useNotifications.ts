import { notificationsApi, type ReadNotificationsBody } from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, queryKeyOf, queryOf } from "../../lib/api";

/** Every answer of the notifications list: what a new notification or a resync refreshes. */
export const notificationsKey = queryKeyOf(notificationsApi.list);

const LATEST = 30;

/** The latest page and the unread count. */
export function useNotifications() {
  return useQuery(queryOf(notificationsApi.list, { query: { pageSize: LATEST } }));
}

export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReadNotificationsBody) => call(notificationsApi.markRead, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
