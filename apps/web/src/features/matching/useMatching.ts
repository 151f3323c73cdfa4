import type {
  AdviceView,
  CandidateItem,
  CandidateMarkBody,
  CandidateMarkView,
  ClientListItem,
  CompatibilityPriceView,
  CompatibilityRunView,
  IntroductionAction,
  IntroductionView,
  MyCandidatesView,
  PartnerLinkBody,
  PartnerLinkView,
} from "@matchdesk/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const CANDIDATES_PAGE_SIZE = 12;
const matchingKey = ["matching"] as const;

export type CandidateFilters = {
  priority: "yes" | "maybe" | "no" | "none" | null;
  interaction: "none" | "awaiting_response" | "match" | "rejected" | null;
  source: "own" | "shared" | null;
  page: number;
};

/** The clients a matchmaker may pick (complete ones are the ones that can be matched). */
export function useMatchableClients() {
  return useQuery({
    queryKey: [...matchingKey, "clients"],
    queryFn: ({ signal }) => api<Page<ClientListItem>>("/api/clients?pageSize=100", { signal }),
  });
}

export function candidatesPath(clientId: string, f: CandidateFilters): string {
  const params = new URLSearchParams({ page: String(f.page), pageSize: String(CANDIDATES_PAGE_SIZE) });
  if (f.priority) params.set("priority", f.priority);
  if (f.interaction) params.set("interaction", f.interaction);
  if (f.source) params.set("source", f.source);
  return `/api/clients/${encodeURIComponent(clientId)}/candidates?${params}`;
}

export function useCandidates(clientId: string | null, f: CandidateFilters) {
  return useQuery({
    queryKey: [...matchingKey, "candidates", clientId, f],
    queryFn: ({ signal }) => api<Page<CandidateItem>>(candidatesPath(clientId!, f), { signal }),
    enabled: Boolean(clientId),
    placeholderData: keepPreviousData,
  });
}

export function useMarkCandidate(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ candidateId, body }: { candidateId: string; body: CandidateMarkBody }) =>
      api<CandidateMarkView>(
        `/api/clients/${encodeURIComponent(clientId)}/candidates/${encodeURIComponent(candidateId)}`,
        { method: "PUT", body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...matchingKey, "candidates", clientId] }),
  });
}

export function usePrice(clientId: string | null, isEnabled: boolean) {
  return useQuery({
    queryKey: [...matchingKey, "price", clientId],
    queryFn: ({ signal }) =>
      api<CompatibilityPriceView>(`/api/matching/price?clientId=${encodeURIComponent(clientId!)}`, {
        signal,
      }),
    enabled: Boolean(clientId) && isEnabled,
    staleTime: 0,
  });
}

export function useRunCompatibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientId: string; candidateId: string }) =>
      api<CompatibilityRunView>("/api/matching/compatibility", { method: "POST", body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: matchingKey });
      void queryClient.invalidateQueries({ queryKey: ["credits"] });
    },
  });
}

export function useResults(clientId: string | null) {
  return useQuery({
    queryKey: [...matchingKey, "results", clientId],
    queryFn: ({ signal }) =>
      api<Page<CompatibilityRunView>>(
        `/api/matching/results?clientId=${encodeURIComponent(clientId!)}&pageSize=50`,
        {
          signal,
        },
      ),
    enabled: Boolean(clientId),
  });
}

export function useIntroductions() {
  return useQuery({
    queryKey: [...matchingKey, "introductions"],
    queryFn: ({ signal }) => api<Page<IntroductionView>>("/api/introductions?pageSize=100", { signal }),
  });
}

export function useProposeIntroduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientId: string; candidateId: string }) =>
      api<IntroductionView>("/api/introductions", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matchingKey }),
  });
}

export function useIntroductionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: IntroductionAction }) =>
      api<IntroductionView>(`/api/introductions/${encodeURIComponent(id)}/${action}`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matchingKey }),
  });
}

export function useAdvice() {
  return useMutation({
    mutationFn: (body: { question: string; clientId?: string }) =>
      api<AdviceView>("/api/ai/advice", { method: "POST", body }),
  });
}

/** INVITEE: the candidates their matchmaker shares with them. */
export function useMyCandidates() {
  return useQuery({
    queryKey: ["me", "candidates"],
    queryFn: ({ signal }) => api<MyCandidatesView>("/api/me/candidates", { signal }),
  });
}

const partnerKey = ["me", "partner"] as const;

/** The caller's link to the partner app: SM ID, reported likes, and whether the hint applies. */
export function usePartnerLink() {
  return useQuery({
    queryKey: partnerKey,
    queryFn: ({ signal }) => api<PartnerLinkView>("/api/me/partner", { signal }),
  });
}

export function useSavePartnerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerLinkBody) => api<PartnerLinkView>("/api/me/partner", { method: "PUT", body }),
    onSuccess: (view) => queryClient.setQueryData(partnerKey, view),
  });
}
