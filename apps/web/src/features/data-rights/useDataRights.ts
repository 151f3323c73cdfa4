import {
  type ConsentKind,
  type DataExport,
  dataRightsApi,
  type RetentionSettings,
} from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, queryKeyOf, queryOf } from "../../lib/api";

/** Who viewed or changed a client's data, newest first (matchmaker, admin). */
export function useAccessLog(clientId: string, page: number) {
  return useQuery(
    queryOf(dataRightsApi.accessLog, { params: { id: clientId }, query: { page, pageSize: 20 } }),
  );
}

/** The signed-in client's summary of who viewed or changed their data. */
export function useMyAccessSummary() {
  return useQuery(queryOf(dataRightsApi.mySummary));
}

/** Saves the document as a JSON file the browser downloads. */
function download(doc: DataExport) {
  const blob = new Blob([JSON.stringify(doc, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `matchdesk-data-${doc.account.id}-${doc.generatedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A client's export for their matchmaker; the export is itself a view, so the log is read again. */
export function useExportClient(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(dataRightsApi.exportClient, { params: { id: clientId } }),
    onSuccess: (doc) => {
      download(doc);
      void queryClient.invalidateQueries({
        queryKey: queryKeyOf(dataRightsApi.accessLog, { params: { id: clientId } }),
      });
    },
  });
}

/** The signed-in client's own export. */
export function useExportMine() {
  return useMutation({
    mutationFn: () => call(dataRightsApi.exportMine),
    onSuccess: download,
  });
}

/**
 * Erases a client (their matchmaker, an admin; GDPR art. 17). Every cached query is dropped
 * afterwards: lists, introductions and candidates may all have shown the person.
 */
export function useEraseClient(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(dataRightsApi.eraseClient, { params: { id: clientId }, body: { confirm: true } }),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes(clientId) });
      void queryClient.invalidateQueries();
    },
  });
}

/** The signed-in client erases themselves; the caller signs them out locally afterwards. */
export function useEraseMine() {
  return useMutation({
    mutationFn: () => call(dataRightsApi.eraseMine, { body: { confirm: true } }),
  });
}

/** The signed-in client's consents (shared search, public profile) and their ledger. */
export function useMyConsents() {
  return useQuery(queryOf(dataRightsApi.myConsents));
}

/** Withdraws one of the client's consents; the answer is the consents as they are now. */
export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: ConsentKind) => call(dataRightsApi.withdrawConsent, { params: { kind } }),
    onSuccess: (view) => queryClient.setQueryData(queryKeyOf(dataRightsApi.myConsents), view),
  });
}

/** A client's consents (shared search, public profile) and their ledger, for their matchmaker. */
export function useClientConsents(clientId: string) {
  return useQuery(queryOf(dataRightsApi.clientConsents, { params: { id: clientId } }));
}

/** The matchmaker's retention of inactive clients (months, or null: off). */
export function useRetentionSettings() {
  return useQuery(queryOf(dataRightsApi.retentionSettings));
}

/** Saves the retention setting; every client's retention is read again. */
export function useSaveRetentionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionSettings) => call(dataRightsApi.saveRetentionSettings, { body }),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeyOf(dataRightsApi.retentionSettings), view);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(dataRightsApi.clientRetention) });
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(dataRightsApi.retentionDue) });
    },
  });
}

/** The matchmaker's clients warned and due for erasure for inactivity, the soonest first. */
export function useRetentionDue() {
  return useQuery(queryOf(dataRightsApi.retentionDue));
}

/** A client under the retention setting: last activity, erasure date, kept or not. */
export function useClientRetention(clientId: string) {
  return useQuery(queryOf(dataRightsApi.clientRetention, { params: { id: clientId } }));
}

/** Keeps a client (never erased for inactivity), or lets the setting apply again. */
export function useSetClientRetention(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keep: boolean) =>
      call(dataRightsApi.setClientRetention, { params: { id: clientId }, body: { keep } }),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeyOf(dataRightsApi.clientRetention, { params: { id: clientId } }), view);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(dataRightsApi.retentionDue) });
    },
  });
}
