import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from "@matchdesk/contract";
import { AppError, badRequest } from "./errors.js";

/**
 * Signed webhooks: the caller signs `<unix seconds>.<raw body>` with HMAC-SHA256 and a shared
 * secret, and sends the timestamp and the hex signature in headers. Stripe and the partner app
 * only name and pack those headers differently (each module reads its own), so both are checked
 * here: the same digest, a five-minute window against replays, a constant-time comparison.
 * The route reads the body as sent (`bodyKind: "raw"` in the contract): the signature covers it.
 */

/** How far a signed call's timestamp may be from now, either way, in seconds. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The hex HMAC-SHA256 of `<timestamp>.<raw body>`: what a sender puts in its signature header. */
export function signWebhookBody(rawBody: string, secret: string, timestamp: number): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

export type SignedWebhook = {
  rawBody: string;
  /** Unix seconds, as the header gave them. */
  timestamp: string | undefined;
  /** The hex signatures offered; one matching is enough (a sender rotating its secret sends two). */
  signatures: readonly string[];
};

/** Whether one of the signatures is the body's, made within the tolerance of now. */
export function verifyWebhookSignature(
  { rawBody, timestamp, signatures }: SignedWebhook,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  // Twelve digits reach far past any timestamp the window accepts; longer is not a number we read.
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  const seconds = Number(timestamp);
  if (Math.abs(nowSeconds - seconds) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret, seconds), "hex");
  return signatures.some(
    (candidate) =>
      /^[0-9a-f]{64}$/i.test(candidate) && timingSafeEqual(expected, Buffer.from(candidate, "hex")),
  );
}

/** The request of a raw-body route: the body as the exact string sent, and its headers. */
export type RawRequest = { body: unknown; headers: IncomingHttpHeaders };

/**
 * The JSON of a signed webhook once its signature holds: `verify` checks it against the raw body
 * and the headers (read by name, single-valued), `rejected` is what a bad signature answers.
 * A body that is not JSON is 400 MALFORMED_JSON, and one holding text that cannot be stored 400
 * VALIDATION_FAILED (the contract's text rule, `text.ts`), as on every other route.
 */
export function readSignedJson(
  request: RawRequest,
  verify: (rawBody: string, header: (name: string) => string | undefined) => boolean,
  rejected: () => AppError,
): unknown {
  const rawBody = typeof request.body === "string" ? request.body : "";
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === "string" ? value : undefined;
  };
  if (!verify(rawBody, header)) throw rejected();
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError("MALFORMED_JSON", 400, "The body is not valid JSON");
  }
  const unstorable = unstorableTextPaths(json);
  if (unstorable.length > 0) {
    throw badRequest(
      "VALIDATION_FAILED",
      "The request holds text that cannot be stored",
      Object.fromEntries(unstorable.map((path) => [path || "body", [UNSTORABLE_TEXT_MESSAGE]])),
    );
  }
  return json;
}
