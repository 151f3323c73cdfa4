import { endpoint } from "../endpoint.js";
import { QuizAnswersBody, QuizQuery, QuizResultView, QuizView } from "../quiz.js";

const tag = "quiz";

/** The free public quiz (SPEC 1): its questions, then the result of the answers. Nothing is stored. */
export const quizApi = {
  get: endpoint({
    method: "GET",
    path: "/api/quiz",
    access: "public",
    tag,
    query: QuizQuery,
    response: QuizView,
  }),
  result: endpoint({
    method: "POST",
    path: "/api/quiz/result",
    access: "public",
    tag,
    body: QuizAnswersBody,
    response: QuizResultView,
  }),
};
