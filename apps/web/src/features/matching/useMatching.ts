import {
  type AdviceBody,
  type CandidateMarkBody,
  type CompatibilityBody,
  clientsApi,
  type EndpointSpec,
  type IntroductionBody,
  matchingApi,
  type PartnerLinkBody,
  partnerApi,
} from "@matchdesk/contract";
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call, queryKeyOf, queryOf } from "../../lib/api";
import { invalidateCredits } from "../credits/useCredits";
import { CANDIDATES_PAGE_SIZE, type CandidateFilters } from "./candidates-query";

/** Every matching answer a check or an introduction may change: prices, results, candidates, introductions. */
const MATCHING: readonly EndpointSpec[] = [
  matchingApi.price,
  matchingApi.results,
  matchingApi.candidates,
  matchingApi.introductions,
];

function invalidateMatching(queryClient: QueryClient) {
  for (const def of MATCHING) void queryClient.invalidateQueries({ queryKey: queryKeyOf(def) });
}

/** The clients a matchmaker may pick (complete ones are the ones that can be matched). */
export function useMatchableClients() {
  return useQuery(queryOf(clientsApi.list, { query: { pageSize: 100 } }));
}

/** One client by id: the picker's label for a client linked to but beyond the list's first page. */
export function useClientOption(clientId: string | null, isEnabled: boolean) {
  return useQuery({
    ...queryOf(clientsApi.get, { params: { id: clientId ?? "" } }),
    enabled: Boolean(clientId) && isEnabled,
  });
}

/** A candidate's shared profile (their display settings applied), loaded when the drawer opens. */
export function useCandidateProfile(clientId: string, candidateId: string | null) {
  return useQuery({
    ...queryOf(matchingApi.candidateProfile, { params: { id: clientId, candidateId: candidateId ?? "" } }),
    enabled: Boolean(candidateId),
  });
}

export function useCandidates(clientId: string | null, filters: CandidateFilters) {
  return useQuery({
    ...queryOf(matchingApi.candidates, {
      params: { id: clientId ?? "" },
      query: { ...filters, pageSize: CANDIDATES_PAGE_SIZE },
    }),
    enabled: Boolean(clientId),
    placeholderData: keepPreviousData,
  });
}

export function useMarkCandidate(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ candidateId, body }: { candidateId: string; body: CandidateMarkBody }) =>
      call(matchingApi.markCandidate, { params: { id: clientId, candidateId }, body }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeyOf(matchingApi.candidates, { params: { id: clientId } }),
      }),
  });
}

export function usePrice(clientId: string | null, isEnabled: boolean) {
  return useQuery({
    ...queryOf(matchingApi.price, { query: { clientId: clientId ?? undefined } }),
    enabled: Boolean(clientId) && isEnabled,
    staleTime: 0,
  });
}

export function useRunCompatibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompatibilityBody) => call(matchingApi.compatibility, { body }),
    onSuccess: () => {
      invalidateMatching(queryClient);
      // A paid check moves the balance.
      invalidateCredits(queryClient);
    },
  });
}

export function useResults(clientId: string | null) {
  return useQuery({
    ...queryOf(matchingApi.results, { query: { clientId: clientId ?? "", pageSize: 50 } }),
    enabled: Boolean(clientId),
  });
}

export function useProposeIntroduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntroductionBody) => call(matchingApi.proposeIntroduction, { body }),
    onSuccess: () => invalidateMatching(queryClient),
  });
}

export function useAdvice() {
  return useMutation({ mutationFn: (body: AdviceBody) => call(matchingApi.advice, { body }) });
}

/** INVITEE: the candidates their matchmaker shares with them. */
export function useMyCandidates() {
  return useQuery(queryOf(matchingApi.myCandidates));
}

/** The caller's link to the partner app: SM ID, reported likes, and whether the hint applies. */
export function usePartnerLink() {
  return useQuery(queryOf(partnerApi.link));
}

export function useSavePartnerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerLinkBody) => call(partnerApi.setLink, { body }),
    onSuccess: (view) => queryClient.setQueryData(queryKeyOf(partnerApi.link), view),
  });
}

/** How well past scores predicted what happened: the agency's, or the marketplace's for an admin. */
export function useScoreValidity() {
  return useQuery(queryOf(matchingApi.validity));
}
