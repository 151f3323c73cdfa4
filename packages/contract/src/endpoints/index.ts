import type { EndpointSpec } from "../endpoint.js";
import { clientsApi } from "./clients.js";

export { clientsApi };

/**
 * Every endpoint of the API, one group per domain. A test checks that the server registers each
 * of these and nothing else; add a domain's group here when you add the domain.
 */
export const API_GROUPS: Record<string, Record<string, EndpointSpec>> = {
  clients: clientsApi,
};

export const ENDPOINTS: readonly EndpointSpec[] = Object.values(API_GROUPS).flatMap((group) =>
  Object.values(group),
);
