import type { NotificationView } from "@matchdesk/contract";
import { assertNever } from "../../lib/assert-never";

/** The page a notification leads to, when there is one yet. */
export function notificationLink(item: Pick<NotificationView, "kind" | "params">): string | null {
  switch (item.kind) {
    case "client_registered":
      return typeof item.params.clientId === "string" ? `/invited-users/${item.params.clientId}` : null;
    case "review_pending":
      return "/admin/reviews";
    case "introduction_proposed":
    case "introduction_accepted":
    case "introduction_rejected":
    case "profile_password_attempts":
      return typeof item.params.clientId === "string" ? `/invited-users/${item.params.clientId}` : null;
    case "review_approved":
    case "agency_lead":
    case "credits_added":
    case "subscription_expiring":
      return null;
    default:
      return assertNever(item.kind);
  }
}
