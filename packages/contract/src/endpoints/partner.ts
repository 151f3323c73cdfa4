import { endpoint } from "../endpoint.js";
import { PartnerLikesView, PartnerLinkBody, PartnerLinkView } from "../matching.js";

const signedIn = ["ADMIN", "INVITER", "INVITEE"] as const;
// The partner app feeds matching (likes weigh in the AI matches): its routes stay in that group.
const tag = "matching";

/** The partner mobile app: a user's SM ID link, and the like counts the app reports. */
export const partnerApi = {
  link: endpoint({
    method: "GET",
    path: "/api/me/partner",
    access: signedIn,
    tag,
    response: PartnerLinkView,
  }),
  setLink: endpoint({
    method: "PUT",
    path: "/api/me/partner",
    access: signedIn,
    tag,
    body: PartnerLinkBody,
    response: PartnerLinkView,
  }),
  /**
   * The app's like counts by SM ID, signed over the exact body (`X-Partner-Signature`,
   * `X-Partner-Timestamp`); the body is a `PartnerLikesBody`, checked once the signature is.
   */
  likes: endpoint({
    method: "POST",
    path: "/api/partner/likes",
    access: "public",
    tag,
    bodyKind: "raw",
    response: PartnerLikesView,
  }),
};
