import { IntroductionsQuery } from "@matchdesk/contract";
import { urlFilters } from "../../lib/url-filters";

/** The workspace's filters and page in its URL: `/admin/matches?group=dates&clientId=...&page=2`. */
export const workspaceFilters = urlFilters(
  IntroductionsQuery.pick({ group: true, status: true, clientId: true, page: true }),
);

/** The workspace filtered to one client's introductions (a client's page links here). */
export const clientIntroductionsPath = (clientId: string) =>
  `/admin/matches?${workspaceFilters.write({ clientId, group: undefined, status: undefined, page: 1 }).toString()}`;
