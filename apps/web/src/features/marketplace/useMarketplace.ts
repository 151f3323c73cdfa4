import {
  type AgencyProfilePatchBody,
  agenciesApi,
  analyticsApi,
  type BodyOf,
  type CreateReviewBody,
  type JoinAgencyBody,
  type RatingBody,
  type ReviewStatus,
  reviewsApi,
} from "@matchdesk/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { call, queryKeyOf, queryOf } from "../../lib/api";
import { invalidateClients } from "../clients/useClients";
import { type DirectoryFilters, directoryQuery } from "./directory-query";

const ownAgencyKey = queryKeyOf(agenciesApi.me);

/** The directory's page for the filters; the previous page stays on screen while the next loads. */
export function useDirectory(filters: DirectoryFilters) {
  return useQuery({
    ...queryOf(agenciesApi.directory, { query: directoryQuery(filters) }),
    placeholderData: keepPreviousData,
  });
}

export function useAgencyPage(idOrLogin: string) {
  return useQuery({
    ...queryOf(agenciesApi.page, { params: { id: idOrLogin } }),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export function useOwnAgency() {
  return useQuery(queryOf(agenciesApi.me));
}

export function useSaveOwnAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencyProfilePatchBody) => call(agenciesApi.updateMe, { body }),
    onSuccess: (view) => queryClient.setQueryData(ownAgencyKey, view),
  });
}

export function useSetAgencyPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof agenciesApi.setPassword>) => call(agenciesApi.setPassword, { body }),
    onSuccess: (view) => queryClient.setQueryData(ownAgencyKey, view),
  });
}

/** A review of the agency, from anyone; it is published once an admin approves it. */
export function useReviewAgency(agencyId: string) {
  return useMutation({
    mutationFn: (body: CreateReviewBody) => call(reviewsApi.create, { params: { id: agencyId }, body }),
  });
}

/** "Join the agency base": the request waits in the matchmaker's inbox. */
export function useJoinAgency(agencyId: string) {
  return useMutation({
    mutationFn: (body: JoinAgencyBody) => call(agenciesApi.join, { params: { id: agencyId }, body }),
  });
}

/** A matchmaker's rating of another agency; the agency's page then shows the new averages. */
export function useRateAgency(agencyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingBody) => call(reviewsApi.rate, { params: { id: agencyId }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(agenciesApi.page) });
    },
  });
}

export function useViews(range: { from: string; to: string }) {
  return useQuery({
    ...queryOf(analyticsApi.views, { query: range }),
    placeholderData: keepPreviousData,
  });
}

/** Tells the server a public page was opened, with where the visitor came from. Best effort. */
export function recordView(profileId: string): void {
  const utmSource = new URLSearchParams(window.location.search).get("utm_source") ?? undefined;
  const referrer = document.referrer || undefined;
  void call(analyticsApi.recordView, {
    body: { profileId, referrer, utmSource: utmSource?.slice(0, 100) },
    skipSessionExpiry: true,
  }).catch(() => undefined);
}

export function useModerationQueue(status: z.output<typeof ReviewStatus> | null, page: number) {
  return useQuery({
    ...queryOf(reviewsApi.listForModeration, {
      query: { page, pageSize: 20, status: status ?? undefined },
    }),
    placeholderData: keepPreviousData,
  });
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: "approved" | "rejected" | "delete" }) => {
      if (action === "delete") await call(reviewsApi.remove, { params: { id } });
      else await call(reviewsApi.moderate, { params: { id }, body: { status: action } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(reviewsApi.listForModeration) }),
  });
}

/** Requests from the matchmaker's agency page, newest first. */
export function useLeads() {
  return useQuery(queryOf(agenciesApi.leads, { query: { pageSize: 20 } }));
}

/** Invites the person behind a lead (a client of the matchmaker), or dismisses the lead. */
export function useLeadAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: "invite" | "dismiss" }) => {
      if (action === "invite") await call(agenciesApi.inviteLead, { params: { id } });
      else await call(agenciesApi.dismissLead, { params: { id } });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(agenciesApi.leads) });
      invalidateClients(queryClient);
    },
  });
}
