import { notifications } from "@mantine/notifications";
import type { AdminUserView, CreateMatchmakerBody } from "@matchdesk/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { changeBody, changeNoticeKeys, type UserChange } from "./user-changes";
import { type UsersFilters, usersApiPath } from "./users-query";

export type UsersPage = { items: AdminUserView[]; total: number; page: number; pageSize: number };

export const adminUsersKey = ["admin", "users"] as const;

/** GET /api/admin/users for the filters; the previous page stays on screen while the next loads. */
export function useAdminUsers(filters: UsersFilters) {
  return useQuery({
    queryKey: [...adminUsersKey, filters],
    queryFn: ({ signal }) => api<UsersPage>(usersApiPath(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/admin/users/{id}: one row action, with a notice either way; the lists are refreshed. */
export function useUpdateUser() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, change }: { user: AdminUserView; change: UserChange }) =>
      api<AdminUserView>(`/api/admin/users/${encodeURIComponent(user.id)}`, {
        method: "PUT",
        body: changeBody(change),
      }),
    onSuccess: (updated, { change }) => {
      queryClient.setQueriesData<UsersPage>({ queryKey: adminUsersKey }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === updated.id ? updated : item)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: adminUsersKey });
      const name = [updated.firstName, updated.lastName].join(" ").trim() || updated.email;
      notifications.show({ color: "teal", message: t(changeNoticeKeys(change).success, { name }) });
    },
    onError: (error, { change }) => {
      notifications.show({
        color: "red",
        title: t(changeNoticeKeys(change).failure),
        message: toMessage(error),
      });
    },
  });
}

/** POST /api/admin/matchmakers: the new matchmaker gets a welcome e-mail with a sign-in link. */
export function useCreateMatchmaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMatchmakerBody) =>
      api<AdminUserView>("/api/admin/matchmakers", { method: "POST", body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
