import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { emailTokens } from "../../db/schema/index.js";
import { hashToken, newId, newToken } from "../../platform/ids.js";

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)["purpose"];

/** Issues a one-time token for a user and purpose; earlier unused ones of that purpose stop working. */
export async function issueEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose, ttlMs: number) {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
      );
    await tx.insert(emailTokens).values({
      id: newId(),
      purpose,
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + ttlMs),
    });
  });
  return token;
}

/** Uses a token once: answers its user, or undefined when unknown, expired, used or of another purpose. */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

/**
 * Checks a reusable token (an edit link) without using it up: "valid" while unexpired and not
 * revoked by a newer one, "expired" once past its time, otherwise "invalid".
 */
export async function checkEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, userId: string) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)));
  if (!row || row.userId !== userId || row.usedAt) return { state: "invalid" as const };
  if (row.expiresAt.getTime() <= Date.now()) return { state: "expired" as const };
  return { state: "valid" as const, expiresAt: row.expiresAt };
}

/** Ends every unused token of a user: their address changed, so links mailed to the old one stop working. */
export async function revokeEmailTokens(db: Db, userId: string) {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
}
