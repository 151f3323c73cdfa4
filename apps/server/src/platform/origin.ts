import type { FastifyInstance, FastifyRequest } from "fastify";
import { bearerKeyOf } from "./bearer.js";
import { AppError } from "./errors.js";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** An origin (scheme, host and port) in its canonical form, or undefined when it is not a URL. */
function originOf(value: string) {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether `origin` is this site: the public URL's origin, or the origin the request itself was
 * made to (scheme as the server sees it, so behind a proxy only with TRUST_PROXY). Scheme, host and
 * port must all match: `http://` is not the same site as `https://`.
 */
function isSameSite(origin: string, request: FastifyRequest, publicOrigin: string) {
  const given = originOf(origin);
  if (!given) return false;
  return given === publicOrigin || given === originOf(`${request.protocol}://${request.headers.host}`);
}

/**
 * CSRF defence: a browser always sends `Origin` (or `Sec-Fetch-Site`) with a mutation, so a
 * mutation whose origin is not this site is refused. Calls without either header come from
 * servers (webhooks, scripts), which carry no cookies of ours. A request with an API key
 * (`Authorization: Bearer`) is authenticated by the key alone, never by a cookie: no check.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (SAFE.has(request.method) || bearerKeyOf(request) !== undefined) return;
    const origin = request.headers.origin;
    if (request.headers["sec-fetch-site"] === "cross-site") throw crossOrigin();
    if (origin === undefined) return;
    if (!isSameSite(origin, request, publicOrigin)) throw crossOrigin();
  });
}

const crossOrigin = () => new AppError("CROSS_ORIGIN_REQUEST", 403, "Cross-origin request refused");

/**
 * For a WebSocket upgrade (a GET, which the hook above lets through): a browser always sends
 * `Origin` with it, and cookies go along from any site, so it must be present and ours.
 */
export function isOwnOrigin(request: FastifyRequest, publicUrl: string) {
  const origin = request.headers.origin;
  return origin !== undefined && isSameSite(origin, request, new URL(publicUrl).origin);
}
