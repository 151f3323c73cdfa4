import {
  AdminReviewsQuery,
  AdminReviewView,
  AgencyParams,
  CreateReviewBody,
  ModerateReviewBody,
  pageOf,
  RatingBody,
  RatingView,
  ReceivedView,
  ReviewParams,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import {
  createReview,
  deleteReview,
  listReviewsForModeration,
  moderateReview,
  rateAgency,
} from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { access: ["ADMIN"] as const };
  const tags = ["reviews"];
  const params = ReviewParams;

  r.post(
    "/api/agencies/:id/reviews",
    {
      config: { access: "public" },
      schema: { tags, params: AgencyParams, body: CreateReviewBody, response: { 202: ReceivedView } },
    },
    async (request, reply) => {
      await createReview(deps, request.user, request.params.id, request.body, request.ip);
      return reply.status(202).send({ status: "received" as const });
    },
  );

  r.post(
    "/api/agencies/:id/ratings",
    {
      config: { access: ["INVITER"] },
      schema: { tags, params: AgencyParams, body: RatingBody, response: { 200: RatingView } },
    },
    async (request) => rateAgency(deps.db, request.user!, request.params.id, request.body),
  );

  r.get(
    "/api/admin/reviews",
    {
      config: admins,
      schema: { tags, querystring: AdminReviewsQuery, response: { 200: pageOf(AdminReviewView) } },
    },
    async (request) => listReviewsForModeration(deps.db, request.query),
  );

  r.put(
    "/api/admin/reviews/:id",
    {
      config: admins,
      schema: { tags, params, body: ModerateReviewBody, response: { 200: AdminReviewView } },
    },
    async (request) => moderateReview(deps, request.params.id, request.body.status),
  );

  r.delete(
    "/api/admin/reviews/:id",
    { config: admins, schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteReview(deps.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
