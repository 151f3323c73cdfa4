import {
  type AcceptRecalibrationBody,
  type DismissRecalibrationBody,
  type RecalibrationView,
  recalibrationApi,
} from "@matchdesk/contract";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, call, queryKeyOf, queryOf } from "../../lib/api";
import { profileKey } from "../profile/useProfile";

const byId = (id: string) => ({ params: { id } });

/** A client's declines by reason and, when due, the proposed recalibration. */
export function useRecalibration(clientId: string) {
  return useQuery(queryOf(recalibrationApi.get, byId(clientId)));
}

function settle(queryClient: QueryClient, clientId: string) {
  return {
    onSuccess: (view: RecalibrationView) =>
      queryClient.setQueryData(queryKeyOf(recalibrationApi.get, byId(clientId)), view),
    // A new decline or an edited preference changed the proposal: show the one due now.
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeyOf(recalibrationApi.get, byId(clientId)) });
      }
    },
  };
}

/** Applies the proposal (all changes or the chosen ones) to the client's preferences. */
export function useAcceptRecalibration(clientId: string) {
  const queryClient = useQueryClient();
  const { onSuccess, onError } = settle(queryClient, clientId);
  return useMutation({
    mutationFn: (body: AcceptRecalibrationBody) => call(recalibrationApi.accept, { ...byId(clientId), body }),
    onSuccess: (view) => {
      onSuccess(view);
      // The questionnaire's preferences changed.
      void queryClient.invalidateQueries({ queryKey: profileKey(clientId) });
    },
    onError,
  });
}

/** Hides the proposal until the client's next decline. */
export function useDismissRecalibration(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DismissRecalibrationBody) =>
      call(recalibrationApi.dismiss, { ...byId(clientId), body }),
    ...settle(queryClient, clientId),
  });
}
