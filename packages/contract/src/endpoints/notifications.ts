import { NotificationList, ReadNotificationsBody, ReadNotificationsResult } from "../chat.js";
import { PageQuery } from "../common.js";
import { endpoint } from "../endpoint.js";

const everyone = ["ADMIN", "INVITER", "INVITEE"] as const;
const tag = "notifications";

/** The signed-in user's notifications (the bell), newest first, with the unread count. */
export const notificationsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/notifications",
    access: everyone,
    tag,
    query: PageQuery,
    response: NotificationList,
  }),
  markRead: endpoint({
    method: "POST",
    path: "/api/notifications/read",
    access: everyone,
    tag,
    body: ReadNotificationsBody,
    response: ReadNotificationsResult,
  }),
};
