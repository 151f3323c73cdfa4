import {
  agenciesApi,
  type CreatePackageBody,
  type Currency,
  clientPackagesApi,
  type PausePackageBody,
} from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, queryKeyOf, queryOf } from "../../lib/api";
import { useAuth } from "../auth/auth-store";

/** How many running packages the dashboard card lists; the rest are a click away on each client. */
export const OVERVIEW_PAGE_SIZE = 8;

/** A client's packages, newest first (matchmaker, admin). */
export function useClientPackages(clientId: string) {
  return useQuery(queryOf(clientPackagesApi.list, { params: { id: clientId } }));
}

/** The signed-in client's own packages. */
export function useMyPackages() {
  return useQuery(queryOf(clientPackagesApi.mine));
}

/** The running packages of the matchmaker's clients, behind schedule first. */
export function usePackagesOverview() {
  return useQuery(queryOf(clientPackagesApi.overview, { query: { pageSize: OVERVIEW_PAGE_SIZE } }));
}

/** After a package changed: the client's list and the dashboard's overview. */
function useRefresh(clientId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({
      queryKey: queryKeyOf(clientPackagesApi.list, { params: { id: clientId } }),
    });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(clientPackagesApi.overview) });
  };
}

export function useCreatePackage(clientId: string) {
  const refresh = useRefresh(clientId);
  return useMutation({
    mutationFn: (body: CreatePackageBody) =>
      call(clientPackagesApi.create, { params: { id: clientId }, body }),
    onSuccess: refresh,
  });
}

export function usePausePackage(clientId: string) {
  const refresh = useRefresh(clientId);
  return useMutation({
    mutationFn: ({ packageId, body }: { packageId: string; body: PausePackageBody }) =>
      call(clientPackagesApi.pause, { params: { id: clientId, packageId }, body }),
    onSuccess: refresh,
  });
}

/** The currency a new package starts with: the matchmaker's agency's, else US dollars. */
export function useDefaultCurrency(): Currency {
  const { user } = useAuth();
  const agency = useQuery({ ...queryOf(agenciesApi.me), enabled: user?.role === "INVITER" });
  return agency.data?.currency ?? "USD";
}
