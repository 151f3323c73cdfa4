import type { EndpointSpec } from "../endpoint.js";
import { agenciesApi } from "./agencies.js";
import { analyticsApi } from "./analytics.js";
import { clientsApi } from "./clients.js";
import { quizApi } from "./quiz.js";
import { reviewsApi } from "./reviews.js";

export { agenciesApi, analyticsApi, clientsApi, quizApi, reviewsApi };

/**
 * Every endpoint of the API, one group per domain. A test checks that the server registers each
 * of these and nothing else; add a domain's group here when you add the domain.
 */
export const API_GROUPS: Record<string, Record<string, EndpointSpec>> = {
  clients: clientsApi,
  agencies: agenciesApi,
  reviews: reviewsApi,
  analytics: analyticsApi,
  quiz: quizApi,
};

export const ENDPOINTS: readonly EndpointSpec[] = Object.values(API_GROUPS).flatMap((group) =>
  Object.values(group),
);
