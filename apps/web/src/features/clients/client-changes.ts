import { type ClientListItem, clientsApi } from "@matchdesk/contract";
import { call } from "../../lib/api";
import { assertNever } from "../../lib/assert-never";

/** What a client row action changes; each has its own success notice and failure title. */
export type ClientChange =
  | { kind: "verification"; verified: boolean }
  | { kind: "search"; participates: boolean }
  | { kind: "status"; status: "active" | "inactive" | "approved" | "pending" };

/** Sends a change: each kind has its own endpoint. */
export function changeRequest(clientId: string, change: ClientChange): Promise<ClientListItem> {
  const params = { id: clientId };
  switch (change.kind) {
    case "verification":
      return call(clientsApi.setVerification, { params, body: { verified: change.verified } });
    case "search":
      return call(clientsApi.setSearch, { params, body: { participates: change.participates } });
    case "status":
      return call(clientsApi.setStatus, { params, body: { status: change.status } });
    default:
      return assertNever(change);
  }
}

/** Catalog keys of a change's notices: `clients.done.*` on success, `clients.failed.*` on failure. */
export function changeNoticeKeys(change: ClientChange): { success: string; failure: string } {
  switch (change.kind) {
    case "verification":
      return {
        success: change.verified ? "clients.done.verified" : "clients.done.unverified",
        failure: "clients.failed.verification",
      };
    case "search":
      return {
        success: change.participates ? "clients.done.searchOn" : "clients.done.searchOff",
        failure: "clients.failed.search",
      };
    case "status":
      return { success: `clients.done.${change.status}`, failure: "clients.failed.status" };
    default:
      return assertNever(change);
  }
}

type ActionState = Pick<
  ClientListItem,
  "isVerified" | "participatesInSearch" | "isActive" | "profileStatus" | "hasRegistered"
>;

/** Which actions a client offers, by their state: the opposite of each switch, approval when it applies. */
export function availableActions(client: ActionState) {
  return {
    verification: { verified: !client.isVerified },
    search: { participates: !client.participatesInSearch },
    activity: client.isActive ? ("inactive" as const) : ("active" as const),
    // Only a complete questionnaire can be approved; an approved one can be sent back to pending.
    approval:
      client.profileStatus === "complete"
        ? ("approved" as const)
        : client.profileStatus === "approved"
          ? ("pending" as const)
          : null,
    canResendInvite: !client.hasRegistered,
  };
}

export function clientName(
  client: Pick<ClientListItem, "firstName" | "lastName" | "email" | "phone">,
): string {
  return [client.firstName, client.lastName].join(" ").trim() || client.email || client.phone || "";
}
