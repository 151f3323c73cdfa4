import { endpoint } from "../endpoint.js";
import { RecordViewBody, ViewsQuery, ViewsView } from "../marketplace.js";

const tag = "analytics";

/** Views of public pages (SPEC 3 view analytics): counted when a page opens, summed for its owner and admins. */
export const analyticsApi = {
  /** Public pages call this when they open, passing the page's referrer and utm_source along. */
  recordView: endpoint({
    method: "POST",
    path: "/api/analytics/views",
    access: "public",
    tag,
    body: RecordViewBody,
    response: "none",
  }),
  views: endpoint({
    method: "GET",
    path: "/api/analytics/views",
    access: ["ADMIN", "INVITER", "INVITEE"],
    tag,
    query: ViewsQuery,
    response: ViewsView,
  }),
};
