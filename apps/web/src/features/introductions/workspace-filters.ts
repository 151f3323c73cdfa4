import { IntroductionsQuery } from "@matchdesk/contract";
import { urlFilters } from "../../lib/url-filters";

/** The workspace's filters in its URL: `/admin/matches?group=dates&clientId=...`. */
export const workspaceFilters = urlFilters(
  IntroductionsQuery.pick({ group: true, status: true, clientId: true }),
);

/** The workspace filtered to one client's introductions (a client's page links here). */
export const clientIntroductionsPath = (clientId: string) =>
  `/admin/matches?${workspaceFilters.write({ clientId, group: undefined, status: undefined }).toString()}`;
