import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { rateLimits } from "../db/schema/index.js";
import { AppError } from "./errors.js";

export type RateLimiter = ReturnType<typeof createRateLimiter>;

const tooMany = (retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", 429, "Too many attempts; try again later", { retryAfterSeconds });

/**
 * Counters for what can be guessed (passwords, links). `hit` counts an attempt and refuses it past
 * the limit; `assertUnder` only looks, for counting failures alone (login).
 */
export function createRateLimiter(db: Db) {
  async function count(key: string): Promise<{ count: number; resetAt: Date } | undefined> {
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (!row || row.resetAt.getTime() <= Date.now()) return undefined;
    return row;
  }
  async function increment(key: string, windowMs: number) {
    const resetAt = new Date(Date.now() + windowMs);
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning();
    return row!;
  }
  const secondsLeft = (resetAt: Date) => Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return {
    async hit(key: string, limit: number, windowMs: number) {
      const row = await increment(key, windowMs);
      if (row.count > limit) throw tooMany(secondsLeft(row.resetAt));
    },
    async assertUnder(keys: string[], limit: number) {
      for (const key of keys) {
        const row = await count(key);
        if (row && row.count >= limit) throw tooMany(secondsLeft(row.resetAt));
      }
    },
    async fail(keys: string[], windowMs: number) {
      for (const key of keys) await increment(key, windowMs);
    },
    async reset(key: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
