import type { EndpointSpec } from "../endpoint.js";
import { adminApi } from "./admin.js";
import { agenciesApi } from "./agencies.js";
import { analyticsApi } from "./analytics.js";
import { applicationsApi } from "./applications.js";
import { authApi } from "./auth.js";
import { chatApi } from "./chat.js";
import { clientImportApi } from "./client-import.js";
import { clientPackagesApi } from "./client-packages.js";
import { clientsApi } from "./clients.js";
import { creditsApi } from "./credits.js";
import { dataRightsApi } from "./data-rights.js";
import { debugApi } from "./debug.js";
import { filesApi } from "./files.js";
import { healthApi } from "./health.js";
import { integrationsApi } from "./integrations.js";
import { introductionsApi } from "./introductions.js";
import { invitesApi } from "./invites.js";
import { matchingApi } from "./matching.js";
import { notificationsApi } from "./notifications.js";
import { partnerApi } from "./partner.js";
import { paymentsApi } from "./payments.js";
import { profilesApi } from "./profiles.js";
import { quizApi } from "./quiz.js";
import { recalibrationApi } from "./recalibration.js";
import { reviewsApi } from "./reviews.js";
import { subscriptionsApi } from "./subscriptions.js";
import { telegramApi } from "./telegram.js";
import { usersApi } from "./users.js";

/**
 * Every endpoint of the API, for the checks that walk them all (the server registers each of
 * these and nothing else). A subpath of its own (`@matchdesk/contract/endpoints`), so that a page
 * of the web app bundles only the definitions it calls.
 */
export const ENDPOINTS: readonly EndpointSpec[] = [
  adminApi,
  agenciesApi,
  analyticsApi,
  applicationsApi,
  authApi,
  chatApi,
  clientImportApi,
  clientPackagesApi,
  clientsApi,
  creditsApi,
  dataRightsApi,
  debugApi,
  filesApi,
  healthApi,
  integrationsApi,
  introductionsApi,
  invitesApi,
  matchingApi,
  notificationsApi,
  partnerApi,
  paymentsApi,
  profilesApi,
  quizApi,
  recalibrationApi,
  reviewsApi,
  subscriptionsApi,
  telegramApi,
  usersApi,
].flatMap((group: Record<string, EndpointSpec>) => Object.values(group));
