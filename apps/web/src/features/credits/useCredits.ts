import {
  type AddCreditsBody,
  type AdminSubscriptionBody,
  creditsApi,
  type EndpointSpec,
  type PaymentInstructionsBody,
  type ProductId,
  type PurchaseSubscriptionBody,
  paymentsApi,
  subscriptionsApi,
} from "@matchdesk/contract";
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call, queryKeyOf, queryOf } from "../../lib/api";

export const TRANSACTIONS_PAGE_SIZE = 20;

/** The caller's own answers: balance, history, subscription, pending payments. */
const OWN: readonly EndpointSpec[] = [
  creditsApi.balance,
  creditsApi.transactions,
  subscriptionsApi.mine,
  paymentsApi.mine,
  paymentsApi.instructions,
];
/** What an administrator sees of everyone's: usage, pending payments, a user's credits and plan. */
const ADMIN_BILLING: readonly EndpointSpec[] = [
  creditsApi.usage,
  paymentsApi.list,
  creditsApi.userBalance,
  subscriptionsApi.ofUser,
];

/** After a change elsewhere that moves the caller's credits (a paid compatibility check). */
export function invalidateCredits(queryClient: QueryClient) {
  for (const def of OWN) void queryClient.invalidateQueries({ queryKey: queryKeyOf(def) });
}

/** The caller's balance. */
export function useCredits() {
  return useQuery(queryOf(creditsApi.balance));
}

/** The caller's history, newest first. */
export function useTransactions(page: number) {
  return useQuery({
    ...queryOf(creditsApi.transactions, { query: { page, pageSize: TRANSACTIONS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useSubscription() {
  return useQuery(queryOf(subscriptionsApi.mine));
}

export const MY_PAYMENTS_PAGE_SIZE = 10;

/** The caller's latest payment requests, of any status: their invoice numbers and what became of them. */
export function useMyPayments() {
  return useQuery(queryOf(paymentsApi.mine, { query: { pageSize: MY_PAYMENTS_PAGE_SIZE } }));
}

/** How to pay a manual request, as an administrator wrote it ("" when not set). */
export function usePaymentInstructions(enabled = true) {
  return useQuery({ ...queryOf(paymentsApi.instructions), enabled });
}

export function useSetPaymentInstructions() {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (body: PaymentInstructionsBody) => call(paymentsApi.setInstructions, { body }),
    onSuccess: refresh,
  });
}

/** Everything the credits page shows is refreshed after any change. */
function useRefreshCredits() {
  const queryClient = useQueryClient();
  return () => {
    for (const def of [...OWN, ...ADMIN_BILLING]) {
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(def) });
    }
  };
}

export function usePurchaseSubscription() {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (body: PurchaseSubscriptionBody) => call(subscriptionsApi.purchase, { body }),
    onSuccess: refresh,
  });
}

export function useCancelSubscription() {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: () => call(subscriptionsApi.cancel),
    onSuccess: refresh,
  });
}

export function useCheckout() {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (product: ProductId) => call(paymentsApi.checkout, { body: { product } }),
    onSuccess: refresh,
  });
}

export function useCancelPayment() {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (id: string) => call(paymentsApi.cancel, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Admins: credits spent per day and type. */
export function useUsage(days: number, enabled: boolean) {
  return useQuery({ ...queryOf(creditsApi.usage, { query: { days } }), enabled });
}

export function usePendingPayments(enabled: boolean) {
  return useQuery({ ...queryOf(paymentsApi.list, { query: { status: "pending", pageSize: 50 } }), enabled });
}

export function useConfirmPayment() {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (id: string) => call(paymentsApi.confirm, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useUserCredits(userId: string, enabled: boolean) {
  return useQuery({ ...queryOf(creditsApi.userBalance, { params: { id: userId } }), enabled });
}

export function useUserSubscription(userId: string, enabled: boolean) {
  return useQuery({ ...queryOf(subscriptionsApi.ofUser, { params: { id: userId } }), enabled });
}

export function useAddCredits(userId: string) {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (body: AddCreditsBody) => call(creditsApi.add, { params: { id: userId }, body }),
    onSuccess: refresh,
  });
}

export function useSetUserSubscription(userId: string) {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (body: AdminSubscriptionBody) =>
      call(subscriptionsApi.setForUser, { params: { id: userId }, body }),
    onSuccess: refresh,
  });
}
