import type { AgencyPageView, CreateReviewBody, RatingBody } from "@matchdesk/contract";
import type { Db } from "../../db/client.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError } from "../../platform/errors.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { fileUrl } from "../../platform/storage.js";
import { agencyOffer, findPublicAgency, lockAgency, setAgencyRating } from "../agencies/service.js";
import type { NotifyDeps } from "../notifications/service.js";
import { listCertificates } from "../profiles/certificates.js";
import { approvedReviews, createReview, myRating, ratingSummary, saveRating } from "../reviews/service.js";

// The public agency page (SPEC 2): the agency, its certificates, reviews and ratings; and the
// review and the rating sent from it, for an agency the public may see.

export async function getAgencyPage(
  db: Db,
  caller: SessionUser | null,
  idOrLogin: string,
): Promise<AgencyPageView> {
  const { agency: a, user: u } = await findPublicAgency(db, idOrLogin);
  const contactName = [a.contactFirstName, a.contactLastName].filter(Boolean).join(" ");
  const [certificates, rating, reviews, mine] = await Promise.all([
    listCertificates(db, a.userId),
    ratingSummary(db, a.userId),
    approvedReviews(db, a.userId),
    caller?.role === "INVITER" && caller.id !== a.userId ? myRating(db, caller.id, a.userId) : null,
  ]);
  return {
    userId: a.userId,
    login: a.login,
    agencyName: a.agencyName,
    logoUrl: u.avatarKey ? fileUrl(u.avatarKey) : null,
    contactName: contactName || null,
    country: a.country,
    city: a.city,
    ...agencyOffer(a),
    certificates: certificates.items,
    isVerified: u.isVerified,
    verifiedSince: u.isVerified && u.verifiedAt ? u.verifiedAt.getUTCFullYear() : null,
    rating,
    reviews,
    myRating: mine,
  };
}

/** A review of a public agency, from anyone; it waits for moderation (reviews module). */
export async function reviewAgency(
  deps: NotifyDeps & { limiter: RateLimiter },
  caller: SessionUser | null,
  idOrLogin: string,
  body: CreateReviewBody,
  ip: string,
) {
  const { agency } = await findPublicAgency(deps.db, idOrLogin);
  await createReview(deps, caller, agency, body, ip);
}

/**
 * A matchmaker rates another agency; rating it again replaces the earlier rating. The agency's
 * directory rating is recomputed in the same transaction, under a lock on the agency's row, so
 * two ratings at once cannot leave a stale average.
 */
export async function rateAgency(db: Db, caller: SessionUser, idOrLogin: string, body: RatingBody) {
  const { agency } = await findPublicAgency(db, idOrLogin);
  if (agency.userId === caller.id) {
    throw new AppError("RATING_OWN_AGENCY", 403, "You cannot rate your own agency");
  }
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await lockAgency(txDb, agency.userId);
    const { overall, count } = await saveRating(txDb, caller.id, agency.userId, body);
    await setAgencyRating(txDb, agency.userId, overall, count);
  });
  return { ...body, agencyId: agency.userId, summary: await ratingSummary(db, agency.userId) };
}
