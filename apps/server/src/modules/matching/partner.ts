import { createHmac, timingSafeEqual } from "node:crypto";
import { LIKES_FOR_BETTER_MATCHING, type PartnerLikesBody, type PartnerLinkView } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { conflict, isUniqueViolation } from "../../platform/errors.js";
import { getUser } from "../users/service.js";

// The partner mobile app: a user's SM ID links their account there; the app reports like counts
// by SM ID through a signed call. Signature: hex HMAC-SHA256 of `<timestamp>.<raw body>` with the
// shared secret, in `X-Partner-Signature`, the Unix time in seconds in `X-Partner-Timestamp`,
// accepted within five minutes, so a captured call cannot be replayed later.

export const PARTNER_TOLERANCE_SECONDS = 300;

export function signPartnerPayload(raw: string, secret: string, timestamp: number): string {
  return createHmac("sha256", secret).update(`${timestamp}.${raw}`).digest("hex");
}

export function verifyPartnerSignature(
  raw: string,
  timestampHeader: string | undefined,
  signatureHeader: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!timestampHeader || !signatureHeader || !/^\d{1,12}$/.test(timestampHeader)) return false;
  const timestamp = Number(timestampHeader);
  if (Math.abs(nowSeconds - timestamp) > PARTNER_TOLERANCE_SECONDS) return false;
  if (!/^[0-9a-f]{64}$/i.test(signatureHeader)) return false;
  const expected = Buffer.from(signPartnerPayload(raw, secret, timestamp), "hex");
  return timingSafeEqual(expected, Buffer.from(signatureHeader, "hex"));
}

/** Stores the reported like counts; SM IDs no account links are counted, not stored. */
export async function storePartnerLikes(db: Db, body: PartnerLikesBody) {
  let updated = 0;
  for (const item of body.items) {
    const rows = await db
      .update(users)
      .set({ partnerLikes: item.likes })
      .where(eq(users.smId, item.smId))
      .returning({ id: users.id });
    updated += rows.length;
  }
  return { updated, unknown: body.items.length - updated };
}

export const showLikesHint = (likes: number | null) => (likes ?? 0) < LIKES_FOR_BETTER_MATCHING;

export async function getPartnerLink(db: Db, caller: SessionUser): Promise<PartnerLinkView> {
  const me = await getUser(db, caller.id);
  return { smId: me.smId, likes: me.partnerLikes, showLikesHint: showLikesHint(me.partnerLikes) };
}

/** Links (or, with null, unlinks) the caller's partner-app account; a new link forgets the old count. */
export async function setPartnerLink(
  db: Db,
  caller: SessionUser,
  smId: string | null,
): Promise<PartnerLinkView> {
  const me = await getUser(db, caller.id);
  if (me.smId === smId) return getPartnerLink(db, caller);
  try {
    await db.update(users).set({ smId, partnerLikes: null }).where(eq(users.id, caller.id));
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict("SM_ID_TAKEN", "This SM ID is already linked to another account");
    throw error;
  }
  return getPartnerLink(db, caller);
}
