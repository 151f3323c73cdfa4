// Candidate ranking for one client among 100,000 published profiles, as a candidates page calls
// it, timed in-process against a seeded database (PGlite, or PostgreSQL through BENCH_DATABASE_URL
// in run.ts). Answers p50 and p95 in ms. The first ranking loads the candidate pool into memory
// (timed apart); before each timed ranking one published profile changes, so every timed ranking
// also brings the pool up to date. The SQL pre-filter's count is reported beside the engine's.

import { statSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../src/db/client.js";
import { clientPreferences, clientProfiles, users } from "../src/db/schema/index.js";
import {
  candidatePoolSaved,
  keepCandidatePoolSnapshot,
  withCandidatePool,
} from "../src/modules/matching/candidate-pool.js";
import { prefilterCandidates } from "../src/modules/matching/candidates-query.js";
import type { MatchInput } from "../src/modules/matching/compatibility-engine.js";
import { rankCandidates } from "../src/modules/matching/ranking.js";
import { newId } from "../src/platform/ids.js";
import { seedIntroduction } from "../src/seed/introductions.js";
import { seedMatchmaker, withoutClientTriggers } from "../src/seed/seed.js";
import { randomMatchInput, seededRandom } from "../test/match-profiles.js";

export type RankingFigures = {
  profiles: number;
  p50: number;
  p95: number;
  /** The same rankings with the learned re-ordering off: what learning costs. */
  engineP50: number;
  engineP95: number;
  /** Profiles the SQL pre-filter hands the engine, per client. */
  meanPrefiltered: number;
  /** Of those, what the engine keeps. */
  meanKept: number;
  seedSeconds: number;
  /** The first ranking of a new instance: no pool, no snapshot of it (it reads the database). */
  firstRankingSeconds: number;
  /** The first ranking after a restart: the pool read back from its snapshot on disk, brought up to date. */
  restartRankingSeconds: number;
  /** The snapshot's size on disk, per member. */
  snapshotBytesPerProfile: number;
  /** From the first ranking until the pool, loading in the background, is loaded. */
  poolLoadSeconds: number;
  /** The heap the loaded pool added, per member (the pool is the only thing loaded meanwhile). */
  poolBytesPerProfile: number;
};

const BATCH = 1000;

/**
 * Inserts `n` complete, published client profiles with preferences, spread over a few agencies,
 * without the client triggers (`withoutClientTriggers` writes what they keep): through them the
 * 100,000 took three minutes on PostgreSQL.
 */
async function seedPublished(db: Database["db"], agencies: string[], n: number, rnd: () => number) {
  const all: string[] = [];
  for (let start = 0; start < n; start += BATCH) {
    const inputs = Array.from({ length: Math.min(BATCH, n - start) }, () => randomMatchInput(rnd));
    const ids = inputs.map(() => newId());
    all.push(...ids);
    await withoutClientTriggers(db, async (tx) => {
      await tx.insert(users).values(
        inputs.map((input, j) => ({
          id: ids[j]!,
          email: `rank-${start + j}@example.test`,
          firstName: "Bench",
          lastName: "Profile",
          gender: input.fields.gender,
          role: "INVITEE" as const,
          inviteCode: `rank${start + j}x${ids[j]!.slice(-10)}`.toLowerCase().replace(/[^a-z0-9]/g, ""),
          inviterId: agencies[(start + j) % agencies.length]!,
          participatesInSearch: true,
        })),
      );
      await tx.insert(clientProfiles).values(
        inputs.map(({ fields: f }, j) => ({
          userId: ids[j]!,
          dateOfBirth: f.dateOfBirth,
          height: f.height ?? 170,
          incomeLevel: f.incomeLevel ?? "FROM_100K_TO_500K",
          country: f.country,
          city: f.city,
          marriageStatus: f.marriageStatus ?? "NEVER_MARRIED",
          faith: f.faith ?? "OTHER",
          educationLevel: f.educationLevel,
          wantsMoreChildren: f.wantsMoreChildren,
          longDistanceRelationship: f.longDistanceRelationship,
          openToRelocation: f.openToRelocation,
          smoking: f.smoking,
          alcohol: f.alcohol,
          foodPreferences: f.foodPreferences,
          loveLanguage: f.loveLanguage,
          familyPlan: f.familyPlan,
          interests: f.interests as Record<string, string[]>,
          narcissism: f.psychology.narcissism,
          borderline: f.psychology.borderline,
          empathy: f.psychology.empathy,
          // Published profiles commonly show a few more fields than the default.
          displaySettings: { incomeLevel: true, smoking: true, alcohol: true, faith: true, familyPlan: true },
          isComplete: true,
        })),
      );
      await tx.insert(clientPreferences).values(
        inputs.map(({ preferences: p }, j) => ({
          userId: ids[j]!,
          ...p,
          qualities: [],
          idealPartner: null,
        })),
      );
      return ids;
    });
  }
  return all;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Seeds `database` (already migrated), then ranks candidates for `runs` of the own agency's clients. */
export async function rankingFigures(
  seeded: Database,
  /** Opens the seeded database again, as a new process would (closing the first before). */
  reopen: () => Promise<Database>,
  /** Where the pool keeps its snapshot (the server: DATA_DIR/cache). */
  snapshotFile: string,
  n = 100_000,
  runs = 20,
): Promise<{ figures: RankingFigures; database: Database }> {
  let database = seeded;
  let db = database.db;
  const rnd = seededRandom(100_000);
  const seedStart = performance.now();
  const own = await seedMatchmaker(db, { email: "rank-own@example.test" });
  const agencies = [];
  for (let i = 0; i < 20; i++)
    agencies.push((await seedMatchmaker(db, { email: `rank-agency-${i}@example.test` })).id);
  const published = await seedPublished(db, agencies, n, rnd);
  await db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // The clients to rank for: the own agency's, not published, with preferences like any other.
  const clients: { id: string; input: MatchInput }[] = [];
  for (let i = 0; i < runs; i++) {
    const input = randomMatchInput(rnd);
    const id = newId();
    await db.insert(users).values({
      id,
      email: `rank-client-${i}@example.test`,
      gender: input.fields.gender,
      role: "INVITEE",
      inviteCode: `rankclient${i}x${id.slice(-10)}`.toLowerCase().replace(/[^a-z0-9]/g, ""),
      inviterId: own.id,
    });
    clients.push({ id, input });
  }
  await db.update(users).set({ participatesInSearch: false }).where(eq(users.inviterId, own.id));
  // Learning on: each client answered introductions to published profiles, and those profiles
  // were answered by others, so every ranking re-orders its best candidates by the learned chance.
  const answered = published.slice(0, 400);
  for (const [i, c] of clients.entries())
    for (let k = 0; k < 12; k++) {
      const other = answered[(i * 37 + k * 11) % answered.length]!;
      const at = new Date(Date.now() - (1000 - i * 12 - k) * 60_000);
      await seedIntroduction(db, {
        client: { clientId: c.id, matchmakerId: own.id, answer: rnd() < 0.4 ? "yes" : "no", answeredAt: at },
        candidate: {
          clientId: other,
          matchmakerId: agencies[0]!,
          answer: rnd() < 0.4 ? "yes" : "no",
          answeredAt: at,
        },
        status: "declined",
      });
    }

  // "After a start": the database closed and opened again, so no pool, learner or cached plan
  // of this process carries over (the pool and the learner belong to the database object).
  await database.close();
  database = await reopen();
  db = database.db;
  keepCandidatePoolSnapshot(db, snapshotFile);
  const today = new Date();
  const rank = (c: (typeof clients)[number], learning = true) =>
    rankCandidates(db, { clientId: c.id, client: c.input, matchmakerId: own.id, today, learning }).then((r) =>
      r.slice(0, 50),
    );
  global.gc?.();
  const memory = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const heapBefore = memory();
  const firstStart = performance.now();
  await rank(clients[0]!);
  const firstRankingSeconds = (performance.now() - firstStart) / 1000;
  // The steady state is measured on the loaded pool: wait for the load the first ranking started.
  await withCandidatePool(db, own.id, today, () => undefined);
  const poolLoadSeconds = (performance.now() - firstStart) / 1000;
  await candidatePoolSaved(db); // the copy it wrote to disk is not the pool's
  global.gc?.();
  // Freed shared buffers leave the count of array buffers a moment after a collection.
  await new Promise((resolve) => setTimeout(resolve, 200));
  global.gc?.();
  // The pool's heap and typed arrays (the learner the first ranking fitted is small beside it).
  const poolBytesPerProfile = (memory() - heapBefore) / n;
  for (const c of clients.slice(1, 3)) await rank(c); // warm-up
  const times: number[] = [];
  const engineTimes: number[] = [];
  for (const [i, c] of clients.entries()) {
    // Someone edits a published profile: the ranking must pick the change up.
    const edited = published[Math.floor(rnd() * published.length)]!;
    await db
      .update(clientProfiles)
      .set({
        height: sql`case when ${clientProfiles.height} < 250 then ${clientProfiles.height} + 1 else 200 end`,
      })
      .where(eq(clientProfiles.userId, edited));
    if (i % 2 === 0)
      await db
        .update(users)
        .set({ participatesInSearch: i % 4 === 0 })
        .where(eq(users.id, edited));
    const started = performance.now();
    await rank(c);
    times.push(performance.now() - started);
    const engineStarted = performance.now();
    await rank(c, false);
    engineTimes.push(performance.now() - engineStarted);
  }
  times.sort((a, b) => a - b);
  engineTimes.sort((a, b) => a - b);

  // A restart: the pool's snapshot (written after its load) is read back and brought up to date
  // with the edits made since, by the first ranking.
  await candidatePoolSaved(db);
  const snapshotBytesPerProfile = statSync(snapshotFile).size / n;
  await database.close();
  database = await reopen();
  db = database.db;
  keepCandidatePoolSnapshot(db, snapshotFile);
  const restartStart = performance.now();
  await rank(clients[1]!);
  const restartRankingSeconds = (performance.now() - restartStart) / 1000;

  let prefiltered = 0;
  let kept = 0;
  const sample = clients.slice(0, 5);
  for (const c of sample) {
    const args = { clientId: c.id, client: c.input, matchmakerId: own.id, today };
    prefiltered += (await prefilterCandidates(db, args)).length;
    kept += (await rankCandidates(db, args)).length;
  }
  const figures = {
    profiles: n,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    engineP50: percentile(engineTimes, 50),
    engineP95: percentile(engineTimes, 95),
    meanPrefiltered: prefiltered / sample.length,
    meanKept: kept / sample.length,
    seedSeconds,
    firstRankingSeconds,
    restartRankingSeconds,
    snapshotBytesPerProfile,
    poolLoadSeconds,
    poolBytesPerProfile,
  };
  return { figures, database };
}
