import { matchingApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { reportAccessSubjects } from "../../platform/access-subjects.js";
import { route } from "../../platform/route.js";
import { adviseOn } from "./advice.js";
import { candidateProfile, listCandidates, markCandidate, myCandidates } from "./candidates.js";
import { registerPartnerRoutes } from "./partner.js";
import { getPrice, listResults, localeOf, runCompatibility } from "./service.js";
import { scoreValidity } from "./validity.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, matchingApi.price, (request) => getPrice(deps.db, request.user, request.query.clientId));
  route(app, matchingApi.compatibility, async (request, reply) => {
    const { view, created } = await runCompatibility(
      { db: deps.db, ai: deps.config.ai, log: request.log },
      request.user,
      request.body,
      localeOf(request.user, request.cookies.locale),
    );
    return reply.status(created ? 201 : 200).send(view);
  });
  route(app, matchingApi.results, async (request) => {
    const page = await listResults(deps.db, request.user, request.query);
    reportAccessSubjects(request, [request.query.clientId, ...page.items.map((r) => r.candidateId)]);
    return page;
  });
  route(app, matchingApi.candidates, async (request) => {
    const page = await listCandidates(
      deps.db,
      request.user,
      request.params.id,
      request.query,
      localeOf(request.user, request.cookies.locale),
    );
    reportAccessSubjects(request, [request.params.id, ...page.items.map((c) => c.id)]);
    return page;
  });
  route(app, matchingApi.markCandidate, (request) =>
    markCandidate(deps.db, request.user, request.params.id, request.params.candidateId, request.body),
  );
  route(app, matchingApi.candidateProfile, (request) =>
    candidateProfile(deps.db, request.user, request.params.id, request.params.candidateId),
  );
  route(app, matchingApi.myCandidates, (request) => myCandidates(deps.db, request.user));
  route(app, matchingApi.validity, (request) => scoreValidity(deps.db, request.user));
  route(app, matchingApi.advice, (request) =>
    adviseOn(
      { db: deps.db, ai: deps.config.ai, log: request.log },
      request.user,
      request.body,
      localeOf(request.user, request.cookies.locale),
    ),
  );

  registerPartnerRoutes(app, deps);
}
