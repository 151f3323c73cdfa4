import type { EndpointSpec } from "../endpoint.js";
import { chatApi } from "./chat.js";
import { clientsApi } from "./clients.js";
import { matchingApi } from "./matching.js";

export { chatApi, clientsApi, matchingApi };

/**
 * Every endpoint of the API, one group per domain. A test checks that the server registers each
 * of these and nothing else; add a domain's group here when you add the domain.
 */
export const API_GROUPS: Record<string, Record<string, EndpointSpec>> = {
  clients: clientsApi,
  matching: matchingApi,
  chat: chatApi,
};

export const ENDPOINTS: readonly EndpointSpec[] = Object.values(API_GROUPS).flatMap((group) =>
  Object.values(group),
);
