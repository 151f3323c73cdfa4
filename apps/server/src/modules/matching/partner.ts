import {
  LIKES_FOR_BETTER_MATCHING,
  PartnerLikesBody,
  type PartnerLinkView,
  partnerApi,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import type { AppDeps } from "../../deps.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, conflict, isUniqueViolation } from "../../platform/errors.js";
import { route } from "../../platform/route.js";
import { readSignedJson, signWebhookBody, verifyWebhookSignature } from "../../platform/signed-webhook.js";
import { getUser, setPartnerLikes, updateUser } from "../users/service.js";

// The partner mobile app: a user's SM ID links their account there; the app reports like counts
// by SM ID through a signed call. Signature: hex HMAC-SHA256 of `<timestamp>.<raw body>` with the
// shared secret, in `X-Partner-Signature`, the Unix time in seconds in `X-Partner-Timestamp`,
// accepted within five minutes, so a captured call cannot be replayed later
// (platform/signed-webhook.ts checks it, as it does Stripe's).

export const signPartnerPayload = signWebhookBody;

export function verifyPartnerSignature(
  raw: string,
  timestampHeader: string | undefined,
  signatureHeader: string | undefined,
  secret: string,
  nowSeconds?: number,
): boolean {
  return verifyWebhookSignature(
    { rawBody: raw, timestamp: timestampHeader, signatures: signatureHeader ? [signatureHeader] : [] },
    secret,
    nowSeconds,
  );
}

/** The partner app's routes: the caller's SM ID link and the app's signed like counts. */
export function registerPartnerRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, partnerApi.link, (request) => getPartnerLink(deps.db, request.user));
  route(app, partnerApi.setLink, (request) => setPartnerLink(deps.db, request.user, request.body.smId));
  route(app, partnerApi.likes, (request) => {
    const secret = deps.config.partnerAppSecret;
    if (!secret) throw new AppError("PARTNER_NOT_CONFIGURED", 503, "The partner app is not configured");
    const json = readSignedJson(
      request,
      (raw, header) =>
        verifyPartnerSignature(raw, header("x-partner-timestamp"), header("x-partner-signature"), secret),
      () => new AppError("PARTNER_SIGNATURE_INVALID", 401, "The partner signature is not valid"),
    );
    const body = PartnerLikesBody.safeParse(json);
    if (!body.success) throw new AppError("VALIDATION_FAILED", 400, "The like counts are not valid");
    return storePartnerLikes(deps.db, body.data);
  });
}

/** Stores the reported like counts; SM IDs no account links are counted, not stored. */
export async function storePartnerLikes(db: Db, body: PartnerLikesBody) {
  let updated = 0;
  for (const item of body.items) {
    if (await setPartnerLikes(db, item.smId, item.likes)) updated++;
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
    await updateUser(db, caller.id, { smId, partnerLikes: null });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict("SM_ID_TAKEN", "This SM ID is already linked to another account");
    throw error;
  }
  return getPartnerLink(db, caller);
}
