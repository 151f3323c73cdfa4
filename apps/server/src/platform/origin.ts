import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.js";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence: a browser always sends `Origin` (or `Sec-Fetch-Site`) with a mutation, so a
 * mutation whose origin is not this site is refused. Calls without either header come from
 * servers (webhooks, scripts), which carry no cookies of ours.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).host;
  app.addHook("onRequest", async (request) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site") throw crossOrigin();
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw crossOrigin();
    }
    if (host !== request.headers.host && host !== allowed) throw crossOrigin();
  });
}

const crossOrigin = () => new AppError("CROSS_ORIGIN_REQUEST", 403, "Cross-origin request refused");

/**
 * For a WebSocket upgrade (a GET, which the hook above lets through): a browser always sends
 * `Origin` with it, and cookies go along from any site, so it must be present and ours.
 */
export function isOwnOrigin(origin: string | undefined, requestHost: string | undefined, publicUrl: string) {
  if (!origin) return false;
  try {
    const host = new URL(origin).host;
    return host === requestHost || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}
