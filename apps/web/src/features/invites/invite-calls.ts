import { type InviteView, invitesApi } from "@matchdesk/contract";
import { call } from "../../lib/api";

/** Whose invite a code is and what it grants; the registration page asks before anything else. */
export function lookUpInvite(code: string): Promise<InviteView> {
  // Public: a 401 here would not mean an expired session.
  return call(invitesApi.get, { params: { code }, skipSessionExpiry: true });
}
