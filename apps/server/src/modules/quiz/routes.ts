import { PUBLIC_LOCALE_COOKIE, quizApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { getQuiz, QUIZ_LIMITS, quizLocale, quizResult } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const limit = (kind: string, ip: string) =>
    deps.limiter.hit(`quiz-${kind}:${ip}`, QUIZ_LIMITS.perIpPerHour, 3_600_000);

  route(app, quizApi.get, async (request) => {
    await limit("questions", request.ip);
    const locale = quizLocale(request.query.locale, request.cookies[PUBLIC_LOCALE_COOKIE.name]);
    return getQuiz(deps.db, locale);
  });
  route(app, quizApi.result, async (request) => {
    await limit("result", request.ip);
    const locale = quizLocale(request.body.locale, request.cookies[PUBLIC_LOCALE_COOKIE.name]);
    return quizResult(deps, request.body, locale);
  });
}
