import { z } from "zod";
import { Id } from "../common.js";
import { endpoint } from "../endpoint.js";
import {
  AnswerBody,
  AskClientBody,
  ConsentLedgerView,
  ContactsView,
  DateBody,
  DateResponseBody,
  FeedbackBody,
  IntroductionDetail,
  IntroductionSettings,
  MyIntroductionsView,
  PublicAnswerResult,
  PublicIntroductionView,
  RecordFeedbackBody,
  TokenQuery,
} from "../introductions.js";

const managers = ["INVITER", "ADMIN"] as const;
const parties = ["INVITER", "ADMIN", "INVITEE"] as const;
const tag = "introductions";
const params = z.object({ id: Id });

/**
 * Introductions after the match (API.md): each side's matchmaker asks its client, both clients
 * answer (portal or one-click link), contacts only on both yeses (the consent ledger), the first
 * date with an `.ics`, and feedback from both sides.
 */
export const introductionsApi = {
  introduction: endpoint({
    method: "GET",
    path: "/api/introductions/:id",
    access: managers,
    tag,
    params,
    response: IntroductionDetail,
  }),
  askClient: endpoint({
    method: "POST",
    path: "/api/introductions/:id/ask-client",
    access: managers,
    tag,
    params,
    body: AskClientBody,
    response: IntroductionDetail,
  }),
  publicQuestion: endpoint({
    method: "GET",
    path: "/api/public/introductions/:id/answer",
    access: "public",
    tag,
    params,
    query: TokenQuery,
    response: PublicIntroductionView,
  }),
  publicAnswer: endpoint({
    method: "POST",
    path: "/api/public/introductions/:id/answer",
    access: "public",
    tag,
    params,
    query: TokenQuery,
    body: AnswerBody,
    response: PublicAnswerResult,
  }),
  myIntroductions: endpoint({
    method: "GET",
    path: "/api/me/introductions",
    access: ["INVITEE"],
    tag,
    response: MyIntroductionsView,
  }),
  myAnswer: endpoint({
    method: "POST",
    path: "/api/me/introductions/:id/answer",
    access: ["INVITEE"],
    tag,
    params,
    body: AnswerBody,
    response: PublicAnswerResult,
  }),
  contacts: endpoint({
    method: "GET",
    path: "/api/introductions/:id/contacts",
    access: parties,
    tag,
    params,
    response: ContactsView,
  }),
  consentLedger: endpoint({
    method: "GET",
    path: "/api/clients/:id/consent-ledger",
    access: managers,
    tag,
    params,
    response: ConsentLedgerView,
  }),
  setDate: endpoint({
    method: "PUT",
    path: "/api/introductions/:id/date",
    access: managers,
    tag,
    params,
    body: DateBody,
    response: IntroductionDetail,
  }),
  myDateResponse: endpoint({
    method: "POST",
    path: "/api/me/introductions/:id/date-response",
    access: ["INVITEE"],
    tag,
    params,
    body: DateResponseBody,
    response: PublicAnswerResult,
  }),
  publicFeedbackForm: endpoint({
    method: "GET",
    path: "/api/public/introductions/:id/feedback",
    access: "public",
    tag,
    params,
    query: TokenQuery,
    response: PublicIntroductionView,
  }),
  publicFeedback: endpoint({
    method: "POST",
    path: "/api/public/introductions/:id/feedback",
    access: "public",
    tag,
    params,
    query: TokenQuery,
    body: FeedbackBody,
    response: PublicAnswerResult,
  }),
  myFeedback: endpoint({
    method: "POST",
    path: "/api/me/introductions/:id/feedback",
    access: ["INVITEE"],
    tag,
    params,
    body: FeedbackBody,
    response: PublicAnswerResult,
  }),
  recordFeedback: endpoint({
    method: "POST",
    path: "/api/introductions/:id/feedback",
    access: managers,
    tag,
    params,
    body: RecordFeedbackBody,
    response: IntroductionDetail,
  }),
  settings: endpoint({
    method: "GET",
    path: "/api/introductions/settings",
    access: ["INVITER"],
    tag,
    response: IntroductionSettings,
  }),
  updateSettings: endpoint({
    method: "PUT",
    path: "/api/introductions/settings",
    access: ["INVITER"],
    tag,
    body: IntroductionSettings,
    response: IntroductionSettings,
  }),
};
