import type { NotificationView } from "@matchdesk/contract";
import { assertNever } from "../../lib/assert-never";
import { clientPath } from "../../lib/paths";

/** The page a notification leads to, when there is one yet. */
export function notificationLink(item: Pick<NotificationView, "kind" | "params">): string | null {
  switch (item.kind) {
    case "client_registered":
      return typeof item.params.clientId === "string" ? clientPath(item.params.clientId) : null;
    case "review_pending":
      return "/admin/reviews";
    case "introduction_proposed":
    case "introduction_accepted":
    case "introduction_rejected":
    case "profile_password_attempts":
    case "introduction_cancelled":
    case "introduction_client_yes":
    case "introduction_client_no":
    case "introduction_introduced":
    case "introduction_declined":
    case "introduction_expired":
    case "introduction_client_silent":
    case "introduction_date_set":
    case "introduction_date_confirmed":
    case "introduction_date_reschedule":
    case "introduction_feedback_received":
    case "introduction_second_date":
    case "introduction_ended":
    case "introduction_ask_reminder":
    case "introduction_expired_unasked":
      return typeof item.params.clientId === "string" ? clientPath(item.params.clientId) : null;
    case "client_retention_warning":
      return typeof item.params.clientId === "string" ? `${clientPath(item.params.clientId)}?tab=data` : null;
    case "client_retention_digest":
      return "/admin/profile/advanced";
    case "webhook_disabled":
      return "/admin/integrations";
    case "review_approved":
    case "agency_lead":
    case "credits_added":
    case "subscription_expiring":
      return null;
    // A client's own introductions are on their portal's first page.
    case "introduction_question":
    case "introduction_both_yes":
    case "introduction_date_planned":
    case "introduction_date_reminder":
    case "introduction_feedback_requested":
      return "/admin/dashboard";
    default:
      return assertNever(item.kind);
  }
}
