import {
  AdviceBody,
  AdviceView,
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
  PartnerLikesBody,
  PartnerLikesView,
  PartnerLinkBody,
  PartnerLinkView,
  pageOf,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { AppError } from "../../platform/errors.js";
import { adviseOn } from "./advice.js";
import { listCandidates, markCandidate, myCandidates } from "./candidates.js";
import { actOnIntroduction, listIntroductions, proposeIntroduction } from "./introductions.js";
import { getPartnerLink, setPartnerLink, storePartnerLikes, verifyPartnerSignature } from "./partner.js";
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
      reply.status(201).send(await proposeIntroduction(deps, request.user!, request.body)),
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
    async (request) => actOnIntroduction(deps, request.user!, request.params.id, request.params.action),
  );

  r.get(
    "/api/me/candidates",
    { config: { access: ["INVITEE"] as const }, schema: { tags, response: { 200: MyCandidatesView } } },
    async (request) => myCandidates(deps.db, request.user!),
  );

  r.post(
    "/api/ai/advice",
    { config: managers, schema: { tags, body: AdviceBody, response: { 200: AdviceView } } },
    async (request) =>
      adviseOn(
        { db: deps.db, ai: deps.config.ai, log: request.log },
        request.user!,
        request.body,
        localeOf(request.user!, request.cookies.locale),
      ),
  );

  const signedIn = { access: ["ADMIN", "INVITER", "INVITEE"] as const };
  r.get(
    "/api/me/partner",
    { config: signedIn, schema: { tags, response: { 200: PartnerLinkView } } },
    async (request) => getPartnerLink(deps.db, request.user!),
  );
  r.put(
    "/api/me/partner",
    { config: signedIn, schema: { tags, body: PartnerLinkBody, response: { 200: PartnerLinkView } } },
    async (request) => setPartnerLink(deps.db, request.user!, request.body.smId),
  );

  // The partner app's like counts: the signature covers the body's exact bytes.
  app.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/api/partner/likes",
        { config: { access: "public" }, schema: { tags, response: { 200: PartnerLikesView } } },
        async (request) => {
          const secret = deps.config.partnerAppSecret;
          if (!secret) throw new AppError("PARTNER_NOT_CONFIGURED", 503, "The partner app is not configured");
          const raw = typeof request.body === "string" ? request.body : "";
          const header = (name: string) => {
            const value = request.headers[name];
            return typeof value === "string" ? value : undefined;
          };
          if (
            !verifyPartnerSignature(raw, header("x-partner-timestamp"), header("x-partner-signature"), secret)
          ) {
            throw new AppError("PARTNER_SIGNATURE_INVALID", 401, "The partner signature is not valid");
          }
          let json: unknown;
          try {
            json = JSON.parse(raw);
          } catch {
            throw new AppError("MALFORMED_JSON", 400, "The body is not valid JSON");
          }
          const body = PartnerLikesBody.safeParse(json);
          if (!body.success) throw new AppError("VALIDATION_FAILED", 400, "The like counts are not valid");
          return storePartnerLikes(deps.db, body.data);
        },
      );
  });
}
