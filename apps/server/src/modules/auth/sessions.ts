import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Db } from "../../db/client.js";
import { sessions, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { hashToken, newId, newToken } from "../../platform/ids.js";

export const SESSION_COOKIE = "sid";
const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
// Sliding expiry is renewed at most once an hour, so a busy user does not write on every request.
const RENEW_AFTER_MS = 3_600_000;

export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await db.insert(sessions).values({ id: newId(), tokenHash: hashToken(token), userId, expiresAt });
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

/** Loads `request.user` from the session cookie: one indexed join per request. */
export function registerSessionHook(app: FastifyInstance, deps: { db: Db; isHttps: boolean }) {
  app.decorateRequest("user", null);
  app.decorateRequest("userRecord", null);
  // Built once: every signed-in request runs it, and building the query costs more than running it.
  const lookup = deps.db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql`now()`)))
    .prepare("session_lookup");
  app.addHook("onRequest", async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const [row] = await lookup.execute({ tokenHash: hashToken(token) });
    if (!row || row.user.status === "inactive") return;
    const user: SessionUser = {
      id: row.user.id,
      role: row.user.role,
      email: row.user.email,
      firstName: row.user.firstName,
      lastName: row.user.lastName,
      locale: row.user.locale,
      sessionId: row.sessionId,
    };
    request.user = user;
    request.userRecord = row.user;
    if (Date.now() - row.lastSeenAt.getTime() > RENEW_AFTER_MS) {
      const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
      await deps.db
        .update(sessions)
        .set({ lastSeenAt: new Date(), expiresAt })
        .where(eq(sessions.id, row.sessionId));
      setSessionCookie(reply, token, expiresAt, deps.isHttps);
    }
  });
}
