import type { EndpointSpec } from "../endpoint.js";
import { clientsApi } from "./clients.js";
import { filesApi } from "./files.js";
import { profilesApi } from "./profiles.js";

export { clientsApi, filesApi, profilesApi };

/**
 * Every endpoint of the API, one group per domain. A test checks that the server registers each
 * of these and nothing else; add a domain's group here when you add the domain.
 */
export const API_GROUPS: Record<string, Record<string, EndpointSpec>> = {
  clients: clientsApi,
  files: filesApi,
  profiles: profilesApi,
};

export const ENDPOINTS: readonly EndpointSpec[] = Object.values(API_GROUPS).flatMap((group) =>
  Object.values(group),
);
