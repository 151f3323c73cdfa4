import { clientsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { reportAccessSubjects } from "../../platform/access-subjects.js";
import { route } from "../../platform/route.js";
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
  setClientEmail,
  updateClient,
} from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, clientsApi.list, async (request) => {
    const page = await listClients(deps.db, request.user, request.query);
    reportAccessSubjects(
      request,
      page.items.map((c) => c.id),
    );
    return page;
  });
  route(app, clientsApi.searchProfiles, async (request) => {
    const page = await searchProfiles(deps.db, request.user, request.query);
    reportAccessSubjects(
      request,
      page.items.map((p) => p.userId),
    );
    return page;
  });
  route(app, clientsApi.stats, (request) => clientStats(deps.db, request.user));
  route(app, clientsApi.get, (request) => getClientItem(deps.db, request.user, request.params.id));
  route(app, clientsApi.create, async (request) =>
    toUserView(await createClient(deps.db, request.user, request.body)),
  );
  route(app, clientsApi.remove, (request) => deleteClient(deps, request.user, request.params.id));
  route(app, clientsApi.sendEditLink, async (request) => {
    const client = await getOwnClient(deps.db, request.user, request.params.id);
    return sendEditLink(deps, request.user, client.id, client);
  });
  route(app, clientsApi.setEmail, (request) =>
    setClientEmail(deps.db, request.user, request.params.id, request.body.email),
  );
  route(app, clientsApi.setVerification, (request) =>
    updateClient(deps.db, request.user, request.params.id, { verified: request.body.verified }),
  );
  route(app, clientsApi.setSearch, (request) =>
    updateClient(deps.db, request.user, request.params.id, { participates: request.body.participates }),
  );
  route(app, clientsApi.setStatus, (request) =>
    updateClient(deps.db, request.user, request.params.id, { status: request.body.status }),
  );
}
