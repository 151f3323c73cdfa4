import type {
  AdminReviewView,
  AgencyLeadList,
  AgencyLeadView,
  AgencyPageView,
  AgencyProfilePatchBody,
  AgencyProfileView,
  DirectoryItem,
  ViewsView,
} from "@matchdesk/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { invalidateClients } from "../clients/useClients";
import { type DirectoryFilters, directoryApiPath } from "./directory-query";

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

const agencyKey = (idOrLogin: string) => ["agencies", idOrLogin] as const;
const ownAgencyKey = ["agencies", "me"] as const;
export const reviewsKey = ["admin", "reviews"] as const;

/** GET /api/directory for the filters; the previous page stays on screen while the next loads. */
export function useDirectory(filters: DirectoryFilters) {
  return useQuery({
    queryKey: ["directory", filters],
    queryFn: ({ signal }) => api<Page<DirectoryItem>>(directoryApiPath(filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAgencyPage(idOrLogin: string) {
  return useQuery({
    queryKey: agencyKey(idOrLogin),
    queryFn: ({ signal }) =>
      api<AgencyPageView>(`/api/agencies/${encodeURIComponent(idOrLogin)}`, { signal }),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export function useOwnAgency() {
  return useQuery({
    queryKey: ownAgencyKey,
    queryFn: ({ signal }) => api<AgencyProfileView>("/api/agencies/me", { signal }),
  });
}

export function useSaveOwnAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencyProfilePatchBody) =>
      api<AgencyProfileView>("/api/agencies/me", { method: "PATCH", body }),
    onSuccess: (view) => queryClient.setQueryData(ownAgencyKey, view),
  });
}

export function useSetAgencyPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; confirmPassword: string }) =>
      api<AgencyProfileView>("/api/agencies/me/password", { method: "PUT", body }),
    onSuccess: (view) => queryClient.setQueryData(ownAgencyKey, view),
  });
}

export function useViews(range: { from: string; to: string }) {
  return useQuery({
    queryKey: ["analytics", "views", range],
    queryFn: ({ signal }) =>
      api<ViewsView>(`/api/analytics/views?from=${range.from}&to=${range.to}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Tells the server a public page was opened, with where the visitor came from. Best effort. */
export function recordView(profileId: string): void {
  const utmSource = new URLSearchParams(window.location.search).get("utm_source") ?? undefined;
  const referrer = document.referrer || undefined;
  void api("/api/analytics/views", {
    method: "POST",
    body: { profileId, referrer, utmSource: utmSource?.slice(0, 100) },
    skipSessionExpiry: true,
  }).catch(() => undefined);
}

export function useModerationQueue(status: string | null, page: number) {
  const query = new URLSearchParams({ page: String(page), pageSize: "20" });
  if (status) query.set("status", status);
  return useQuery({
    queryKey: [...reviewsKey, status, page],
    queryFn: ({ signal }) => api<Page<AdminReviewView>>(`/api/admin/reviews?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: "approved" | "rejected" | "delete" }) => {
      const path = `/api/admin/reviews/${encodeURIComponent(id)}`;
      if (action === "delete") await api<void>(path, { method: "DELETE" });
      else await api<AdminReviewView>(path, { method: "PUT", body: { status: action } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}

const leadsKey = ["agencies", "me", "leads"] as const;

/** Requests from the matchmaker's agency page, newest first. */
export function useLeads() {
  return useQuery({
    queryKey: leadsKey,
    queryFn: ({ signal }) => api<AgencyLeadList>("/api/agencies/me/leads?pageSize=20", { signal }),
  });
}

/** Invites the person behind a lead (a client of the matchmaker), or dismisses the lead. */
export function useLeadAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: "invite" | "dismiss" }) => {
      const path = `/api/agencies/me/leads/${encodeURIComponent(id)}`;
      if (action === "invite") await api<AgencyLeadView>(`${path}/invite`, { method: "POST" });
      else await api<void>(path, { method: "DELETE" });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: leadsKey });
      invalidateClients(queryClient);
    },
  });
}
