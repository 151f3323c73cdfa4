import { type BodyOf, type Locale, quizApi } from "@matchdesk/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { call, queryOf } from "../../lib/api";

/** The quiz's questions in the reader's language. */
export function useQuiz(locale: Locale) {
  return useQuery(queryOf(quizApi.get, { query: { locale } }));
}

/** The result of the answers: nothing is stored. */
export function useQuizResult() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof quizApi.result>) => call(quizApi.result, { body }),
  });
}
