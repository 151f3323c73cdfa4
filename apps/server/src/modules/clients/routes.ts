import {
  ClientListItem,
  ClientSearchBody,
  ClientStatsView,
  ClientStatusBody,
  ClientsQuery,
  ClientVerificationBody,
  CreateClientBody,
  EditLinkView,
  Id,
  PublishedProfileView,
  pageOf,
  SearchProfilesQuery,
  UserView,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app.js";
import { sendEditLink } from "../profiles/public.js";
import { toUserView } from "../users/service.js";
import { searchProfiles } from "./search.js";
import {
  clientStats,
  createClient,
  deleteClient,
  getClientItem,
  getOwnClient,
  listClients,
  updateClient,
} from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const managers = { access: ["INVITER", "ADMIN"] as const };
  const params = z.object({ id: Id });

  r.get(
    "/api/clients",
    {
      config: managers,
      schema: { tags: ["clients"], querystring: ClientsQuery, response: { 200: pageOf(ClientListItem) } },
    },
    async (request) => listClients(deps.db, request.user!, request.query),
  );

  r.get(
    "/api/search/profiles",
    {
      config: managers,
      schema: {
        tags: ["clients"],
        querystring: SearchProfilesQuery,
        response: { 200: pageOf(PublishedProfileView) },
      },
    },
    async (request) => searchProfiles(deps.db, request.user!, request.query),
  );

  r.get(
    "/api/clients/stats",
    { config: managers, schema: { tags: ["clients"], response: { 200: ClientStatsView } } },
    async (request) => clientStats(deps.db, request.user!),
  );

  r.get(
    "/api/clients/:id",
    { config: managers, schema: { tags: ["clients"], params, response: { 200: ClientListItem } } },
    async (request) => getClientItem(deps.db, request.user!, request.params.id),
  );

  r.post(
    "/api/clients",
    { config: managers, schema: { tags: ["clients"], body: CreateClientBody, response: { 201: UserView } } },
    async (request, reply) =>
      reply.status(201).send(toUserView(await createClient(deps.db, request.user!, request.body))),
  );

  r.delete(
    "/api/clients/:id",
    { config: managers, schema: { tags: ["clients"], params, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteClient(deps, request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/clients/:id/edit-link",
    { config: managers, schema: { tags: ["clients"], params, response: { 201: EditLinkView } } },
    async (request, reply) => {
      const client = await getOwnClient(deps.db, request.user!, request.params.id);
      return reply.status(201).send(await sendEditLink(deps, request.user!, client.id, client));
    },
  );

  r.put(
    "/api/clients/:id/verification",
    {
      config: managers,
      schema: { tags: ["clients"], params, body: ClientVerificationBody, response: { 200: ClientListItem } },
    },
    async (request) =>
      updateClient(deps.db, request.user!, request.params.id, { verified: request.body.verified }),
  );

  r.put(
    "/api/clients/:id/search",
    {
      config: managers,
      schema: { tags: ["clients"], params, body: ClientSearchBody, response: { 200: ClientListItem } },
    },
    async (request) =>
      updateClient(deps.db, request.user!, request.params.id, { participates: request.body.participates }),
  );

  r.put(
    "/api/clients/:id/status",
    {
      config: managers,
      schema: { tags: ["clients"], params, body: ClientStatusBody, response: { 200: ClientListItem } },
    },
    async (request) =>
      updateClient(deps.db, request.user!, request.params.id, { status: request.body.status }),
  );
}
