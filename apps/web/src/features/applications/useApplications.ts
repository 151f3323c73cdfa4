import {
  type ApplicationStatus,
  type ApplyBody,
  applicationsApi,
  type ContactBody,
} from "@matchdesk/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, queryKeyOf, queryOf } from "../../lib/api";

export const INBOX_PAGE_SIZE = 20;

/** "Apply as a matchmaker": the application waits in the admins' inbox. */
export function useApply() {
  return useMutation({ mutationFn: (body: ApplyBody) => call(applicationsApi.apply, { body }) });
}

/** The contact form: the message waits in the admins' inbox, and they get a copy by e-mail. */
export function useContact() {
  return useMutation({ mutationFn: (body: ContactBody) => call(applicationsApi.contact, { body }) });
}

export function useApplications(status: ApplicationStatus | null, page: number) {
  return useQuery({
    ...queryOf(applicationsApi.list, {
      query: { page, pageSize: INBOX_PAGE_SIZE, status: status ?? undefined },
    }),
    placeholderData: keepPreviousData,
  });
}

export function useContactMessages(page: number) {
  return useQuery({
    ...queryOf(applicationsApi.contactMessages, { query: { page, pageSize: INBOX_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** Approves (the matchmaker account and its welcome e-mail) or declines (a polite e-mail). */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "approve" | "decline" }) =>
      call(action === "approve" ? applicationsApi.approve : applicationsApi.decline, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(applicationsApi.list) }),
  });
}
