import path from "node:path";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { openConfiguredDatabase } from "./db/open.js";
import { isDatabaseUnavailable } from "./db/unavailable.js";
import { sweepApplications } from "./modules/applications/service.js";
import { sweepExpiredSignIns } from "./modules/auth/expiry.js";
import { sweepAccessLog } from "./modules/data-rights/access-log.js";
import { sweepExportLinks } from "./modules/data-rights/export.js";
import { startRetentionJob } from "./modules/data-rights/retention.js";
import { sweepIntroductionLinks } from "./modules/introductions/consent.js";
import { startIntroductionJobs } from "./modules/introductions/jobs.js";
import {
  closeCandidatePool,
  keepCandidatePoolSnapshot,
  loadCandidatePool,
} from "./modules/matching/candidate-pool.js";
import { startLearning } from "./modules/matching/learner.js";
import { sweepExpiredProfileAccess } from "./modules/profiles/public.js";
import { startSubscriptionJob } from "./modules/subscriptions/service.js";
import { startTelegram } from "./modules/telegram/poller.js";
import { sweepTelegramCodes } from "./modules/telegram/service.js";
import { sweepWebhookDeliveries } from "./modules/webhooks/service.js";
import { startWebhookWorker } from "./modules/webhooks/worker.js";
import { startHousekeeping } from "./platform/housekeeping.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "./seed/demo.js";

/** How long after the server listens its background work starts. */
const BACKGROUND_DELAY_MS = 3000;

async function main() {
  const started = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  // The candidate pool's snapshot: the first ranking after a start reads it instead of the database.
  keepCandidatePoolSnapshot(database.db, path.join(config.dataDir, "cache", "candidate-pool.bin"));
  const seeded = config.demoData ? await seedDemoData(database.db) : false;
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  /**
   * The background work: housekeeping, the jobs, the candidate pool's load, learning, delivery.
   * Each part's stop is kept as soon as it starts, so a part that fails to start stops the others.
   */
  const stops: (() => unknown)[] = [];
  const startBackground = () => {
    stops.push(
      startHousekeeping(database.db, app.log, {
        vacuum: database.kind === "pglite",
        sweeps: [
          sweepExpiredSignIns,
          sweepExpiredProfileAccess,
          sweepIntroductionLinks,
          sweepAccessLog,
          sweepExportLinks,
          sweepApplications,
          sweepWebhookDeliveries,
          sweepTelegramCodes,
        ],
      }),
    );
    stops.push(startSubscriptionJob(app.deps, app.log));
    stops.push(startIntroductionJobs(app.deps, app.log));
    // A retention run under way finishes its erasure in progress before the database closes.
    stops.push(startRetentionJob(app.deps, app.log));
    loadCandidatePool(database.db, app.log);
    // A snapshot under way, or due because a member left the pool, is written before the database closes.
    stops.push(() => closeCandidatePool(database.db));
    stops.push(startLearning(database.db, app.log));
    const webhookWorker = startWebhookWorker({ ...app.deps, webhooks: config.webhooks }, app.log);
    stops.push(() => webhookWorker.stop());
    if (app.deps.telegram)
      stops.push(startTelegram(database.db, app.deps.telegram, app.log, { publicUrl: config.publicUrl }));
  };
  // The first requests after a start are answered before the background work begins: on PGlite
  // one statement runs at a time, and the start's statistics pass, the candidate pool's load and
  // the jobs' first runs held the first request for a second.
  const backgroundTimer = setTimeout(() => {
    try {
      startBackground();
    } catch (error) {
      app.log.fatal({ err: error }, "background work failed to start");
      void shutdown("background", 1);
    }
  }, BACKGROUND_DELAY_MS);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
  console.log(`\n  MatchDesk is running at ${config.publicUrl} (${where}, ready in ${seconds} s)`);
  if (config.demoData) {
    console.log(
      `${seeded ? "  Demo data created." : "  Demo data present."} Sign in at ${config.publicUrl}/login with:`,
    );
    console.log(`    admin       ${DEMO_ACCOUNTS.admin} / ${DEMO_PASSWORD}`);
    console.log(`    matchmaker  ${DEMO_ACCOUNTS.matchmaker} / ${DEMO_PASSWORD}`);
    console.log("  (DEMO_DATA=false starts without demo data.)\n");
  }

  // Nothing that goes wrong in the background ends the process: a promise nobody awaited (a
  // job's statement when the database went away) is logged (the serializer keeps no values) and
  // the server goes on. An exception nobody caught is a bug unless the database caused it (an
  // 'error' event of a connection): then the server goes on too, else it stops cleanly.
  process.on("unhandledRejection", (reason) => {
    app.log.error({ err: reason }, "unhandled rejection");
  });
  process.on("uncaughtException", (error) => {
    if (isDatabaseUnavailable(error)) {
      app.log.warn({ err: error }, "database connection error");
      return;
    }
    app.log.fatal({ err: error }, "uncaught exception");
    void shutdown("uncaughtException", 1);
  });

  let closing = false;
  /** Stops taking requests, lets the ones in flight finish, then closes the database (10 s at most). */
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      clearTimeout(backgroundTimer);
      // The background work stops while the requests in flight finish.
      const stopped = await Promise.allSettled([...stops.map(async (stop) => stop()), app.close()]);
      for (const s of stopped)
        if (s.status === "rejected") app.log.error({ err: s.reason }, "shutdown: a part failed to stop");
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
    process.exit(exitCode);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
