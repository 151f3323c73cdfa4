import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Db } from "../../db/client.js";
import { sessions, users } from "../../db/schema/index.js";
import { bearerKeyOf } from "../../platform/bearer.js";
import { hashToken, newId, newToken } from "../../platform/ids.js";
import { markActive } from "../users/service.js";
import type { CachedSession, SessionCache } from "./session-cache.js";

export const SESSION_COOKIE = "sid";
const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
// Sliding expiry is renewed at most once an hour, so a busy user does not write on every request.
const RENEW_AFTER_MS = 3_600_000;

export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await db.insert(sessions).values({ id: newId(), tokenHash: hashToken(token), userId, expiresAt });
  await markActive(db, userId, new Date());
  return { token, expiresAt };
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure });
}

/**
 * Loads `request.user` from the session cookie: from the session cache, or one indexed join that
 * fills it (see session-cache.ts for why a cached session is never stale).
 */
export function registerSessionHook(
  app: FastifyInstance,
  deps: { db: Db; isHttps: boolean; cache: SessionCache },
) {
  app.decorateRequest("user", null);
  app.decorateRequest("userRecord", null);
  const { cache } = deps;
  // Built once: every uncached request runs it, and building the query costs more than running it.
  const lookup = deps.db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql`now()`)))
    .prepare("session_lookup");
  app.addHook("onRequest", async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    // A request with an API key is its owner's, by the key alone (the api-keys module).
    if (!token || bearerKeyOf(request) !== undefined) return;
    const tokenHash = hashToken(token);
    let session: CachedSession | undefined = cache.get(tokenHash);
    if (!session) {
      const generation = cache.generation;
      [session] = await lookup.execute({ tokenHash });
      if (!session) return;
      cache.set(tokenHash, session, generation);
    }
    const row = session.user;
    // Every way in is by e-mail: an account without one (a client known by phone) has no session.
    if (row.status === "inactive" || row.email === null) return;
    request.user = {
      id: row.id,
      role: row.role,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      locale: row.locale,
      sessionId: session.sessionId,
    };
    request.userRecord = row;
    if (Date.now() - session.lastSeenAt.getTime() > RENEW_AFTER_MS) {
      const generation = cache.generation;
      const now = new Date();
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
      await deps.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt })
        .where(eq(sessions.id, session.sessionId));
      await markActive(deps.db, row.id, now);
      cache.set(tokenHash, { ...session, lastSeenAt: now, expiresAt }, generation);
      setSessionCookie(reply, token, expiresAt, deps.isHttps);
    }
  });
}

/** Whether a session still stands: not ended, not expired, its user not switched off. */
export async function isSessionLive(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)));
  return row !== undefined && row.status !== "inactive";
}
