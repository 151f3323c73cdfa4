import { reviewsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { deleteReview, listReviewsForModeration, moderateReview } from "./service.js";

// A review or a rating is sent from the agency's page (the agency-page module looks the agency
// up, then calls this module's service); here admins moderate.
export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, reviewsApi.listForModeration, (request) => listReviewsForModeration(deps.db, request.query));
  route(app, reviewsApi.moderate, (request) => moderateReview(deps, request.params.id, request.body.status));
  route(app, reviewsApi.remove, (request) => deleteReview(deps.db, request.params.id));
}
