import { z } from "zod";
import { CreateInviteBody, InviteCode, InviteQrQuery, InviteView, MyInviteView } from "../auth.js";
import { Id } from "../common.js";
import { endpoint } from "../endpoint.js";
import { UserView } from "../users.js";

const inviters = ["INVITER", "ADMIN"] as const;
const tag = "invites";

/** Invitations (SPEC section 2): a matchmaker's invite makes a client of theirs, an admin's a matchmaker. */
export const invitesApi = {
  mine: endpoint({
    method: "GET",
    path: "/api/invites/me",
    access: inviters,
    tag,
    response: MyInviteView,
  }),
  /** The caller's invite link as a QR code, to show (`<img>`) or download. */
  qr: endpoint({
    method: "GET",
    path: "/api/invites/me/qr.png",
    access: inviters,
    tag,
    query: InviteQrQuery,
    response: "file",
  }),
  /** What the registration page shows before asking anything. */
  get: endpoint({
    method: "GET",
    path: "/api/invites/:code",
    access: "public",
    tag,
    params: z.object({ code: InviteCode }),
    response: InviteView,
  }),
  /** Creates the invited client's account and e-mails the invitation. Admins create matchmakers through the admin API. */
  create: endpoint({
    method: "POST",
    path: "/api/invites",
    access: ["INVITER"],
    tag,
    body: CreateInviteBody,
    response: UserView,
    status: 201,
  }),
  /** The invitation e-mail again, for a client who has not registered yet. */
  resendInvite: endpoint({
    method: "POST",
    path: "/api/clients/:id/resend-invite",
    audit: { action: "change", param: "id" },
    access: inviters,
    tag,
    params: z.object({ id: Id }),
    response: "none",
  }),
};
