import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { rateLimits } from "../db/schema/index.js";
import { AppError } from "./errors.js";
import { hashToken } from "./ids.js";

export type RateLimiter = ReturnType<typeof createRateLimiter>;

const tooMany = (retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", 429, "Too many attempts; try again later", { retryAfterSeconds });

/**
 * Counters for what can be guessed (passwords, links). `hit` counts an attempt before it is
 * checked and refuses it past the limit, so parallel guesses cannot slip through; `reset` clears a
 * key after a success. Keys are stored hashed: no e-mail or address sits in the table.
 */
export function createRateLimiter(db: Db) {
  const secondsLeft = (resetAt: Date) => Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return {
    async hit(key: string, limit: number, windowMs: number) {
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
        .returning();
      if (row!.count > limit) throw tooMany(secondsLeft(row!.resetAt));
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
