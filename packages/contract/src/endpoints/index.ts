import type { EndpointSpec } from "../endpoint.js";
import { adminApi } from "./admin.js";
import { clientsApi } from "./clients.js";
import { creditsApi } from "./credits.js";
import { partnerApi } from "./partner.js";
import { paymentsApi } from "./payments.js";
import { subscriptionsApi } from "./subscriptions.js";

export { adminApi, clientsApi, creditsApi, partnerApi, paymentsApi, subscriptionsApi };

/**
 * Every endpoint of the API, one group per domain. A test checks that the server registers each
 * of these and nothing else; add a domain's group here when you add the domain.
 */
export const API_GROUPS: Record<string, Record<string, EndpointSpec>> = {
  admin: adminApi,
  clients: clientsApi,
  credits: creditsApi,
  partner: partnerApi,
  payments: paymentsApi,
  subscriptions: subscriptionsApi,
};

export const ENDPOINTS: readonly EndpointSpec[] = Object.values(API_GROUPS).flatMap((group) =>
  Object.values(group),
);
