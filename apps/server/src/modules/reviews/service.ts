import {
  type AdminReviewsQuery,
  type AdminReviewView,
  type CreateReviewBody,
  MARKETPLACE_LIMITS,
  type PublicReviewView,
  type RatingBody,
  type RatingSummary,
} from "@matchdesk/contract";
import { and, avg, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyProfiles, agencyRatings, reviews } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { type NotifyDeps, notify, notifyAdmins } from "../notifications/service.js";

// Reviews and ratings of an agency, by the agency's user id. Which agency may be reviewed or
// rated is the agency-page module's: it looks the agency up, then calls these, and keeps the
// agency's directory rating in step, so this module needs neither it nor agencies.

type ReviewRow = typeof reviews.$inferSelect;
const reviewNotFound = () => notFound("REVIEW_NOT_FOUND", "Review not found");
const APPROVED_ON_PAGE = 50;

/**
 * Anyone may review an agency; the review waits for moderation. A filled honeypot gets the same
 * answer and stores nothing; each address may send a few an hour.
 */
export async function createReview(
  deps: NotifyDeps & { limiter: RateLimiter },
  caller: SessionUser | null,
  agency: { userId: string; agencyName: string },
  body: CreateReviewBody,
  ip: string,
) {
  if (caller?.id === agency.userId) {
    throw new AppError("REVIEW_OWN_AGENCY", 403, "An agency cannot review itself");
  }
  if (body.website) return;
  await deps.limiter.hit(`review:${ip}`, MARKETPLACE_LIMITS.reviewsPerIpPerHour, 3_600_000);
  await deps.db.insert(reviews).values({
    id: newId(),
    agencyUserId: agency.userId,
    fromAgencyUserId: caller?.role === "INVITER" ? caller.id : null,
    authorName: body.authorName,
    authorEmail: body.authorEmail,
    text: body.text,
  });
  await notifyAdmins(deps, "review_pending", { authorName: body.authorName, agencyName: agency.agencyName });
}

export async function approvedReviews(db: Db, agencyUserId: string): Promise<PublicReviewView[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.agencyUserId, agencyUserId), eq(reviews.status, "approved")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(APPROVED_ON_PAGE);
  return rows.map((r) => ({
    id: r.id,
    authorName: r.authorName,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
  }));
}

function toAdminView(r: ReviewRow, agency: { agencyName: string; login: string }): AdminReviewView {
  return {
    id: r.id,
    agencyId: r.agencyUserId,
    agencyName: agency.agencyName,
    agencyLogin: agency.login,
    fromAgencyId: r.fromAgencyUserId,
    authorName: r.authorName,
    authorEmail: r.authorEmail,
    text: r.text,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    moderatedAt: r.moderatedAt?.toISOString() ?? null,
  };
}

export async function listReviewsForModeration(db: Db, q: AdminReviewsQuery) {
  const where: SQL | undefined = q.status ? eq(reviews.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: reviews, agencyName: agencyProfiles.agencyName, login: agencyProfiles.login })
      .from(reviews)
      .innerJoin(agencyProfiles, eq(agencyProfiles.userId, reviews.agencyUserId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return {
    items: rows.map((r) => toAdminView(r.review, { agencyName: r.agencyName, login: r.login })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function moderateReview(deps: NotifyDeps, id: string, status: "approved" | "rejected") {
  const { db } = deps;
  const [before] = await db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, id));
  const [row] = await db
    .update(reviews)
    .set({ status, moderatedAt: new Date() })
    .where(eq(reviews.id, id))
    .returning();
  if (!row) throw reviewNotFound();
  const [agency] = await db
    .select({ agencyName: agencyProfiles.agencyName, login: agencyProfiles.login })
    .from(agencyProfiles)
    .where(eq(agencyProfiles.userId, row.agencyUserId));
  if (status === "approved" && before?.status !== "approved") {
    await notify(deps, row.agencyUserId, "review_approved", { authorName: row.authorName });
  }
  return toAdminView(row, agency ?? { agencyName: "", login: "" });
}

export async function deleteReview(db: Db, id: string) {
  const rows = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  if (rows.length === 0) throw reviewNotFound();
}

const round1 = (v: string | number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

export async function ratingSummary(db: Db, agencyUserId: string): Promise<RatingSummary> {
  const [row] = await db
    .select({
      count: count(),
      trust: avg(agencyRatings.trust),
      friendliness: avg(agencyRatings.friendliness),
      speed: avg(agencyRatings.speed),
      resultPerCost: avg(agencyRatings.resultPerCost),
      overall: avg(agencyRatings.overall),
    })
    .from(agencyRatings)
    .where(eq(agencyRatings.agencyUserId, agencyUserId));
  return {
    count: row?.count ?? 0,
    trust: round1(row?.trust ?? null),
    friendliness: round1(row?.friendliness ?? null),
    speed: round1(row?.speed ?? null),
    resultPerCost: round1(row?.resultPerCost ?? null),
    overall: round1(row?.overall ?? null),
  };
}

export async function myRating(db: Db, raterId: string, agencyUserId: string): Promise<RatingBody | null> {
  const [row] = await db
    .select()
    .from(agencyRatings)
    .where(and(eq(agencyRatings.raterUserId, raterId), eq(agencyRatings.agencyUserId, agencyUserId)));
  if (!row) return null;
  const { trust, friendliness, speed, resultPerCost, overall } = row;
  return { trust, friendliness, speed, resultPerCost, overall };
}

/**
 * Saves a matchmaker's rating of an agency; rating it again replaces the earlier rating. Runs in
 * the caller's transaction, which holds the agency's row locked, and answers the agency's new
 * number of ratings and average overall stars for its directory rating.
 */
export async function saveRating(
  db: Db,
  raterUserId: string,
  agencyUserId: string,
  body: RatingBody,
): Promise<{ overall: number | null; count: number }> {
  const now = new Date();
  await db
    .insert(agencyRatings)
    .values({ raterUserId, agencyUserId, ...body })
    .onConflictDoUpdate({
      target: [agencyRatings.raterUserId, agencyRatings.agencyUserId],
      set: { ...body, updatedAt: now },
    });
  const [agg] = await db
    .select({ n: count(), overall: avg(agencyRatings.overall) })
    .from(agencyRatings)
    .where(eq(agencyRatings.agencyUserId, agencyUserId));
  return { overall: agg?.overall == null ? null : Number(agg.overall), count: agg?.n ?? 0 };
}
