import type { FastifyRequest } from "fastify";
import type { SessionUser } from "./access.js";
import { forbidden } from "./errors.js";

/** The session id of a request made with an API key: no session stands behind it. */
export const API_KEY_SESSION_PREFIX = "api-key:";

/**
 * Creating or revoking keys, adding, removing or re-sending webhooks and erasing someone need the
 * person signed in: a leaked key could otherwise outlive its revocation (by making another key),
 * route client data to an address of its choice, or erase its owner. 403 for a key.
 */
export function requireSignedInPerson(user: SessionUser): void {
  if (user.sessionId.startsWith(API_KEY_SESSION_PREFIX)) {
    throw forbidden("This needs the person signed in, not an API key");
  }
}

/**
 * The API key of a request that carries `Authorization: Bearer <key>` on an API route (issue 18),
 * or undefined. Such a request is authenticated by the key alone: its cookies are not read, so
 * no cross-site request can ride on them and the origin check does not apply. A browser cannot
 * send this header cross-site without a CORS preflight, which the API never grants.
 */
export function bearerKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const url = request.url;
  if (!url.startsWith("/api/") || url.startsWith("/api/docs")) return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}
