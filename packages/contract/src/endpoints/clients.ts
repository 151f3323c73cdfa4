import { z } from "zod";
import {
  ClientEmailBody,
  ClientListItem,
  ClientSearchBody,
  ClientStatsView,
  ClientStatusBody,
  ClientVerificationBody,
  CreateClientBody,
  PublishedProfileView,
  SearchProfilesQuery,
} from "../clients.js";
import { Id, pageOf } from "../common.js";
import { endpoint } from "../endpoint.js";
import { ClientsQuery } from "../list-queries.js";
import { EditLinkView } from "../profiles.js";
import { UserView } from "../users.js";

const managers = ["INVITER", "ADMIN"] as const;
const tag = "clients";
const params = z.object({ id: Id });

/** A matchmaker's client base (SPEC 2, 6); an admin reaches every matchmaker's. */
export const clientsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/clients",
    // Each client on the page is shown: a view of their card (a repeat within ten minutes is one entry).
    audit: { action: "view", of: "reported" },
    access: managers,
    tag,
    query: ClientsQuery,
    // `total` counts at most LIMITS.clientMatchesCounted matches; `totalCapped` says there are more.
    response: pageOf(ClientListItem).extend({ totalCapped: z.boolean() }),
  }),
  searchProfiles: endpoint({
    method: "GET",
    path: "/api/search/profiles",
    audit: { action: "view", of: "reported" },
    access: managers,
    tag,
    query: SearchProfilesQuery,
    response: pageOf(PublishedProfileView),
  }),
  stats: endpoint({
    method: "GET",
    path: "/api/clients/stats",
    access: managers,
    tag,
    response: ClientStatsView,
  }),
  get: endpoint({
    method: "GET",
    path: "/api/clients/:id",
    audit: { action: "view", param: "id" },
    access: managers,
    tag,
    params,
    response: ClientListItem,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/clients",
    access: managers,
    tag,
    body: CreateClientBody,
    response: UserView,
    status: 201,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/clients/:id",
    access: managers,
    tag,
    params,
    response: "none",
  }),
  sendEditLink: endpoint({
    method: "POST",
    path: "/api/clients/:id/edit-link",
    audit: { action: "change", param: "id" },
    access: managers,
    tag,
    params,
    response: EditLinkView,
    status: 201,
  }),
  /** Adds or corrects the e-mail of a client not registered yet (one known by phone, to invite them). */
  setEmail: endpoint({
    method: "PUT",
    path: "/api/clients/:id/email",
    audit: { action: "change", param: "id" },
    access: managers,
    tag,
    params,
    body: ClientEmailBody,
    response: ClientListItem,
  }),
  setVerification: endpoint({
    method: "PUT",
    path: "/api/clients/:id/verification",
    audit: { action: "change", param: "id" },
    access: managers,
    tag,
    params,
    body: ClientVerificationBody,
    response: ClientListItem,
  }),
  setSearch: endpoint({
    method: "PUT",
    path: "/api/clients/:id/search",
    audit: { action: "change", param: "id" },
    access: managers,
    tag,
    params,
    body: ClientSearchBody,
    response: ClientListItem,
  }),
  setStatus: endpoint({
    method: "PUT",
    path: "/api/clients/:id/status",
    audit: { action: "change", param: "id" },
    access: managers,
    tag,
    params,
    body: ClientStatusBody,
    response: ClientListItem,
  }),
};
