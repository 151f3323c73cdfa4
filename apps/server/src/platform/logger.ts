import { randomUUID } from "node:crypto";
import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";

/**
 * Logs carry method, path, status and timing; never query strings (they hold tokens), a token in
 * a path, bodies, cookies or addresses, so no personal data reaches the log.
 */
export function loggerOptions(config: Pick<Config, "logLevel" | "env">): FastifyServerOptions {
  return {
    logger: {
      level: config.env === "test" ? "silent" : config.logLevel,
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          path: withoutTokens(req.url.split("?")[0]!),
          id: req.id,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
      redact: ["req.headers", "headers.cookie", "headers.authorization", "email", "password"],
    },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
  };
}

/** Paths that carry a secret in the path itself (an export's file links, invite codes) are logged without it. */
const TOKEN_PATHS = /^(\/api\/(?:export-files|invites)\/)[^/]+/;
export const withoutTokens = (path: string) => path.replace(TOKEN_PATHS, "$1[token]");

/** Database errors quote the query's parameters (e-mails, names): keep only the message and stack. */
function serializeError(error: Error & { code?: string; cause?: unknown }) {
  const scrub = (text: string | undefined) =>
    (text ?? "").replace(/\nparams:[^\n]*/g, "\nparams: [redacted]");
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return {
    type: error.name,
    code: error.code,
    message: scrub(error.message),
    stack: scrub(error.stack),
    cause,
  };
}
