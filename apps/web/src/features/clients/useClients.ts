import { notifications } from "@mantine/notifications";
import type {
  AdminUserView,
  ClientListItem,
  ClientStatsView,
  CreateClientBody,
  EditLinkView,
  ProfileView,
  UserView,
} from "@matchdesk/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { api } from "../../app/api";
import { formatDateTime } from "../../app/format-date";
import { useErrorMessage } from "../../app/useErrorMessage";
import { type ClientChange, changeNoticeKeys, changeRequest, clientName } from "./client-changes";
import { type ClientsFilters, clientsApiPath } from "./clients-query";

export type ClientsPage = { items: ClientListItem[]; total: number; page: number; pageSize: number };

export const clientsKey = ["clients"] as const;
const statsKey = [...clientsKey, "stats"] as const;
const clientKey = (id: string) => [...clientsKey, "item", id] as const;
export const profileKey = (id: string) => ["profiles", id] as const;

/** GET /api/clients for the filters; the previous page stays on screen while the next loads. */
export function useClients(filters: ClientsFilters) {
  return useQuery({
    queryKey: [...clientsKey, "list", filters],
    queryFn: ({ signal }) => api<ClientsPage>(clientsApiPath(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/clients/stats: how many questionnaires are incomplete, complete and approved. */
export function useClientStats() {
  return useQuery({
    queryKey: statsKey,
    queryFn: ({ signal }) => api<ClientStatsView>("/api/clients/stats", { signal }),
  });
}

/** GET /api/profiles/{id}: the whole questionnaire. */
export function useProfile(id: string) {
  return useQuery({
    queryKey: profileKey(id),
    queryFn: ({ signal }) => api<ProfileView>(`/api/profiles/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /api/clients/{id}: one client's list entry (the flags the actions need). */
export function useClientItem(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: clientKey(id),
    initialData: () => findLoaded(queryClient.getQueriesData<ClientsPage>({ queryKey: clientsKey }), id),
    queryFn: ({ signal }) => api<ClientListItem>(`/api/clients/${encodeURIComponent(id)}`, { signal }),
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
      queryClient.setQueriesData<ClientsPage>({ queryKey: [...clientsKey, "list"] }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === updated.id ? updated : item)) } : page,
      );
      queryClient.setQueryData(clientKey(updated.id), updated);
    }
    void queryClient.invalidateQueries({ queryKey: [...clientsKey, "list"] });
    void queryClient.invalidateQueries({ queryKey: statsKey });
  };
}

/** PUT /api/clients/{id}/verification, /search or /status, with a notice either way. */
export function useUpdateClient() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const refresh = useRefreshClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ client, change }: { client: ClientListItem; change: ClientChange }) => {
      const { path, body } = changeRequest(client.id, change);
      return api<ClientListItem>(path, { method: "PUT", body });
    },
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

/** DELETE /api/clients/{id}: the client and everything stored for them. */
export function useDeleteClient() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  const refresh = useRefreshClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: ClientListItem) =>
      api<void>(`/api/clients/${encodeURIComponent(client.id)}`, { method: "DELETE" }),
    onSuccess: (_, client) => {
      queryClient.removeQueries({ queryKey: clientKey(client.id) });
      queryClient.removeQueries({ queryKey: profileKey(client.id) });
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
    mutationFn: (client: ClientListItem) =>
      api<void>(`/api/clients/${encodeURIComponent(client.id)}/resend-invite`, { method: "POST" }),
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

/** POST /api/clients/{id}/edit-link: e-mails the client a link to edit their questionnaire. */
export function useSendEditLink() {
  const { t } = useTranslation();
  const toMessage = useErrorMessage();
  return useMutation({
    mutationFn: (client: ClientListItem) =>
      api<z.infer<typeof EditLinkView>>(`/api/clients/${encodeURIComponent(client.id)}/edit-link`, {
        method: "POST",
      }),
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

/** POST /api/clients: a client created directly (no e-mail is sent until an invitation is). */
export function useCreateClient() {
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: (body: CreateClientBody) => api<UserView>("/api/clients", { method: "POST", body }),
    onSuccess: () => refresh(),
  });
}

/** GET /api/admin/users?role=INVITER: the matchmakers an admin may create a client for. */
export function useMatchmakers(q: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ["admin", "users", "matchmakers", q],
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ role: "INVITER", pageSize: "50" });
      if (q.trim()) params.set("q", q.trim());
      return api<{ items: AdminUserView[]; total: number }>(`/api/admin/users?${params}`, { signal });
    },
  });
}
