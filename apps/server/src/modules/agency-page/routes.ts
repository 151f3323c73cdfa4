import { agenciesApi, reviewsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { dismissLead, inviteLead, joinAgency, listLeads } from "./leads.js";
import { getAgencyPage, rateAgency, reviewAgency } from "./page.js";

/**
 * The public agency page and what its visitors send from it: a review, a rating, a request to
 * join, which waits in the matchmaker's inbox. It puts together the agencies, reviews, profiles
 * (certificates) and invites modules, and none of them needs it: kept in agencies, the page
 * would make agencies and reviews, and the inbox agencies and invites, import each other.
 */
export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, agenciesApi.page, (request) => getAgencyPage(deps.db, request.user, request.params.id));
  route(app, reviewsApi.create, async (request) => {
    await reviewAgency(deps, request.user, request.params.id, request.body, request.ip);
    return { status: "received" as const };
  });
  route(app, reviewsApi.rate, (request) =>
    rateAgency(deps.db, request.user, request.params.id, request.body),
  );
  route(app, agenciesApi.join, async (request) => {
    await joinAgency(deps, request.params.id, request.body, request.ip);
    return { status: "received" as const };
  });
  route(app, agenciesApi.leads, (request) => listLeads(deps.db, request.user, request.query));
  route(app, agenciesApi.inviteLead, (request) => inviteLead(deps, request.user, request.params.id));
  route(app, agenciesApi.dismissLead, (request) => dismissLead(deps.db, request.user, request.params.id));
}
