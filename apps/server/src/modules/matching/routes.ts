import {
  CandidateItem,
  CandidateMarkBody,
  CandidateMarkView,
  CandidatesQuery,
  CompatibilityBody,
  CompatibilityPriceQuery,
  CompatibilityPriceView,
  CompatibilityResultsQuery,
  CompatibilityRunView,
  Id,
  IntroductionAction,
  IntroductionBody,
  IntroductionsQuery,
  IntroductionView,
  MyCandidatesView,
  pageOf,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app.js";
import { listCandidates, markCandidate, myCandidates } from "./candidates.js";
import { actOnIntroduction, listIntroductions, proposeIntroduction } from "./introductions.js";
import { getPrice, listResults, localeOf, runCompatibility } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const managers = { access: ["INVITER", "ADMIN"] as const };
  const tags = ["matching"];

  r.get(
    "/api/matching/price",
    {
      config: managers,
      schema: { tags, querystring: CompatibilityPriceQuery, response: { 200: CompatibilityPriceView } },
    },
    async (request) => getPrice(deps.db, request.user!, request.query.clientId),
  );

  r.post(
    "/api/matching/compatibility",
    {
      config: managers,
      schema: {
        tags,
        body: CompatibilityBody,
        response: { 200: CompatibilityRunView, 201: CompatibilityRunView },
      },
    },
    async (request, reply) => {
      const { view, created } = await runCompatibility(
        { db: deps.db, ai: deps.config.ai, log: request.log },
        request.user!,
        request.body,
        localeOf(request.user!, request.cookies.locale),
      );
      return reply.status(created ? 201 : 200).send(view);
    },
  );

  r.get(
    "/api/matching/results",
    {
      config: managers,
      schema: {
        tags,
        querystring: CompatibilityResultsQuery,
        response: { 200: pageOf(CompatibilityRunView) },
      },
    },
    async (request) => listResults(deps.db, request.user!, request.query),
  );

  r.get(
    "/api/clients/:id/candidates",
    {
      config: managers,
      schema: {
        tags,
        params: z.object({ id: Id }),
        querystring: CandidatesQuery,
        response: { 200: pageOf(CandidateItem) },
      },
    },
    async (request) =>
      listCandidates(
        deps.db,
        request.user!,
        request.params.id,
        request.query,
        localeOf(request.user!, request.cookies.locale),
      ),
  );

  r.put(
    "/api/clients/:id/candidates/:candidateId",
    {
      config: managers,
      schema: {
        tags,
        params: z.object({ id: Id, candidateId: Id }),
        body: CandidateMarkBody,
        response: { 200: CandidateMarkView },
      },
    },
    async (request) =>
      markCandidate(deps.db, request.user!, request.params.id, request.params.candidateId, request.body),
  );

  r.post(
    "/api/introductions",
    { config: managers, schema: { tags, body: IntroductionBody, response: { 201: IntroductionView } } },
    async (request, reply) =>
      reply.status(201).send(await proposeIntroduction(deps.db, request.user!, request.body)),
  );

  r.get(
    "/api/introductions",
    {
      config: managers,
      schema: { tags, querystring: IntroductionsQuery, response: { 200: pageOf(IntroductionView) } },
    },
    async (request) => listIntroductions(deps.db, request.user!, request.query),
  );

  r.post(
    "/api/introductions/:id/:action",
    {
      config: managers,
      schema: {
        tags,
        params: z.object({ id: Id, action: IntroductionAction }),
        response: { 200: IntroductionView },
      },
    },
    async (request) => actOnIntroduction(deps.db, request.user!, request.params.id, request.params.action),
  );

  r.get(
    "/api/me/candidates",
    { config: { access: ["INVITEE"] as const }, schema: { tags, response: { 200: MyCandidatesView } } },
    async (request) => myCandidates(deps.db, request.user!),
  );
}
