import type { FastifyRequest } from "fastify";

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
