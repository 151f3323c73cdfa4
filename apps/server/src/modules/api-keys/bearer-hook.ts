import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { apiKeys, users } from "../../db/schema/index.js";
import { API_KEY_SESSION_PREFIX, bearerKeyOf } from "../../platform/bearer.js";
import { unauthenticated } from "../../platform/errors.js";
import { hashToken } from "../../platform/ids.js";
import { type RateLimiter, withRetryAfter } from "../../platform/rate-limit.js";

// The last-used time is written at most once a minute, so a busy key does not write on every call.
const TOUCH_AFTER_MS = 60_000;

/**
 * `Authorization: Bearer <key>` on an /api route (issue 18): the request is the key's owner's,
 * with the owner's role and rights, counted against the key's own rate limit (429 with
 * Retry-After). A key that is unknown, revoked, or whose owner is switched off or gone answers
 * 401 on every route, public ones too, so a script learns at once that its key is dead. Runs after
 * the session hook (which leaves such requests alone) and before access control.
 */
export function registerApiKeyHook(
  app: FastifyInstance,
  deps: { db: Db; limiter: RateLimiter; rateLimit: { limit: number; windowMs: number } },
) {
  const lookup = deps.db
    .select({ id: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.secretHash, sql.placeholder("secretHash")), isNull(apiKeys.revokedAt)))
    .prepare("api_key_lookup");
  app.addHook("onRequest", async (request, reply) => {
    const secret = bearerKeyOf(request);
    if (secret === undefined) return;
    const [key] = await lookup.execute({ secretHash: hashToken(secret) });
    const owner = key?.user;
    if (!key || !owner || owner.status === "inactive" || owner.email === null) {
      void reply.header("www-authenticate", 'Bearer realm="api"');
      throw unauthenticated();
    }
    await withRetryAfter(reply, () =>
      deps.limiter.hit(`api-key:${key.id}`, deps.rateLimit.limit, deps.rateLimit.windowMs),
    );
    request.user = {
      id: owner.id,
      role: owner.role,
      email: owner.email,
      firstName: owner.firstName,
      lastName: owner.lastName,
      locale: owner.locale,
      // No session stands behind a key: nothing a session id names (sign-out, live updates) applies.
      sessionId: `${API_KEY_SESSION_PREFIX}${key.id}`,
    };
    request.userRecord = owner;
    const now = new Date();
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
      await deps.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id));
    }
  });
}
