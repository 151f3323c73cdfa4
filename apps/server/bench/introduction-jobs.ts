// The introductions' job (reminders, the matchmaker's alert, expiry, date reminders, feedback
// requests) over 100,000 open introductions, timed in-process against a seeded database. The
// questions were asked over the past week and each run is ten minutes after the last, so a run
// finds what crossed a day since then, as it does every ten minutes in production; the mail goes
// to the outbox table.
import { sql } from "drizzle-orm";
import pino from "pino";
import type { Database } from "../src/db/client.js";
import { DEFAULT_SETTINGS } from "../src/modules/introductions/consent.js";
import { runIntroductionJobs } from "../src/modules/introductions/jobs.js";
import { nudgesDue } from "../src/modules/introductions/nudges.js";
import { createMailer } from "../src/platform/mail.js";
import { seedManyIntroductions } from "../src/seed/introductions.js";
import { seedManyClients, seedMatchmaker } from "../src/seed/seed.js";
import { percentile } from "./shared.js";

export type IntroductionJobFigures = {
  open: number;
  runs: number;
  p50: number;
  max: number;
  /** Mean questions reminded, matchmakers alerted and questions expired per run. */
  meanDue: number;
  seedSeconds: number;
};

const DAY_MS = 86_400_000;
const RUN_EVERY_MS = 10 * 60_000;

export async function introductionJobFigures(
  database: Database,
  open = 100_000,
): Promise<IntroductionJobFigures> {
  const db = database.db;
  const seedStart = performance.now();
  const agencies = await Promise.all(
    [0, 1].map((i) => seedMatchmaker(db, { email: `jobs-${i}@example.test`, password: "bench-password" })),
  );
  // 400 x 250 clients make 100,000 distinct pairs.
  const left = await seedManyClients(db, agencies[0]!.id, 400, "jobsl");
  const right = await seedManyClients(db, agencies[1]!.id, 250, "jobsr");
  const start = Date.now();
  const lastRun = new Date(start - RUN_EVERY_MS);
  const rows = Array.from({ length: open }, (_, i) => {
    // Asked at an even spread over the last 7.9 days; what was due at the last run was sent.
    const askedAt = new Date(start - (i / open) * 7.9 * DAY_MS);
    const expiresAt = new Date(askedAt.getTime() + 8 * DAY_MS);
    const before = nudgesDue(
      { askedAt, expiresAt, remindersSent: 0, matchmakerAlerted: false },
      DEFAULT_SETTINGS,
      lastRun,
    );
    return {
      clientId: left[i % left.length]!,
      candidateId: right[Math.floor(i / left.length)]!,
      proposedBy: agencies[0]!.id,
      responderId: agencies[1]!.id,
      status: "asking_clients" as const,
      askedAt,
      expiresAt,
      remindersSent: before.remindersSent,
      matchmakerAlerted: before.alert,
      nextNudgeAt: before.next,
    };
  });
  await seedManyIntroductions(db, rows);
  await db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const mailer = createMailer({
    db,
    log: pino({ level: "silent" }),
    smtpUrl: undefined,
    from: "bench@example.test",
    printKeptMail: false,
  });
  const deps = { db, mailer, config: { publicUrl: "http://localhost:3000" } };
  const times: number[] = [];
  let due = 0;
  for (let run = 0; run < 6; run++) {
    const now = new Date(start + run * RUN_EVERY_MS);
    const t0 = performance.now();
    const r = await runIntroductionJobs(deps, now);
    times.push(performance.now() - t0);
    due += r.reminded.length + r.alerted.length + r.expired.length;
  }
  return {
    open,
    runs: times.length,
    p50: percentile(
      [...times].sort((a, b) => a - b),
      50,
    ),
    max: Math.max(...times),
    meanDue: due / times.length,
    seedSeconds,
  };
}
