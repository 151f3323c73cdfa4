import { lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { emailTokens, oidcStates, rateLimits, sessions } from "../db/schema/index.js";

const HOUR_MS = 3_600_000;
// Used or expired links are kept a week, for support questions ("my link did not work").
const TOKEN_RETENTION_MS = 7 * 24 * HOUR_MS;

/** Deletes what has expired. Safe on many instances at once: each delete is idempotent. */
export async function sweepExpired(db: Db) {
  const now = new Date();
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(oidcStates).where(lt(oidcStates.expiresAt, now));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  await db
    .delete(emailTokens)
    .where(
      lt(
        sql`coalesce(${emailTokens.usedAt}, ${emailTokens.expiresAt})`,
        new Date(Date.now() - TOKEN_RETENTION_MS),
      ),
    );
}

/**
 * Sweeps at start and then every hour, without keeping the process alive. The embedded database
 * has no autovacuum, so housekeeping does its work: without `analyze` the planner has no
 * statistics and, for one, sorts a matchmaker's whole client base instead of reading the first
 * page from the list's index; without `vacuum` old row versions pile up and an index-only count
 * (the directory's total) must visit the table. At start only `analyze`: a vacuum of a large
 * database would hold the embedded database's one connection while the first requests wait.
 */
export function startHousekeeping(db: Db, log: FastifyBaseLogger, o: { vacuum: boolean }): () => void {
  const run = async (first: boolean) => {
    try {
      await sweepExpired(db);
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
