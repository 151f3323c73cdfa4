import { urlFilters } from "../../lib/url-filters";
import { workspaceQuery } from "../../lib/url-queries";

/** The workspace's filters and page in its URL: `/admin/matches?group=dates&clientId=...&page=2`. */
export const workspaceFilters = urlFilters(workspaceQuery);

/** The workspace filtered to one client's introductions (a client's page links here). */
export const clientIntroductionsPath = (clientId: string) =>
  `/admin/matches?${workspaceFilters.write({ clientId, group: undefined, status: undefined, page: 1 }).toString()}`;
