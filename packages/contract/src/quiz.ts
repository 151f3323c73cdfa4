import { z } from "zod";
import { Locale } from "./i18n.js";
import { AgencyFocus, DirectoryItem } from "./marketplace.js";

// The free public quiz (SPEC 1): single-choice questions whose answers map to the profile traits
// the compatibility engine reads; the result explains the profile, shows fitting matchmakers and
// counts compatible published profiles without revealing anyone.

export const QUIZ_QUESTION_IDS = [
  "gender",
  "seeking",
  "age",
  "partnerAge",
  "city",
  "lookingFor",
  "familyPlan",
  "children",
  "faith",
  "smoking",
  "alcohol",
  "loveLanguage",
  "interests",
  "lifestyle",
  "relocation",
] as const;
export const QuizQuestionId = z.enum(QUIZ_QUESTION_IDS);
export type QuizQuestionId = z.infer<typeof QuizQuestionId>;

export const QuizQuery = z.object({ locale: Locale.optional() });
export type QuizQuery = z.infer<typeof QuizQuery>;

export const QuizOption = z.object({ value: z.string(), label: z.string() });
export const QuizQuestion = z.object({
  id: QuizQuestionId,
  text: z.string(),
  options: z.array(QuizOption),
});
export type QuizQuestion = z.infer<typeof QuizQuestion>;
export const QuizView = z.object({ locale: Locale, questions: z.array(QuizQuestion) });
export type QuizView = z.infer<typeof QuizView>;

/** One chosen option value per question; every question must be answered. */
export const QuizAnswersBody = z.object({
  locale: Locale.optional(),
  answers: z.partialRecord(QuizQuestionId, z.string().max(200)),
});
export type QuizAnswersBody = z.infer<typeof QuizAnswersBody>;

/** A matchmaker on the result: the directory card, its focus, and the part of it the answers ask for. */
export const QuizAgency = DirectoryItem.extend({
  focus: z.array(AgencyFocus),
  matchedFocus: z.array(AgencyFocus),
});
export type QuizAgency = z.infer<typeof QuizAgency>;

export const QuizTrait = z.object({ id: QuizQuestionId, title: z.string(), text: z.string() });
export const QuizResultView = z.object({
  locale: Locale,
  summary: z.string(),
  /** The traits that weigh most for this person, most important first. */
  traits: z.array(QuizTrait),
  /** Same city first, then same country, then elsewhere; within each, the most focus in common. */
  agencies: z.array(QuizAgency),
  /** How many published profiles are compatible: a count, never who. */
  compatibleCount: z.number().int(),
});
export type QuizResultView = z.infer<typeof QuizResultView>;

/** Error codes of the matchmaker quiz (listed in ERROR_CODES, errors.ts). */
export const QUIZ_ERRORS = ["QUIZ_ANSWERS_INVALID"] as const;
