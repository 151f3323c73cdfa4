import { z } from "zod";
import { Id, PageQuery, pageOf } from "../common.js";
import { endpoint } from "../endpoint.js";
import { DirectoryQuery } from "../list-queries.js";
import {
  AgencyLeadList,
  AgencyLeadView,
  AgencyPageView,
  AgencyParams,
  AgencyPasswordBody,
  AgencyProfilePatchBody,
  AgencyProfileView,
  DirectoryItem,
  JoinAgencyBody,
  ReceivedView,
} from "../marketplace.js";

const owner = ["INVITER"] as const;
const tag = "agencies";
const leadParams = z.object({ id: Id });

/**
 * Agencies (SPEC 2-4): a matchmaker's own agency profile and the requests from its page, the
 * public directory and the public agency page. The page's link preview for messengers
 * (`/agency/:id`, server-rendered HTML) is not under /api and is not an endpoint of the contract.
 */
export const agenciesApi = {
  me: endpoint({
    method: "GET",
    path: "/api/agencies/me",
    access: owner,
    tag,
    response: AgencyProfileView,
  }),
  updateMe: endpoint({
    method: "PATCH",
    path: "/api/agencies/me",
    access: owner,
    tag,
    body: AgencyProfilePatchBody,
    response: AgencyProfileView,
  }),
  setPassword: endpoint({
    method: "PUT",
    path: "/api/agencies/me/password",
    access: owner,
    tag,
    body: AgencyPasswordBody,
    response: AgencyProfileView,
  }),
  leads: endpoint({
    method: "GET",
    path: "/api/agencies/me/leads",
    access: owner,
    tag,
    query: PageQuery,
    response: AgencyLeadList,
  }),
  inviteLead: endpoint({
    method: "POST",
    path: "/api/agencies/me/leads/:id/invite",
    access: owner,
    tag,
    params: leadParams,
    response: AgencyLeadView,
  }),
  dismissLead: endpoint({
    method: "DELETE",
    path: "/api/agencies/me/leads/:id",
    access: owner,
    tag,
    params: leadParams,
    response: "none",
  }),
  directory: endpoint({
    method: "GET",
    path: "/api/directory",
    access: "public",
    tag,
    query: DirectoryQuery,
    response: pageOf(DirectoryItem),
  }),
  page: endpoint({
    method: "GET",
    path: "/api/agencies/:id",
    access: "public",
    tag,
    params: AgencyParams,
    response: AgencyPageView,
  }),
  join: endpoint({
    method: "POST",
    path: "/api/agencies/:id/join",
    access: "public",
    tag,
    params: AgencyParams,
    body: JoinAgencyBody,
    response: ReceivedView,
    status: 202,
  }),
};
