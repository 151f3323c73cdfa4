import type { EndpointSpec } from "../endpoint.js";
import { agenciesApi } from "./agencies.js";
import { analyticsApi } from "./analytics.js";
import { authApi } from "./auth.js";
import { clientsApi } from "./clients.js";
import { debugApi } from "./debug.js";
import { filesApi } from "./files.js";
import { healthApi } from "./health.js";
import { invitesApi } from "./invites.js";
import { notificationsApi } from "./notifications.js";
import { profilesApi } from "./profiles.js";
import { quizApi } from "./quiz.js";
import { reviewsApi } from "./reviews.js";
import { usersApi } from "./users.js";

export {
  agenciesApi,
  analyticsApi,
  authApi,
  clientsApi,
  debugApi,
  filesApi,
  healthApi,
  invitesApi,
  notificationsApi,
  profilesApi,
  quizApi,
  reviewsApi,
  usersApi,
};

/**
 * Every endpoint of the API, one group per domain. A test checks that the server registers each
 * of these and nothing else; add a domain's group here when you add the domain.
 */
export const API_GROUPS: Record<string, Record<string, EndpointSpec>> = {
  agencies: agenciesApi,
  analytics: analyticsApi,
  auth: authApi,
  clients: clientsApi,
  debug: debugApi,
  files: filesApi,
  health: healthApi,
  invites: invitesApi,
  notifications: notificationsApi,
  profiles: profilesApi,
  quiz: quizApi,
  reviews: reviewsApi,
  users: usersApi,
};

export const ENDPOINTS: readonly EndpointSpec[] = Object.values(API_GROUPS).flatMap((group) =>
  Object.values(group),
);
