import { lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { rateLimits } from "../db/schema/index.js";

const HOUR_MS = 3_600_000;

/** A module's own sweep of what has expired in its tables; each must be idempotent. */
export type Sweep = (db: Db, now: Date) => Promise<void>;

/**
 * Deletes what has expired: the platform's rate-limit counters, then each module's sweep (its
 * tables are its own to delete from). Safe on many instances at once.
 */
export async function sweepExpired(db: Db, sweeps: readonly Sweep[]) {
  const now = new Date();
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  for (const sweep of sweeps) await sweep(db, now);
}

/**
 * Sweeps at start and then every hour, without keeping the process alive. The embedded database
 * has no autovacuum, so housekeeping does its work: without `analyze` the planner has no
 * statistics and, for one, sorts a matchmaker's whole client base instead of reading the first
 * page from the list's index; without `vacuum` old row versions pile up and an index-only count
 * (the directory's total) must visit the table. At start only `analyze`: a vacuum of a large
 * database would hold the embedded database's one connection while the first requests wait.
 */
export function startHousekeeping(
  db: Db,
  log: FastifyBaseLogger,
  o: { vacuum: boolean; sweeps: readonly Sweep[] },
): () => void {
  const run = async (first: boolean) => {
    try {
      await sweepExpired(db, o.sweeps);
      if (o.vacuum) await db.execute(first ? sql`analyze` : sql`vacuum analyze`);
    } catch (err) {
      log.warn({ err }, "housekeeping failed");
    }
  };
  void run(true);
  const timer = setInterval(() => void run(false), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
