import {
  PUBLIC_LOCALE_COOKIE,
  QuizAnswersBody,
  QuizQuery,
  QuizResultView,
  QuizView,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.js";
import { getQuiz, QUIZ_LIMITS, quizLocale, quizResult } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["quiz"];
  const limit = (kind: string, ip: string) =>
    deps.limiter.hit(`quiz-${kind}:${ip}`, QUIZ_LIMITS.perIpPerHour, 3_600_000);

  r.get(
    "/api/quiz",
    { config: { access: "public" }, schema: { tags, querystring: QuizQuery, response: { 200: QuizView } } },
    async (request) => {
      await limit("questions", request.ip);
      const locale = quizLocale(request.query.locale, request.cookies[PUBLIC_LOCALE_COOKIE.name]);
      return getQuiz(deps.db, locale);
    },
  );

  r.post(
    "/api/quiz/result",
    {
      config: { access: "public" },
      schema: { tags, body: QuizAnswersBody, response: { 200: QuizResultView } },
    },
    async (request) => {
      await limit("result", request.ip);
      const locale = quizLocale(request.body.locale, request.cookies[PUBLIC_LOCALE_COOKIE.name]);
      return quizResult(deps, request.body, locale);
    },
  );
}
