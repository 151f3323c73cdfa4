import { z } from "zod";
import { Id, TimeZone } from "./common.js";
import { Locale } from "./i18n.js";
import { DateView, IntroductionView } from "./matching.js";
import { PublicProfileView } from "./profiles.js";

// Introductions after the match (API.md "Introductions after the match"): both clients consent,
// contacts on consent, the first date, feedback from both sides.

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Maximum length is ${max}` });

/** Why a client said no, one list in both languages; also "what did not fit" in feedback. */
export const DECLINE_REASONS = [
  "ATTRACTION",
  "AGE",
  "DISTANCE",
  "LIFESTYLE_VALUES",
  "EDUCATION_CAREER",
  "FAMILY_PLANS",
  "RELIGION_CULTURE",
  "NOT_READY_OTHER",
] as const;
export const DeclineReason = z.enum(DECLINE_REASONS);
export type DeclineReason = z.infer<typeof DeclineReason>;

export const ClientAnswer = z.enum(["yes", "no"]);
export type ClientAnswer = z.infer<typeof ClientAnswer>;
export const MeetAgain = z.enum(["yes", "maybe", "no"]);
export type MeetAgain = z.infer<typeof MeetAgain>;
export const DateResponse = z.enum(["confirmed", "reschedule"]);
export type DateResponse = z.infer<typeof DateResponse>;

/** What happened to an introduction, oldest first in its timeline. */
export const IntroductionEventKind = z.enum([
  "proposed",
  "accepted",
  "rejected",
  "cancelled",
  "client_asked",
  "client_answered",
  "client_reminded",
  "matchmaker_alerted",
  "matchmaker_reminded",
  "introduced",
  "declined",
  "expired",
  "date_set",
  "date_confirmed",
  "date_reschedule_requested",
  "date_reminded",
  "dated",
  "feedback_given",
  "second_date",
  "ended",
  "contacts_released",
]);
export type IntroductionEventKind = z.infer<typeof IntroductionEventKind>;

/**
 * One step of the timeline. `side` is whose client the step concerns, seen from the reader (own or
 * other), null for the introduction as a whole. `data` holds only what the reader may know: the
 * other side's reasons, comments and notes never leave their agency.
 */
export const IntroductionEventView = z.object({
  id: Id,
  kind: IntroductionEventKind,
  side: z.enum(["own", "other"]).nullable(),
  actorName: z.string().nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())])),
  createdAt: z.iso.datetime(),
});
export type IntroductionEventView = z.infer<typeof IntroductionEventView>;

export const Ratings = z.object({
  attraction: z.number().int().min(1).max(5),
  conversation: z.number().int().min(1).max(5),
  values: z.number().int().min(1).max(5),
  manners: z.number().int().min(1).max(5),
});
export type Ratings = z.infer<typeof Ratings>;

/** A client's feedback after the date. Ratings are asked only of a date that happened. */
export const FeedbackBody = z
  .object({
    happened: z.boolean(),
    meetAgain: MeetAgain,
    ratings: Ratings.optional(),
    reasons: z.array(DeclineReason).max(DECLINE_REASONS.length).optional(),
    note: text(2000).optional(),
  })
  .refine((b) => !b.happened || b.ratings !== undefined, {
    message: "Rate the date that happened",
    path: ["ratings"],
  });
export type FeedbackBody = z.infer<typeof FeedbackBody>;
export const RecordFeedbackBody = z
  .object({
    clientId: Id,
    happened: z.boolean(),
    meetAgain: MeetAgain,
    ratings: Ratings.optional(),
    reasons: z.array(DeclineReason).max(DECLINE_REASONS.length).optional(),
    note: text(2000).optional(),
  })
  .refine((b) => !b.happened || b.ratings !== undefined, {
    message: "Rate the date that happened",
    path: ["ratings"],
  });
export type RecordFeedbackBody = z.infer<typeof RecordFeedbackBody>;

export const FeedbackView = z.object({
  happened: z.boolean(),
  meetAgain: MeetAgain,
  ratings: Ratings.nullable(),
  reasons: z.array(DeclineReason),
  note: z.string().nullable(),
  recordedByMatchmaker: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type FeedbackView = z.infer<typeof FeedbackView>;

/** The reader's own client in this introduction: everything. */
export const OwnSideView = z.object({
  clientId: Id,
  askedAt: z.iso.datetime().nullable(),
  askNote: z.string().nullable(),
  answer: ClientAnswer.nullable(),
  reason: DeclineReason.nullable(),
  comment: z.string().nullable(),
  answeredAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  dateResponse: DateResponse.nullable(),
  feedback: FeedbackView.nullable(),
});
export type OwnSideView = z.infer<typeof OwnSideView>;

/** The other side's client: whether they were asked and said yes, never a reason or a note. */
export const OtherSideView = z.object({
  clientId: Id,
  asked: z.boolean(),
  /** "yes" once they said yes; a no shows only as the introduction's `declined`. */
  answer: z.literal("yes").nullable(),
  dateResponse: DateResponse.nullable(),
  feedbackGiven: z.boolean(),
});
export type OtherSideView = z.infer<typeof OtherSideView>;

export const IntroductionDetail = IntroductionView.extend({
  own: OwnSideView,
  other: OtherSideView,
  timeline: z.array(IntroductionEventView),
});
export type IntroductionDetail = z.infer<typeof IntroductionDetail>;

/** `clientId` chooses the client when both are the caller's (one agency); otherwise the caller's own. */
export const AskClientBody = z.object({ note: text(1000).optional(), clientId: Id.optional() });
export type AskClientBody = z.infer<typeof AskClientBody>;

export const AnswerBody = z
  .object({
    answer: ClientAnswer,
    reason: DeclineReason.optional(),
    comment: text(2000).optional(),
  })
  .refine((b) => b.answer === "yes" || b.reason !== undefined, {
    message: "Choose a reason",
    path: ["reason"],
  })
  .refine((b) => b.answer === "no" || b.reason === undefined, {
    message: "A reason goes with a no",
    path: ["reason"],
  });
export type AnswerBody = z.infer<typeof AnswerBody>;

export const TokenQuery = z.object({ token: z.string().min(10).max(200) });
export type TokenQuery = z.infer<typeof TokenQuery>;

/** A time PostgreSQL stores and a person could mean: years 2000 to 2100. */
const DateTime = z.iso.datetime({ offset: true }).refine((v) => {
  const year = new Date(v).getUTCFullYear();
  return year >= 2000 && year <= 2100;
}, "Choose a date between 2000 and 2100");

export const DateBody = z.object({
  startsAt: DateTime,
  /** The meeting's time zone; the agency's (the matchmaker's settings) when absent. */
  timeZone: TimeZone.optional(),
  place: text(300).min(1, { message: "Required field" }),
  mapUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
  note: text(1000).optional(),
});
export type DateBody = z.infer<typeof DateBody>;

/** `startsAt`: the date the client answers about; a date moved meanwhile answers 409. */
export const DateResponseBody = z.object({
  response: DateResponse,
  startsAt: DateTime,
  note: text(1000).optional(),
});
export type DateResponseBody = z.infer<typeof DateResponseBody>;

/**
 * What a client sees of one of their introductions. `stage` is theirs: a question to answer,
 * waiting for the other side, introduced (contacts available), a date, feedback to give, or
 * closed (declined, expired or cancelled, never saying by whom).
 */
export const MyIntroductionStage = z.enum([
  "question",
  "waiting",
  "introduced",
  "date",
  "feedback",
  "second_date",
  "closed",
]);
export type MyIntroductionStage = z.infer<typeof MyIntroductionStage>;

export const MyIntroductionView = z.object({
  id: Id,
  stage: MyIntroductionStage,
  candidate: PublicProfileView,
  note: z.string().nullable(),
  askedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  answer: ClientAnswer.nullable(),
  date: DateView.nullable(),
  dateResponse: DateResponse.nullable(),
  feedbackGiven: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type MyIntroductionView = z.infer<typeof MyIntroductionView>;
export const MyIntroductionsView = z.object({ items: z.array(MyIntroductionView) });
export type MyIntroductionsView = z.infer<typeof MyIntroductionsView>;

/** A one-click link's page: the question (or the feedback form) and the candidate's shared view. */
export const PublicIntroductionView = z.object({
  id: Id,
  purpose: z.enum(["answer", "feedback"]),
  clientFirstName: z.string(),
  /** The client's own language: the page opens in it unless the visitor switches. */
  locale: Locale,
  candidate: PublicProfileView,
  note: z.string().nullable(),
  date: DateView.nullable(),
  expiresAt: z.iso.datetime(),
});
export type PublicIntroductionView = z.infer<typeof PublicIntroductionView>;
export const PublicAnswerResult = z.object({ stage: MyIntroductionStage });
export type PublicAnswerResult = z.infer<typeof PublicAnswerResult>;

export const ContactView = z.object({
  clientId: Id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ContactView = z.infer<typeof ContactView>;
export const ContactsView = z.object({ contacts: z.array(ContactView) });
export type ContactsView = z.infer<typeof ContactsView>;

export const ContactField = z.enum(["email", "phone"]);
export const ConsentLedgerEntry = z.object({
  id: Id,
  introductionId: Id,
  /** Whose contacts were shown (always the page's client). */
  subjectId: Id,
  recipientId: Id,
  recipientName: z.string(),
  recipientRole: z.enum(["matchmaker", "client", "admin"]),
  fields: z.array(ContactField),
  /** The two yes answers the release rests on. */
  consents: z.array(z.object({ clientId: Id, answeredAt: z.iso.datetime() })),
  releasedAt: z.iso.datetime(),
});
export type ConsentLedgerEntry = z.infer<typeof ConsentLedgerEntry>;
export const ConsentLedgerView = z.object({ items: z.array(ConsentLedgerEntry) });
export type ConsentLedgerView = z.infer<typeof ConsentLedgerView>;

/** When an agency's clients are reminded of an unanswered question, and when it expires (days). */
export const IntroductionSettings = z
  .object({
    reminderDays: z.array(z.number().int().min(1).max(30)).max(3),
    matchmakerAlertDay: z.number().int().min(1).max(30),
    expiryDays: z.number().int().min(2).max(30),
    /** The agency's time zone: a first date is set in it unless the matchmaker picks another. */
    timeZone: TimeZone.nullable().optional(),
  })
  .refine((s) => s.reminderDays.every((d) => d < s.expiryDays) && s.matchmakerAlertDay < s.expiryDays, {
    message: "Reminders come before the question expires",
    path: ["expiryDays"],
  });
export type IntroductionSettings = z.infer<typeof IntroductionSettings>;

export const INTRODUCTION_ERRORS = [
  "CONSENT_REQUIRED",
  "INTRODUCTION_LINK_INVALID",
  "INTRODUCTION_LINK_USED",
  "INTRODUCTION_LINK_EXPIRED",
] as const;
