import { eq, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Db } from "../db/client.js";
import { rateLimits } from "../db/schema/index.js";
import { AppError } from "./errors.js";
import { hashToken } from "./ids.js";

export type RateLimiter = ReturnType<typeof createRateLimiter>;

const tooMany = (retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", 429, "Too many attempts; try again later", { retryAfterSeconds });

/** Runs a route's work; a refusal of this module's also tells when to come back (`Retry-After`). */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const seconds = error instanceof AppError && error.statusCode === 429 && error.details?.retryAfterSeconds;
    if (typeof seconds === "number") void reply.header("retry-after", String(seconds));
    throw error;
  }
}

/**
 * Counters for what can be guessed (passwords, links). `hit` counts an attempt before it is
 * checked and refuses it past the limit, so parallel guesses cannot slip through; `reset` clears a
 * key after a success. Keys are stored hashed: no e-mail or address sits in the table.
 */
export function createRateLimiter(db: Db) {
  const secondsLeft = (resetAt: Date) => Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  /** Counts one attempt in a fixed window and tells where the count stands, refusing nothing. */
  const take = async (key: string, windowMs: number) => {
    const resetAt = new Date(Date.now() + windowMs);
    const [row] = await db
      .insert(rateLimits)
      .values({ key: hashToken(key), count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    return row!;
  };
  return {
    take,
    async hit(key: string, limit: number, windowMs: number) {
      const row = await take(key, windowMs);
      if (row.count > limit) throw tooMany(secondsLeft(row.resetAt));
      return row.count;
    },
    /**
     * A growing delay (OWASP's exponential lockout, never a fixed lockout): `free` attempts, then
     * one attempt per delay, doubling from `firstDelayMs` up to `maxDelayMs`. An attempt that comes
     * before its time is refused with the seconds left and is not counted, so refused attempts do
     * not lengthen the wait; the count starts over `windowMs` after the last counted attempt. The
     * check and the count are one statement, so parallel attempts cannot share a slot.
     */
    async backoff(
      key: string,
      o: { free: number; firstDelayMs: number; maxDelayMs: number; windowMs: number },
    ) {
      const hashed = hashToken(key);
      const fresh = sql`${rateLimits.resetAt} <= now()`;
      const next = sql`(case when ${fresh} then 1 else ${rateLimits.count} + 1 end)`;
      const [row] = await db
        .insert(rateLimits)
        .values({
          key: hashed,
          count: 1,
          resetAt: sql`now() + ${o.windowMs}::float8 * interval '1 millisecond'`,
          blockedUntil:
            o.free >= 1 ? null : sql`now() + ${o.firstDelayMs}::float8 * interval '1 millisecond'`,
        })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: next,
            // The exponent stops at 30 (past any cap): a count in the thousands, after days of
            // guessing, must not overflow float8 into an error.
            blockedUntil: sql`case when ${next} <= ${o.free}::int then null
              else now() + least(${o.firstDelayMs}::float8 * power(2, least(${next} - ${o.free}::int - 1, 30)), ${o.maxDelayMs}::float8) * interval '1 millisecond' end`,
            resetAt: sql`now() + ${o.windowMs}::float8 * interval '1 millisecond'`,
          },
          setWhere: sql`${fresh} or ${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= now()`,
        })
        .returning({ count: rateLimits.count });
      if (row) return row.count;
      const [blocked] = await db
        .select({ blockedUntil: rateLimits.blockedUntil })
        .from(rateLimits)
        .where(eq(rateLimits.key, hashed));
      throw tooMany(secondsLeft(blocked?.blockedUntil ?? new Date()));
    },
    async reset(key: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, hashToken(key)));
    },
    /** Takes back one counted attempt that turned out to be legitimate (never below zero). */
    async undo(key: string) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, hashToken(key)));
    },
  };
}
