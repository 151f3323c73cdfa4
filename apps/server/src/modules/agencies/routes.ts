import {
  AgencyLeadList,
  AgencyLeadView,
  AgencyPageView,
  AgencyParams,
  AgencyPasswordBody,
  AgencyProfilePatchBody,
  AgencyProfileView,
  DirectoryItem,
  DirectoryQuery,
  Id,
  JoinAgencyBody,
  PageQuery,
  pageOf,
  ReceivedView,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { registerAgencyPreview } from "./link-preview.js";
import {
  dismissLead,
  getAgencyPage,
  getOwnAgencyProfile,
  inviteLead,
  joinAgency,
  listLeads,
  patchOwnAgencyProfile,
  setAgencyPassword,
} from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = { access: ["INVITER"] as const };
  const leadParams = z.object({ id: Id });
  const tags = ["agencies"];
  registerAgencyPreview(app, deps);

  r.get(
    "/api/agencies/me",
    { config: owner, schema: { tags, response: { 200: AgencyProfileView } } },
    async (request) => getOwnAgencyProfile(deps.db, request.user!),
  );

  r.patch(
    "/api/agencies/me",
    { config: owner, schema: { tags, body: AgencyProfilePatchBody, response: { 200: AgencyProfileView } } },
    async (request) => patchOwnAgencyProfile(deps.db, request.user!, request.body),
  );

  r.put(
    "/api/agencies/me/password",
    { config: owner, schema: { tags, body: AgencyPasswordBody, response: { 200: AgencyProfileView } } },
    async (request) => setAgencyPassword(deps.db, request.user!, request.body.password),
  );

  r.get(
    "/api/agencies/me/leads",
    { config: owner, schema: { tags, querystring: PageQuery, response: { 200: AgencyLeadList } } },
    async (request) => listLeads(deps.db, request.user!, request.query),
  );

  r.post(
    "/api/agencies/me/leads/:id/invite",
    { config: owner, schema: { tags, params: leadParams, response: { 200: AgencyLeadView } } },
    async (request) => inviteLead(deps, request.user!, request.params.id),
  );

  r.delete(
    "/api/agencies/me/leads/:id",
    { config: owner, schema: { tags, params: leadParams } },
    async (request, reply) => {
      await dismissLead(deps.db, request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/directory",
    {
      config: { access: "public" },
      schema: { tags, querystring: DirectoryQuery, response: { 200: pageOf(DirectoryItem) } },
    },
    async (request) => deps.directory.search(request.query),
  );

  r.get(
    "/api/agencies/:id",
    {
      config: { access: "public" },
      schema: { tags, params: AgencyParams, response: { 200: AgencyPageView } },
    },
    async (request) => getAgencyPage(deps.db, request.user, request.params.id),
  );

  r.post(
    "/api/agencies/:id/join",
    {
      config: { access: "public" },
      schema: { tags, params: AgencyParams, body: JoinAgencyBody, response: { 202: ReceivedView } },
    },
    async (request, reply) => {
      await joinAgency(deps, request.params.id, request.body, request.ip);
      return reply.status(202).send({ status: "received" as const });
    },
  );
}
