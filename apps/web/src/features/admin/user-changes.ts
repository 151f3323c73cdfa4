import type { UpdateUserBody } from "@matchdesk/contract";
import { assertNever } from "../../lib/assert-never";

/** What a row action changes; each has its own success notice and SPEC 8 failure text. */
export type UserChange =
  | { kind: "status"; status: "active" | "inactive" }
  | { kind: "verification"; verified: boolean }
  | { kind: "search"; participatesInSearch: boolean }
  | { kind: "notifications"; emailNotifications: boolean }
  | { kind: "aiMatching"; aiMatchingEnabled: boolean };

export function changeBody(change: UserChange): UpdateUserBody {
  switch (change.kind) {
    case "status":
      return { status: change.status };
    case "verification":
      return { verified: change.verified };
    case "search":
      return { participatesInSearch: change.participatesInSearch };
    case "notifications":
      return { emailNotifications: change.emailNotifications };
    case "aiMatching":
      return { aiMatchingEnabled: change.aiMatchingEnabled };
    default:
      return assertNever(change);
  }
}

/** Catalog keys of a change's notices: `users.done.*` on success, `users.failed.*` on failure. */
export function changeNoticeKeys(change: UserChange): { success: string; failure: string } {
  switch (change.kind) {
    case "status":
      return {
        success: change.status === "active" ? "users.done.activated" : "users.done.deactivated",
        failure: "users.failed.status",
      };
    case "verification":
      return {
        success: change.verified ? "users.done.verified" : "users.done.unverified",
        failure: "users.failed.verification",
      };
    case "search":
      return {
        success: change.participatesInSearch ? "users.done.searchOn" : "users.done.searchOff",
        failure: "users.failed.search",
      };
    case "notifications":
      return {
        success: change.emailNotifications ? "users.done.notificationsOn" : "users.done.notificationsOff",
        failure: "users.failed.notifications",
      };
    case "aiMatching":
      return {
        success: change.aiMatchingEnabled ? "users.done.aiMatchingOn" : "users.done.aiMatchingOff",
        failure: "users.failed.aiMatching",
      };
    default:
      return assertNever(change);
  }
}
