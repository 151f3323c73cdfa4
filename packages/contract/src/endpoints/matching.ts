import { z } from "zod";
import { Id, pageOf } from "../common.js";
import { endpoint } from "../endpoint.js";
import {
  AdviceBody,
  AdviceView,
  CandidateItem,
  CandidateMarkBody,
  CandidateMarkView,
  CandidateProfileView,
  CandidatesQuery,
  CompatibilityBody,
  CompatibilityPriceQuery,
  CompatibilityPriceView,
  CompatibilityResultsQuery,
  CompatibilityRunView,
  IntroductionAction,
  IntroductionBody,
  IntroductionsPage,
  IntroductionsQuery,
  IntroductionView,
  MyCandidatesView,
  ValidityView,
} from "../matching.js";

const managers = ["INVITER", "ADMIN"] as const;
const tag = "matching";
const params = z.object({ id: Id });

/** Compatibility checks, candidates, introductions and AI advice (SPEC 1, 2, 4). The partner app's routes are `partnerApi`. */
export const matchingApi = {
  price: endpoint({
    method: "GET",
    path: "/api/matching/price",
    access: managers,
    tag,
    query: CompatibilityPriceQuery,
    response: CompatibilityPriceView,
  }),
  /** 201 with a new (charged) result, 200 with the one kept from a retry within the window. */
  compatibility: endpoint({
    method: "POST",
    path: "/api/matching/compatibility",
    access: managers,
    tag,
    body: CompatibilityBody,
    response: { 200: CompatibilityRunView, 201: CompatibilityRunView },
  }),
  results: endpoint({
    method: "GET",
    path: "/api/matching/results",
    audit: { action: "view", of: "reported" },
    access: managers,
    tag,
    query: CompatibilityResultsQuery,
    response: pageOf(CompatibilityRunView),
  }),
  candidates: endpoint({
    method: "GET",
    path: "/api/clients/:id/candidates",
    // The client, and each candidate on the page.
    audit: { action: "view", of: "reported" },
    access: managers,
    tag,
    params,
    query: CandidatesQuery,
    response: pageOf(CandidateItem),
  }),
  markCandidate: endpoint({
    method: "PUT",
    path: "/api/clients/:id/candidates/:candidateId",
    audit: { action: "change", param: "id" },
    access: managers,
    tag,
    params: z.object({ id: Id, candidateId: Id }),
    body: CandidateMarkBody,
    response: CandidateMarkView,
  }),
  /** One candidate's shared profile (display settings applied), if they are in the client's pool. */
  candidateProfile: endpoint({
    method: "GET",
    path: "/api/clients/:id/candidates/:candidateId/profile",
    audit: { action: "view", param: "candidateId" },
    access: managers,
    tag,
    params: z.object({ id: Id, candidateId: Id }),
    response: CandidateProfileView,
  }),
  proposeIntroduction: endpoint({
    method: "POST",
    path: "/api/introductions",
    access: managers,
    tag,
    body: IntroductionBody,
    response: IntroductionView,
    status: 201,
  }),
  introductions: endpoint({
    method: "GET",
    path: "/api/introductions",
    audit: { action: "view", of: "reported" },
    access: managers,
    tag,
    query: IntroductionsQuery,
    response: IntroductionsPage,
  }),
  actOnIntroduction: endpoint({
    method: "POST",
    path: "/api/introductions/:id/:action",
    audit: { action: "change", param: "id", of: "introduction" },
    access: managers,
    tag,
    params: z.object({ id: Id, action: IntroductionAction }),
    response: IntroductionView,
  }),
  myCandidates: endpoint({
    method: "GET",
    path: "/api/me/candidates",
    access: ["INVITEE"],
    tag,
    response: MyCandidatesView,
  }),
  /** How well past scores predicted what happened: the caller's agency, ADMIN the marketplace (issue 15). */
  validity: endpoint({
    method: "GET",
    path: "/api/matching/validity",
    access: managers,
    tag,
    response: ValidityView,
  }),
  advice: endpoint({
    method: "POST",
    path: "/api/ai/advice",
    access: managers,
    tag,
    body: AdviceBody,
    response: AdviceView,
  }),
};
