import {
  matchingApi,
  PartnerLikesBody,
  PartnerLikesView,
  PartnerLinkBody,
  PartnerLinkView,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.js";
import { AppError } from "../../platform/errors.js";
import { route } from "../../platform/route.js";
import { adviseOn } from "./advice.js";
import { listCandidates, markCandidate, myCandidates } from "./candidates.js";
import { actOnIntroduction, listIntroductions, proposeIntroduction } from "./introductions.js";
import { getPartnerLink, setPartnerLink, storePartnerLikes, verifyPartnerSignature } from "./partner.js";
import { getPrice, listResults, localeOf, runCompatibility } from "./service.js";

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
  route(app, matchingApi.results, (request) => listResults(deps.db, request.user, request.query));
  route(app, matchingApi.candidates, (request) =>
    listCandidates(
      deps.db,
      request.user,
      request.params.id,
      request.query,
      localeOf(request.user, request.cookies.locale),
    ),
  );
  route(app, matchingApi.markCandidate, (request) =>
    markCandidate(deps.db, request.user, request.params.id, request.params.candidateId, request.body),
  );
  route(app, matchingApi.proposeIntroduction, (request) =>
    proposeIntroduction(deps, request.user, request.body),
  );
  route(app, matchingApi.introductions, (request) => listIntroductions(deps.db, request.user, request.query));
  route(app, matchingApi.actOnIntroduction, (request) =>
    actOnIntroduction(deps, request.user, request.params.id, request.params.action),
  );
  route(app, matchingApi.myCandidates, (request) => myCandidates(deps.db, request.user));
  route(app, matchingApi.advice, (request) =>
    adviseOn(
      { db: deps.db, ai: deps.config.ai, log: request.log },
      request.user,
      request.body,
      localeOf(request.user, request.cookies.locale),
    ),
  );

  // The partner app's routes, as they were: partner.ts's owner moves them (registerPartnerRoutes).
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["matching"];
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
