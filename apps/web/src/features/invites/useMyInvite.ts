import { type CreateInviteBody, type InviteQrQuery, invitesApi } from "@matchdesk/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, href, queryOf } from "../../lib/api";
import { invalidateAdminUsers } from "../admin/useAdminUsers";

/** The signed-in matchmaker's (or admin's) invite code and link. */
export function useMyInvite() {
  return useQuery(queryOf(invitesApi.mine));
}

/** The invite link as a QR code image, to show or download. */
export const inviteQrHref = (format: InviteQrQuery["format"]) =>
  href(invitesApi.qr, { query: format === "png" ? {} : { format } });

/** Creates the account and e-mails the invitation (a client, or a matchmaker for an admin). */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInviteBody) => call(invitesApi.create, { body }),
    onSuccess: () => invalidateAdminUsers(queryClient),
  });
}
