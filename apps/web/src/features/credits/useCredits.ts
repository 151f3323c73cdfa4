import type {
  AddCreditsBody,
  AddCreditsView,
  AdminSubscriptionBody,
  CheckoutView,
  CreditsView,
  CreditTransactionView,
  PaymentView,
  PurchaseSubscriptionBody,
  PurchaseSubscriptionView,
  SubscriptionView,
  UsageView,
} from "@matchdesk/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const TRANSACTIONS_PAGE_SIZE = 20;
const creditsKey = ["credits"] as const;
const adminBillingKey = ["admin", "billing"] as const;

/** GET /api/credits: the caller's balance. */
export function useCredits() {
  return useQuery({
    queryKey: [...creditsKey, "balance"],
    queryFn: ({ signal }) => api<CreditsView>("/api/credits", { signal }),
  });
}

/** GET /api/credits/transactions: the caller's history, newest first. */
export function useTransactions(page: number) {
  return useQuery({
    queryKey: [...creditsKey, "transactions", page],
    queryFn: ({ signal }) =>
      api<Page<CreditTransactionView>>(
        `/api/credits/transactions?page=${page}&pageSize=${TRANSACTIONS_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSubscription() {
  return useQuery({
    queryKey: [...creditsKey, "subscription"],
    queryFn: ({ signal }) => api<SubscriptionView>("/api/subscriptions/me", { signal }),
  });
}

export function useMyPayments() {
  return useQuery({
    queryKey: [...creditsKey, "payments"],
    queryFn: ({ signal }) => api<Page<PaymentView>>("/api/payments?status=pending", { signal }),
  });
}

/** Everything the credits page shows is refreshed after any change. */
function useRefreshCredits() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: creditsKey });
    void queryClient.invalidateQueries({ queryKey: adminBillingKey });
  };
}

export function usePurchaseSubscription() {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (body: PurchaseSubscriptionBody) =>
      api<PurchaseSubscriptionView>("/api/subscriptions", { method: "POST", body }),
    onSuccess: refresh,
  });
}

export function useCancelSubscription() {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: () => api<SubscriptionView>("/api/subscriptions/me", { method: "DELETE" }),
    onSuccess: refresh,
  });
}

export function useCheckout() {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (product: string) =>
      api<CheckoutView>("/api/payments/checkout", { method: "POST", body: { product } }),
    onSuccess: refresh,
  });
}

export function useCancelPayment() {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (id: string) =>
      api<PaymentView>(`/api/payments/${encodeURIComponent(id)}/cancel`, { method: "POST" }),
    onSuccess: refresh,
  });
}

/** Admins: credits spent per day and type. */
export function useUsage(days: number, enabled: boolean) {
  return useQuery({
    queryKey: [...adminBillingKey, "usage", days],
    queryFn: ({ signal }) => api<UsageView>(`/api/admin/usage?days=${days}`, { signal }),
    enabled,
  });
}

export function usePendingPayments(enabled: boolean) {
  return useQuery({
    queryKey: [...adminBillingKey, "payments"],
    queryFn: ({ signal }) =>
      api<Page<PaymentView>>("/api/admin/payments?status=pending&pageSize=50", { signal }),
    enabled,
  });
}

export function useConfirmPayment() {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (id: string) =>
      api<PaymentView>(`/api/admin/payments/${encodeURIComponent(id)}/confirm`, { method: "POST" }),
    onSuccess: refresh,
  });
}

export function useUserCredits(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...adminBillingKey, "credits", userId],
    queryFn: ({ signal }) =>
      api<CreditsView>(`/api/admin/users/${encodeURIComponent(userId)}/credits`, { signal }),
    enabled,
  });
}

export function useUserSubscription(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...adminBillingKey, "subscription", userId],
    queryFn: ({ signal }) =>
      api<SubscriptionView>(`/api/admin/users/${encodeURIComponent(userId)}/subscription`, { signal }),
    enabled,
  });
}

export function useAddCredits(userId: string) {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (body: AddCreditsBody) =>
      api<AddCreditsView>(`/api/admin/users/${encodeURIComponent(userId)}/credits`, { method: "POST", body }),
    onSuccess: refresh,
  });
}

export function useSetUserSubscription(userId: string) {
  const refresh = useRefreshCredits();
  return useMutation({
    mutationFn: (body: AdminSubscriptionBody) =>
      api<SubscriptionView>(`/api/admin/users/${encodeURIComponent(userId)}/subscription`, {
        method: "PUT",
        body,
      }),
    onSuccess: refresh,
  });
}
