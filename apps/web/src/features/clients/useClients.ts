import { notifications } from "@mantine/notifications";
import {
  adminApi,
  type ClientListItem,
  type CreateClientBody,
  clientsApi,
  invitesApi,
  type Page,
} from "@matchdesk/contract";
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { call, queryKeyOf, queryOf } from "../../lib/api";
import { formatDateTime } from "../../lib/format-date";
import { useErrorMessage } from "../../lib/useErrorMessage";
import { forgetProfile, profileKey } from "../profile/useProfile";
import { type ClientChange, changeNoticeKeys, changeRequest, clientName } from "./client-changes";
import { CLIENTS_PAGE_SIZE, type ClientsFilters } from "./clients-query";

type ClientsPage = Page<ClientListItem>;

/** After a change elsewhere that clients show (a lead invited, a photo changed): every answer about clients. */
export function invalidateClients(queryClient: QueryClient) {
  for (const def of [clientsApi.list, clientsApi.stats, clientsApi.get]) {
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(def) });
  }
}
const clientKey = (id: string) => queryKeyOf(clientsApi.get, { params: { id } });

/** The clients for the filters; the previous page stays on screen while the next loads. */
export function useClients(filters: ClientsFilters) {
  return useQuery({
    ...queryOf(clientsApi.list, { query: { ...filters, pageSize: CLIENTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** How many questionnaires are incomplete, complete and approved. */
export function useClientStats() {
  return useQuery(queryOf(clientsApi.stats));
}

/** One client's list entry (the flags the actions need), at once from a loaded list. */
export function useClientItem(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...queryOf(clientsApi.get, { params: { id } }),
    initialData: () =>
      findLoaded(queryClient.getQueriesData<ClientsPage>({ queryKey: queryKeyOf(clientsApi.list) }), id),
  });
}

function findLoaded(pages: [unknown, ClientsPage | undefined][], id: string) {
  for (const [, page] of pages) {
    const item = page?.items?.find((entry) => entry.id === id);
    if (item) return item;
  }
  return undefined;
}

/** After any change to a client: the lists, the stats and the client's own entry are refreshed. */
function useRefreshClients() {
  const queryClient = useQueryClient();
  return (updated?: ClientListItem) => {
    if (updated) {
      queryClient.setQueriesData<ClientsPage>({ queryKey: queryKeyOf(clientsApi.list) }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === updated.id ? updated : item)) } : page,
      );
      queryClient.setQueryData(clientKey(updated.id), updated);
    }
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(clientsApi.list) });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(clientsApi.stats) });
  };
}

/** A client's verification, search or status changed, with a notice either way. */
export function useUpdateClient() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const refresh = useRefreshClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ client, change }: { client: ClientListItem; change: ClientChange }) =>
      changeRequest(client.id, change),
    onSuccess: (updated, { change }) => {
      refresh(updated);
      if (change.kind === "status") void queryClient.invalidateQueries({ queryKey: profileKey(updated.id) });
      notifications.show({
        color: "teal",
        message: t(changeNoticeKeys(change).success, { name: clientName(updated) }),
      });
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

/** Deletes the client and everything stored for them. */
export function useDeleteClient() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const refresh = useRefreshClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: ClientListItem) => call(clientsApi.remove, { params: { id: client.id } }),
    onSuccess: (_, client) => {
      queryClient.removeQueries({ queryKey: clientKey(client.id) });
      forgetProfile(queryClient, client.id);
      refresh();
      notifications.show({ color: "teal", message: t("clients.done.deleted", { name: clientName(client) }) });
    },
    onError: (error) => {
      notifications.show({ color: "red", title: t("clients.failed.delete"), message: toMessage(error) });
    },
  });
}

/** POST /api/clients/{id}/resend-invite: the invitation e-mail again, for someone not registered yet. */
export function useResendInvite() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  return useMutation({
    mutationFn: (client: ClientListItem) => resendInvite(client.id),
    onSuccess: (_, client) => {
      notifications.show({ color: "teal", message: t("clients.done.inviteResent", { email: client.email }) });
    },
    onError: (error) => {
      notifications.show({
        color: "red",
        title: t("clients.failed.resendInvite"),
        message: toMessage(error),
      });
    },
  });
}

/** The invitation e-mail (again) for a client who has not registered. */
export const resendInvite = (clientId: string) => call(invitesApi.resendInvite, { params: { id: clientId } });

/** E-mails the client a link to edit their questionnaire. */
export function useSendEditLink() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  return useMutation({
    mutationFn: (client: ClientListItem) => call(clientsApi.sendEditLink, { params: { id: client.id } }),
    onSuccess: (link, client) => {
      notifications.show({
        color: "teal",
        title: t("clients.done.editLinkSent", { email: client.email }),
        message: t("clients.done.editLinkExpires", { date: formatDateTime(link.expiresAt) }),
      });
    },
    onError: (error) => {
      notifications.show({ color: "red", title: t("clients.failed.editLink"), message: toMessage(error) });
    },
  });
}

/** PUT /api/clients/{id}/email: the e-mail of a client not registered yet (one known by phone only). */
export function useSetClientEmail() {
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: ({ clientId, email }: { clientId: string; email: string }) =>
      call(clientsApi.setEmail, { params: { id: clientId }, body: { email } }),
    onSuccess: (updated) => refresh(updated),
  });
}

/** A client created directly (no e-mail is sent until an invitation is). */
export function useCreateClient() {
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: (body: CreateClientBody) => call(clientsApi.create, { body }),
    onSuccess: () => refresh(),
  });
}

/** The matchmakers an admin may create a client for (kept under the users list's key, so a new one shows). */
export function useMatchmakers(q: string, isEnabled: boolean) {
  return useQuery({
    ...queryOf(adminApi.listUsers, { query: { role: "INVITER", pageSize: 50, q: q.trim() || undefined } }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
