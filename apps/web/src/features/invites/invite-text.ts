import type { InviteView } from "@matchdesk/contract";

/** "Anna Volkova": the inviting person's name as the registration page shows it. */
export function inviterName(invite: Pick<InviteView, "inviter">): string {
  return [invite.inviter.firstName, invite.inviter.lastName].filter(Boolean).join(" ").trim();
}

/** The terms a registration through this invite accepts: the client's or the matchmaker's. */
export function termsPathFor(grantsRole: InviteView["grantsRole"]): string {
  return grantsRole === "INVITER" ? "/matcher-terms" : "/client-terms";
}
