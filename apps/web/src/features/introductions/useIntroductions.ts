import {
  type AnswerBody,
  type AskClientBody,
  clientsApi,
  type DateBody,
  type DateResponseBody,
  type EndpointSpec,
  type FeedbackBody,
  type IntroductionAction,
  type IntroductionSettings,
  type IntroductionsQuery,
  introductionsApi,
  matchingApi,
  type RecordFeedbackBody,
} from "@matchdesk/contract";
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call, queryKeyOf, queryOf } from "../../lib/api";

/** How many introductions one page of a workspace tab lists (the page the bench measures). */
export const WORKSPACE_PAGE_SIZE = 20;
/** How many clients the workspace's client filter offers (the API's largest page). */
const CLIENT_OPTIONS = 100;

/** Every answer a step of an introduction may change, for the matchmaker and for the client. */
const INTRODUCTION_ANSWERS: readonly EndpointSpec[] = [
  matchingApi.introductions,
  matchingApi.candidates,
  introductionsApi.introduction,
  introductionsApi.myIntroductions,
  introductionsApi.consentLedger,
];

export function invalidateIntroductions(queryClient: QueryClient) {
  for (const def of INTRODUCTION_ANSWERS) void queryClient.invalidateQueries({ queryKey: queryKeyOf(def) });
}

type ListFilters = Pick<IntroductionsQuery, "group" | "status" | "clientId" | "page">;

/** The clients to filter the workspace by. */
export function useManagedClients() {
  return useQuery(queryOf(clientsApi.list, { query: { pageSize: CLIENT_OPTIONS } }));
}

/**
 * The client the workspace is filtered by (a client's page links there), when the filter's first
 * page of clients does not hold them: the filter then still names them.
 */
export function useFilteredClient(clientId: string | undefined, isListed: boolean) {
  return useQuery({
    ...queryOf(clientsApi.get, { params: { id: clientId ?? "" } }),
    enabled: clientId !== undefined && !isListed,
  });
}

/** One tab of the workspace. */
export function useIntroductionList(filters: ListFilters) {
  return useQuery({
    ...queryOf(matchingApi.introductions, { query: { ...filters, pageSize: WORKSPACE_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** The introduction with its sides and timeline, fetched when its card is opened. */
export function useIntroductionDetail(id: string, isEnabled: boolean) {
  return useQuery({ ...queryOf(introductionsApi.introduction, { params: { id } }), enabled: isEnabled });
}

function useIntroductionMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateIntroductions(queryClient) });
}

/** Accept, reject or cancel (the matching endpoint's actions). */
export const useIntroductionAction = () =>
  useIntroductionMutation((params: { id: string; action: IntroductionAction }) =>
    call(matchingApi.actOnIntroduction, { params }),
  );

export const useAskClient = () =>
  useIntroductionMutation(({ id, body }: { id: string; body: AskClientBody }) =>
    call(introductionsApi.askClient, { params: { id }, body }),
  );

export const useSetDate = () =>
  useIntroductionMutation(({ id, body }: { id: string; body: DateBody }) =>
    call(introductionsApi.setDate, { params: { id }, body }),
  );

export const useRecordFeedback = () =>
  useIntroductionMutation(({ id, body }: { id: string; body: RecordFeedbackBody }) =>
    call(introductionsApi.recordFeedback, { params: { id }, body }),
  );

/** The other side's contacts: 403 CONSENT_REQUIRED until both clients said yes. */
export function useContacts(id: string, isEnabled: boolean) {
  return useQuery({
    ...queryOf(introductionsApi.contacts, { params: { id } }),
    enabled: isEnabled,
    // Each answer that shows contacts is written to the consent ledger: ask once per opening.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** What of a client was released, to whom and when. */
export function useConsentLedger(clientId: string) {
  return useQuery(queryOf(introductionsApi.consentLedger, { params: { id: clientId } }));
}

export function useIntroductionSettings(isEnabled: boolean) {
  return useQuery({ ...queryOf(introductionsApi.settings), enabled: isEnabled });
}

export function useSaveIntroductionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntroductionSettings) => call(introductionsApi.updateSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeyOf(introductionsApi.settings), saved),
  });
}

// The client's side (INVITEE).

export function useMyIntroductions() {
  return useQuery(queryOf(introductionsApi.myIntroductions));
}

export const useMyAnswer = () =>
  useIntroductionMutation(({ id, body }: { id: string; body: AnswerBody }) =>
    call(introductionsApi.myAnswer, { params: { id }, body }),
  );

export const useMyDateResponse = () =>
  useIntroductionMutation(({ id, body }: { id: string; body: DateResponseBody }) =>
    call(introductionsApi.myDateResponse, { params: { id }, body }),
  );

export const useMyFeedback = () =>
  useIntroductionMutation(({ id, body }: { id: string; body: FeedbackBody }) =>
    call(introductionsApi.myFeedback, { params: { id }, body }),
  );

// The one-click links of the e-mails (no sign-in: a 401 is the link's answer, not a lost session).

export function usePublicIntroduction(purpose: "answer" | "feedback", id: string, token: string) {
  const def = purpose === "answer" ? introductionsApi.publicQuestion : introductionsApi.publicFeedbackForm;
  return useQuery({
    ...queryOf(def, { params: { id }, query: { token }, skipSessionExpiry: true }),
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const answerByLink = (id: string, token: string, body: AnswerBody) =>
  call(introductionsApi.publicAnswer, { params: { id }, query: { token }, body, skipSessionExpiry: true });

export const feedbackByLink = (id: string, token: string, body: FeedbackBody) =>
  call(introductionsApi.publicFeedback, { params: { id }, query: { token }, body, skipSessionExpiry: true });
