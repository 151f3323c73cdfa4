import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyRatings, reviews } from "../../db/schema/index.js";

/** Deletes reviews and ratings the person wrote and, for an agency, those written about it. */
export async function eraseReviewsOf(tx: Db, userId: string, email: string | null): Promise<number> {
  const rows = await tx
    .delete(reviews)
    .where(
      or(
        eq(reviews.agencyUserId, userId),
        eq(reviews.fromAgencyUserId, userId),
        email ? sql`lower(${reviews.authorEmail}) = ${email.toLowerCase()}` : sql`false`,
      ),
    )
    .returning({ id: reviews.id });
  const ratings = await tx
    .delete(agencyRatings)
    .where(or(eq(agencyRatings.raterUserId, userId), eq(agencyRatings.agencyUserId, userId)))
    .returning({ id: agencyRatings.raterUserId });
  return rows.length + ratings.length;
}
