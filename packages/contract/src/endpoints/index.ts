import type { EndpointSpec } from "../endpoint.js";
import { adminApi } from "./admin.js";
import { agenciesApi } from "./agencies.js";
import { analyticsApi } from "./analytics.js";
import { authApi } from "./auth.js";
import { chatApi } from "./chat.js";
import { clientsApi } from "./clients.js";
import { creditsApi } from "./credits.js";
import { debugApi } from "./debug.js";
import { filesApi } from "./files.js";
import { healthApi } from "./health.js";
import { invitesApi } from "./invites.js";
import { matchingApi } from "./matching.js";
import { notificationsApi } from "./notifications.js";
import { partnerApi } from "./partner.js";
import { paymentsApi } from "./payments.js";
import { profilesApi } from "./profiles.js";
import { quizApi } from "./quiz.js";
import { reviewsApi } from "./reviews.js";
import { subscriptionsApi } from "./subscriptions.js";
import { usersApi } from "./users.js";

export {
  adminApi,
  agenciesApi,
  analyticsApi,
  authApi,
  chatApi,
  clientsApi,
  creditsApi,
  debugApi,
  filesApi,
  healthApi,
  invitesApi,
  matchingApi,
  notificationsApi,
  partnerApi,
  paymentsApi,
  profilesApi,
  quizApi,
  reviewsApi,
  subscriptionsApi,
  usersApi,
};

/**
 * Every endpoint of the API, one group per domain. A test checks that the server registers each
 * of these and nothing else; add a domain's group here when you add the domain.
 */
export const API_GROUPS: Record<string, Record<string, EndpointSpec>> = {
  admin: adminApi,
  agencies: agenciesApi,
  analytics: analyticsApi,
  auth: authApi,
  chat: chatApi,
  clients: clientsApi,
  credits: creditsApi,
  debug: debugApi,
  files: filesApi,
  health: healthApi,
  invites: invitesApi,
  matching: matchingApi,
  notifications: notificationsApi,
  partner: partnerApi,
  payments: paymentsApi,
  profiles: profilesApi,
  quiz: quizApi,
  reviews: reviewsApi,
  subscriptions: subscriptionsApi,
  users: usersApi,
};

export const ENDPOINTS: readonly EndpointSpec[] = Object.values(API_GROUPS).flatMap((group) =>
  Object.values(group),
);
