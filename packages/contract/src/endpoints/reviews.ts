import { pageOf } from "../common.js";
import { endpoint } from "../endpoint.js";
import {
  AdminReviewsQuery,
  AdminReviewView,
  AgencyParams,
  CreateReviewBody,
  ModerateReviewBody,
  RatingBody,
  RatingView,
  ReceivedView,
  ReviewParams,
} from "../marketplace.js";

const admins = ["ADMIN"] as const;
const tag = "reviews";

/** Reviews of an agency (anyone, moderated by admins) and matchmakers' ratings of other agencies (SPEC 5). */
export const reviewsApi = {
  create: endpoint({
    method: "POST",
    path: "/api/agencies/:id/reviews",
    access: "public",
    tag,
    params: AgencyParams,
    body: CreateReviewBody,
    response: ReceivedView,
    status: 202,
  }),
  rate: endpoint({
    method: "POST",
    path: "/api/agencies/:id/ratings",
    access: ["INVITER"],
    tag,
    params: AgencyParams,
    body: RatingBody,
    response: RatingView,
  }),
  listForModeration: endpoint({
    method: "GET",
    path: "/api/admin/reviews",
    access: admins,
    tag,
    query: AdminReviewsQuery,
    response: pageOf(AdminReviewView),
  }),
  moderate: endpoint({
    method: "PUT",
    path: "/api/admin/reviews/:id",
    access: admins,
    tag,
    params: ReviewParams,
    body: ModerateReviewBody,
    response: AdminReviewView,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/admin/reviews/:id",
    access: admins,
    tag,
    params: ReviewParams,
    response: "none",
  }),
};
