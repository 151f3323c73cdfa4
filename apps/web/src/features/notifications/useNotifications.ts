import type { NotificationList, ReadNotificationsBody, ReadNotificationsResult } from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const notificationsKey = ["notifications"] as const;

/** GET /api/notifications: the latest page and the unread count. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => api<NotificationList>("/api/notifications?pageSize=30", { signal }),
  });
}

export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReadNotificationsBody) =>
      api<ReadNotificationsResult>("/api/notifications/read", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
