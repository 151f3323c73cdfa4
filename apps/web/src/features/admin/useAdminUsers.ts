import { notifications } from "@mantine/notifications";
import { type AdminUserView, adminApi, type CreateMatchmakerBody, type Page } from "@matchdesk/contract";
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { call, queryKeyOf, queryOf } from "../../lib/api";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { changeBody, changeNoticeKeys, type UserChange } from "./user-changes";
import { USERS_PAGE_SIZE, type UsersFilters } from "./users-query";

/** After a change elsewhere that the users list shows (a matchmaker invited): every users list. */
export function invalidateAdminUsers(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeyOf(adminApi.listUsers) });
}

/** The users for the filters; the previous page stays on screen while the next loads. */
export function useAdminUsers(filters: UsersFilters) {
  return useQuery({
    ...queryOf(adminApi.listUsers, { query: { ...filters, pageSize: USERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** One row action, with a notice either way; the lists are refreshed. */
export function useUpdateUser() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, change }: { user: AdminUserView; change: UserChange }) =>
      call(adminApi.updateUser, { params: { id: user.id }, body: changeBody(change) }),
    onSuccess: (updated, { change }) => {
      queryClient.setQueriesData<Page<AdminUserView>>({ queryKey: queryKeyOf(adminApi.listUsers) }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === updated.id ? updated : item)) } : page,
      );
      invalidateAdminUsers(queryClient);
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

/** The new matchmaker gets a welcome e-mail with a sign-in link. */
export function useCreateMatchmaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMatchmakerBody) => call(adminApi.createMatchmaker, { body }),
    onSuccess: () => invalidateAdminUsers(queryClient),
  });
}
