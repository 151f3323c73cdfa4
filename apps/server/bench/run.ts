// `npm run bench`: seeds a fresh database, starts the production server through `npm start`'s
// script, and measures each scenario with autocannon next to the bare /api/health route. Then a
// second, national-scale phase (issue 21) on a database and server of its own: the client
// searches at 50,000 own clients among 200,000, and on PostgreSQL the directory at 100,000
// agencies (`SCALE_SCENARIOS`), in a second table, with the EXPLAINs of both phases' searches,
// each phase's seeding time and the bench's total run time (target under 15 minutes).
// `BENCH_ONLY=text` measures only the scenarios whose name contains it (in both phases; the
// national-scale phase is not seeded when none of its scenarios match). `BENCH_SERVER_LOG=1` shows
// the servers' own log (warnings and errors) among the bench's output.
// `npm run bench -- engine` measures only the compatibility engine (pair scores a second, one core);
// `npm run bench -- csv-import` only the 10,000-row client CSV import (issue 18);
// `npm run bench -- introductions-job` only the introductions' job over 100,000 open introductions
// (issue 14; its own database, like ranking);
// `npm run bench -- ranking` only candidate ranking among 100,000 published profiles (seeds its own
// database: PGlite, or a throwaway one on BENCH_DATABASE_URL); BENCH_RANKING_PROFILES=1000000
// ranks among a million instead (issue 21's national case, on PostgreSQL: about 15 minutes of
// seeding, and the pool takes about 0.5 GB of memory).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { ClientsQuery } from "@matchdesk/contract";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { type Database, openDatabase } from "../src/db/client.js";
import { explainDirectory } from "../src/modules/agencies/directory.js";
import { explainClientSearch } from "../src/modules/clients/service.js";
import type { SessionUser } from "../src/platform/access.js";
import { type CsvImportFigures, csvImportFigures } from "./csv-import.js";
import { type IntroductionJobFigures, introductionJobFigures } from "./introduction-jobs.js";
import { type RankingFigures, rankingFigures } from "./ranking.js";
import {
  BARE,
  type BenchContext,
  CLIENT_SEARCHES,
  DIRECTORY_SEARCHES,
  type Request,
  SCALE,
  SCALE_SCENARIOS,
  SCENARIOS,
  type Scenario,
  seedBench,
  seedNationalScale,
  typedText,
} from "./scenarios.js";
import { percentile, adminQuery as sharedAdminQuery } from "./shared.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_DURATION ?? 5);
/**
 * Seconds of untimed requests before each scenario is measured: the first requests of a route pay
 * for compiling its code and planning its statements, once per process, which is not what a
 * running server's p95 is about. Scenarios with a fixed `amount` (sign-in's rate limit) get none.
 */
const warmup = Number(process.env.BENCH_WARMUP ?? 1);
const only = process.env.BENCH_ONLY;
/** A PostgreSQL server to run on instead of PGlite: a throwaway database is made on it and dropped. */
const pgServer = process.env.BENCH_DATABASE_URL;

const adminQuery = (text: string) => sharedAdminQuery(pgServer, text);

/** A fresh database for the bench: PGlite in `dir`, or a new database on BENCH_DATABASE_URL. */
async function freshDatabase(
  dir: string,
  name: string,
): Promise<{ open(): Promise<Database>; env: Record<string, string>; drop(): Promise<void> }> {
  if (!pgServer) {
    return {
      open: () => openDatabase({ kind: "pglite", dataDir: path.join(dir, "db") }),
      env: {},
      drop: async () => {},
    };
  }
  const dbName = `md_bench_${name}_${process.pid}`;
  await adminQuery(`drop database if exists ${dbName} with (force)`);
  await adminQuery(`create database ${dbName}`);
  const url = new URL(pgServer);
  url.pathname = `/${dbName}`;
  return {
    open: () => openDatabase({ kind: "postgres", url: url.toString() }),
    env: { DATABASE_URL: url.toString() },
    drop: () => adminQuery(`drop database if exists ${dbName} with (force)`),
  };
}

type Figures = {
  name: string;
  p50: number;
  p95: number;
  rps: number;
  errors: number;
  ratio?: number;
  verdict?: string;
};

function startServer(dataDir: string, extraEnv: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    stdio: ["ignore", process.env.BENCH_SERVER_LOG ? "inherit" : "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitHealthy(timeoutMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return performance.now() - start;
    } catch {}
    await sleep(25);
  }
  throw new Error("server did not become healthy");
}

/** The machine's CPU time so far, idle and in all, over every core. */
function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return { idle, total };
}

/**
 * Waits until the server has settled, and says after how long (s). Its background work begins 3 s
 * after it listens (main.ts: housekeeping's statistics pass, the candidate pool's load, learning,
 * the jobs' first runs), and a database seeded just before has work of its own to do (PostgreSQL's
 * autovacuum after a bulk load). The scenarios measure a running server, so they begin once the
 * machine's cores have been busy less than a quarter of the time for SETTLED_WINDOW_MS: at least
 * 5 s after the server is healthy, at most 90 s (a machine busy with something else).
 */
const SETTLED_WINDOW_MS = 2000;
async function settled(): Promise<number> {
  const start = performance.now();
  await sleep(5000 - SETTLED_WINDOW_MS);
  let last = cpuTimes();
  while (performance.now() - start < 90_000) {
    await sleep(SETTLED_WINDOW_MS);
    const now = cpuTimes();
    const busy = 1 - (now.idle - last.idle) / Math.max(1, now.total - last.total);
    last = now;
    if (busy < 0.25) break;
  }
  return (performance.now() - start) / 1000;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))!
    .split(";")[0]!;
}

/** Gives each request, whichever connection sends it, the next of `paths`. */
function nextPath(paths: string[]) {
  let next = 0;
  return (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length]! });
}

async function measure(
  scenario: Scenario,
  ctx: BenchContext,
  cookies: Map<string, string>,
  seconds = duration,
): Promise<Figures> {
  const req: Request = scenario.request(ctx);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (req.signedInAs) {
    if (!cookies.has(req.signedInAs)) cookies.set(req.signedInAs, await signIn(req.signedInAs, ctx.password));
    headers.cookie = cookies.get(req.signedInAs)!;
  }
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${req.path}`,
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        connections: scenario.connections ?? 10,
        ...(scenario.paths && { requests: [{ setupRequest: nextPath(scenario.paths()) }] }),
        ...(scenario.amount ? { amount: scenario.amount } : { duration: seconds }),
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode >= 400) errors++;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    name: scenario.name,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: result.requests.average,
    errors: Math.max(errors, result.non2xx) + result.errors,
  };
}

/** The bare route, then each scenario after its warm-up, with its verdict against its targets. */
async function measureAll(scenarios: Scenario[], ctx: BenchContext): Promise<Figures[]> {
  const cookies = new Map<string, string>();
  await measure(BARE, ctx, cookies, warmup);
  const bare = await measure(BARE, ctx, cookies);
  const results: Figures[] = [bare];
  for (const scenario of scenarios) {
    if (!scenario.amount && warmup > 0) await measure(scenario, ctx, cookies, warmup);
    const f = await measure(scenario, ctx, cookies);
    f.ratio = f.rps / bare.rps;
    const checks: string[] = [];
    const target = (pgServer && scenario.postgresTargetP95Ms) || scenario.targetP95Ms;
    if (target !== undefined) checks.push(f.p95 <= target ? "p95 ok" : `p95 OVER ${target} ms`);
    if (scenario.targetRatio !== undefined)
      checks.push(f.ratio >= scenario.targetRatio ? "ratio ok" : `ratio UNDER ${scenario.targetRatio}`);
    f.verdict = checks.join(", ");
    results.push(f);
  }
  return results;
}

function tableLines(results: Figures[]): string[] {
  const width = Math.max(40, ...results.map((f) => f.name.length));
  return [
    `${"scenario".padEnd(width)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"req/s".padStart(9)} ${"ratio".padStart(6)} ${"errors".padStart(7)}  target`,
    ...results.map(
      (f) =>
        `${f.name.padEnd(width)} ${f.p50.toFixed(1).padStart(8)} ${f.p95.toFixed(1).padStart(8)} ${f.rps.toFixed(0).padStart(9)} ${(f.ratio ?? 1).toFixed(2).padStart(6)} ${String(f.errors).padStart(7)}  ${f.verdict ?? ""}`,
    ),
  ];
}

/**
 * EXPLAIN ANALYZE of the searches the scenarios make, on the seeded database: the directory's
 * (with `directorySize`) and the client list's, as the bench matchmaker, including one text of
 * each kind the "different text each time" scenario types.
 */
async function explainSearches(
  db: Database["db"],
  ctx: BenchContext,
  o: { directorySize?: string; clientsSize: string },
): Promise<string[]> {
  const plans: string[] = [];
  if (o.directorySize)
    for (const [name, q] of Object.entries(DIRECTORY_SEARCHES)) {
      plans.push(`EXPLAIN directory search ${name} ${JSON.stringify(q)} (${o.directorySize}):`);
      plans.push(...(await explainDirectory(db, q)).map((line) => `    ${line}`));
    }
  const matchmaker = { id: ctx.matchmakerId, role: "INVITER" } as SessionUser;
  const searches: [string, Record<string, string | number>][] = [
    ...Object.entries(CLIENT_SEARCHES),
    ...[0, 1, 2].map((i): [string, Record<string, string | number>] => [
      "typed",
      { q: typedText(i), page: 1, pageSize: 20 },
    ]),
  ];
  for (const [name, q] of searches) {
    plans.push(`EXPLAIN client search ${name} ${JSON.stringify(q)} (${o.clientsSize}):`);
    const plan = await explainClientSearch(db, matchmaker, ClientsQuery.parse(q));
    plans.push(...plan.map((line) => `    ${line}`));
  }
  return plans;
}

type ScaleFigures = {
  results: Figures[];
  plans: string[];
  seedSeconds: number;
  coldStartMs: number;
  settledSeconds: number;
  agencies: number;
};

/**
 * The national-scale phase: a database of its own seeded with `seedNationalScale` (the directory's
 * 100,000 agencies on PostgreSQL only), the production server started on it, and the scale
 * scenarios measured there. Undefined when BENCH_ONLY selects none of them (nothing is seeded).
 * Runs while no other server holds the bench's port.
 */
async function measureNationalScale(work: string): Promise<ScaleFigures | undefined> {
  const scenarios = SCALE_SCENARIOS.filter(
    (s) => (pgServer || !s.postgresOnly) && (!only || s.name.includes(only)),
  );
  if (scenarios.length === 0) return undefined;
  const dir = path.join(work, "scale");
  mkdirSync(dir, { recursive: true });
  const target = await freshDatabase(dir, "scale");
  try {
    const database = await target.open();
    const agencies = pgServer ? SCALE.agencies : 0;
    let ctx: BenchContext;
    let seedSeconds: number;
    let plans: string[];
    try {
      await database.migrate();
      const seedStart = performance.now();
      ctx = await seedNationalScale(database.db, { agencies: agencies > 0 });
      seedSeconds = (performance.now() - seedStart) / 1000;
      const clients = `${SCALE.ownClients.toLocaleString("en-US")} own clients among ${(SCALE.ownClients * (SCALE.otherAgencies + 1)).toLocaleString("en-US")}`;
      plans = await explainSearches(database.db, ctx, {
        directorySize: agencies ? `${agencies.toLocaleString("en-US")} agencies` : undefined,
        clientsSize: clients,
      });
    } finally {
      await database.close();
    }
    const server = startServer(dir, target.env);
    try {
      const coldStartMs = await waitHealthy(60_000);
      const settledSeconds = await settled();
      return {
        results: await measureAll(scenarios, ctx),
        plans,
        seedSeconds,
        coldStartMs,
        settledSeconds,
        agencies,
      };
    } finally {
      await stop(server);
    }
  } finally {
    await target.drop();
  }
}

/** The bench's total run time so far, from the start of this process. */
function totalLine(): string {
  const seconds = performance.now() / 1000;
  return `bench total run time: ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s (target < 15 min, issue 21) ${seconds < 15 * 60 ? "ok" : "OVER"}`;
}

type ScriptFigures = { kb: number; files: number };

/**
 * Gzipped bytes of every script a page loads before it is idle: the landing page for a visitor,
 * and the signed-in shell's first load (a matchmaker opening the app: layout and dashboard).
 */
async function firstLoadJs(
  ctx: BenchContext,
): Promise<{ landing: ScriptFigures; landingRu: ScriptFigures; shell: ScriptFigures }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const measure = async (path: string, signedInAs?: string, locale?: string): Promise<ScriptFigures> => {
      const context = await browser.newContext();
      if (locale)
        await context.addCookies(
          ["locale", "public-locale"].map((name) => ({ name, value: locale, url: base })),
        );
      if (signedInAs) {
        const login = await context.request.post(`${base}/api/auth/login`, {
          data: { email: signedInAs, password: ctx.password },
        });
        if (!login.ok()) throw new Error(`bench sign-in failed: ${login.status()}`);
      }
      const page = await context.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on("response", (res) => {
        if (res.request().resourceType() === "script") bodies.push(res.body());
      });
      await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
      // The signed-in shell renders after the session check: wait for the page's heading, then idle.
      await page.waitForSelector("h1", { timeout: 60_000 });
      await page.waitForLoadState("networkidle");
      const lang = await page.getAttribute("html", "lang");
      if (locale && !lang?.startsWith(locale.slice(0, 2)))
        throw new Error(`bench: ${path} rendered in ${lang}, not ${locale}`);
      const all = await Promise.all(bodies);
      await context.close();
      const bytes = all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
      return { kb: bytes / 1024, files: all.length };
    };
    return {
      landing: await measure("/", undefined, "en-US"),
      landingRu: await measure("/", undefined, "ru-RU"),
      shell: await measure("/admin", ctx.matchmakerEmail),
    };
  } finally {
    await browser.close();
  }
}

type ImageFigures = { p50: number; p95: number; baselineRssMb: number; peakRssMb: number; inputMb: number };

/** The upload pipeline (sniff, decode, rotate, strip, resize to 1920 px WebP and a thumbnail) on a 12-MP camera JPEG. */
async function imageFigures(work: string): Promise<ImageFigures> {
  // Noise compresses like a real photo does not; a gradient under light noise is closer to a camera's file.
  const width = 4000;
  const height = 3000;
  const jpeg = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .composite([
      {
        input: await sharp({
          create: { width, height, channels: 4, background: { r: 200, g: 120, b: 80, alpha: 0.6 } },
        })
          .png()
          .toBuffer(),
      },
    ])
    .jpeg({ quality: 90 })
    .withExifMerge({ IFD0: { Make: "Bench", Model: "12MP" } })
    .toBuffer();
  const file = path.join(work, "12mp.jpg");
  writeFileSync(file, jpeg);
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "apps/server/bench/image-worker.ts"), file, "10"],
    { cwd: root, encoding: "utf8" },
  );
  return {
    ...(JSON.parse(out.trim().split("\n").pop()!) as Omit<ImageFigures, "inputMb">),
    inputMb: jpeg.length / 1048576,
  };
}

type EngineFigures = {
  pairsPerSecond: number;
  randomPairsPerSecond: number;
  randomExcludedShare: number;
  explainedPerSecond: number;
};

/** Compatibility engine pair scores a second on one core, in a child process of its own. */
function engineFigures(): EngineFigures {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "apps/server/bench/engine-worker.ts"), String(duration)],
    { cwd: root, encoding: "utf8" },
  );
  return JSON.parse(out.trim().split("\n").pop()!) as EngineFigures;
}

const ENGINE_TARGET = 200_000;

function engineLine(e: EngineFigures): string {
  const n = (v: number) => Math.round(v).toLocaleString("en-US");
  return `compatibility engine, one core: ${n(e.pairsPerSecond)} pair scores/s on pairs that pass the deal-breakers (target >= ${n(ENGINE_TARGET)}) ${e.pairsPerSecond >= ENGINE_TARGET ? "ok" : "UNDER"}; ${n(e.randomPairsPerSecond)}/s on random pairs (${Math.round(e.randomExcludedShare * 100)}% excluded early); ${n(e.explainedPerSecond)}/s with the explained text`;
}

/** Published profiles ranked among: 100,000 by default, a million behind the flag. */
const RANKING_PROFILES = Number(process.env.BENCH_RANKING_PROFILES ?? 100_000);
/** Issue 21's targets: 150 ms at 100,000 profiles, 200 ms at 1,000,000 (and for any size above 100,000). */
const RANKING_TARGET_MS = RANKING_PROFILES > 100_000 ? 200 : 150;

/** Candidate ranking on a database of its own, seeded with RANKING_PROFILES published profiles. */
async function measureRanking(work: string): Promise<RankingFigures> {
  if (!Number.isInteger(RANKING_PROFILES) || RANKING_PROFILES < 1000)
    throw new Error("BENCH_RANKING_PROFILES: a whole number of profiles, at least 1000");
  const dir = path.join(work, "ranking");
  mkdirSync(dir, { recursive: true });
  const target = await freshDatabase(dir, "ranking");
  let database = await target.open();
  try {
    await database.migrate();
    const result = await rankingFigures(
      database,
      () => target.open(),
      path.join(dir, "candidate-pool.bin"),
      RANKING_PROFILES,
    );
    database = result.database;
    return result.figures;
  } finally {
    await database.close();
    await target.drop();
  }
}

const JOB_TARGET_MS = 2000;

/** The introductions' job over 100,000 open introductions, on a database of its own. */
async function measureIntroductionJobs(work: string): Promise<IntroductionJobFigures> {
  const dir = path.join(work, "jobs");
  mkdirSync(dir, { recursive: true });
  const target = await freshDatabase(dir, "jobs");
  const database = await target.open();
  try {
    await database.migrate();
    return await introductionJobFigures(database);
  } finally {
    await database.close();
    await target.drop();
  }
}

function jobLine(j: IntroductionJobFigures): string {
  return `introductions job (reminders, alerts, expiry, dates) over ${j.open.toLocaleString("en-US")} open introductions (${pgServer ? "PostgreSQL" : "PGlite"}): p50 ${j.p50.toFixed(0)} ms, slowest ${j.max.toFixed(0)} ms of ${j.runs} runs ten minutes apart (target < ${JOB_TARGET_MS} ms) ${j.max < JOB_TARGET_MS ? "ok" : "OVER"}; ${Math.round(j.meanDue)} due per run; seeded in ${j.seedSeconds.toFixed(0)} s`;
}

const CSV_IMPORT_TARGET_S = 30;

/** A 10,000-row client CSV through the import endpoint, on a database of its own. */
async function measureCsvImport(work: string): Promise<CsvImportFigures> {
  const dir = path.join(work, "csv-import");
  mkdirSync(dir, { recursive: true });
  const target = await freshDatabase(dir, "csvimport");
  const database = await target.open();
  try {
    await database.migrate();
    return await csvImportFigures(database);
  } finally {
    await database.close();
    await target.drop();
  }
}

function csvImportLine(c: CsvImportFigures): string {
  return `client CSV import (${pgServer ? "PostgreSQL" : "PGlite"}, UTF-8, ";", Russian headers and labels, new clients): ${c.rows.toLocaleString("en-US")} rows in ${c.seconds.toFixed(1)} s (target < ${CSV_IMPORT_TARGET_S} s) ${c.seconds < CSV_IMPORT_TARGET_S ? "ok" : "OVER"}; process RSS ${c.baselineRssMb.toFixed(0)} MB before, peak ${c.peakRssMb.toFixed(0)} MB; ${c.largeRows.toLocaleString("en-US")} rows in ${c.largeSeconds.toFixed(1)} s, peak ${c.largePeakRssMb.toFixed(0)} MB`;
}

function rankingLine(r: RankingFigures): string {
  return `ranking candidates for one client among ${r.profiles.toLocaleString("en-US")} published profiles (${pgServer ? "PostgreSQL" : "PGlite"}): p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (target < ${RANKING_TARGET_MS} ms) ${r.p95 < RANKING_TARGET_MS ? "ok" : "OVER"} with learning on (engine order alone: p50 ${r.engineP50.toFixed(1)} ms, p95 ${r.engineP95.toFixed(1)} ms); ${Math.round(r.meanPrefiltered)} profiles pass the SQL pre-filter, ${Math.round(r.meanKept)} the engine (mean per client); seeded in ${r.seedSeconds.toFixed(0)} s; the first ranking after a restart (the pool read back from its snapshot on disk, ${Math.round(r.snapshotBytesPerProfile).toLocaleString("en-US")} bytes per profile, and brought up to date) ${r.restartRankingSeconds.toFixed(2)} s ${r.profiles > 100_000 ? "(the 2 s target is at 100,000)" : `(target < 2 s) ${r.restartRankingSeconds < 2 ? "ok" : "OVER"}`}; the first ranking of a new instance (no snapshot yet: from the database while the pool loads) ${r.firstRankingSeconds.toFixed(2)} s, the pool loaded in the background after ${r.poolLoadSeconds.toFixed(1)} s, ${Math.round(r.poolBytesPerProfile).toLocaleString("en-US")} bytes of heap per profile`;
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), "matchdesk-bench-"));
  const lines: string[] = [];
  try {
    // 1. First start on an empty database: builds if needed, migrates.
    const firstDir = path.join(work, "first");
    const first = await freshDatabase(firstDir, "first");
    let server = startServer(firstDir, first.env);
    const firstStartMs = await waitHealthy(600_000);
    await stop(server);
    await first.drop();

    // 2. Seed the bench database directly, then a cold start on it: `npm start` to healthy.
    const dataDir = path.join(work, "data");
    mkdirSync(dataDir, { recursive: true });
    const target = await freshDatabase(dataDir, "data");
    const database = await target.open();
    await database.migrate();
    const seedStart = performance.now();
    const ctx = await seedBench(database.db);
    // A database that grew to this size has statistics (autovacuum on PostgreSQL, housekeeping on
    // PGlite); a bulk insert a moment ago has none yet.
    await database.db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const plans = await explainSearches(database.db, ctx, {
      directorySize: "10,000 agencies",
      clientsSize: "5,000 own clients among 20,000",
    });
    await database.close();
    server = startServer(dataDir, target.env);
    const coldStartMs = await waitHealthy(60_000);
    const settledSeconds = await settled();

    try {
      const results = await measureAll(
        SCENARIOS.filter((scenario) => !only || scenario.name.includes(only)),
        ctx,
      );
      // BENCH_ONLY measures just the chosen scenarios; the page, image, engine and ranking figures take their own minutes.
      const scripts = only ? undefined : await firstLoadJs(ctx);
      // The national-scale phase starts its own server on the same port.
      await stop(server);
      const scale = await measureNationalScale(work);
      const image = only ? undefined : await imageFigures(work);
      const engine = only ? undefined : engineFigures();
      const ranking = only ? undefined : await measureRanking(work);
      const jobs =
        only && !"introductions job".includes(only) ? undefined : await measureIntroductionJobs(work);
      const csvImport = only && !"csv import".includes(only) ? undefined : await measureCsvImport(work);

      lines.push(
        `MatchDesk bench — ${new Date().toISOString()} — ${duration} s per scenario after ${warmup} s of warm-up, ${pgServer ? "PostgreSQL" : "PGlite"}, production build, server settled after ${settledSeconds.toFixed(0)} s, 1-minute load average ${loadavg()[0]!.toFixed(1)} at the end`,
      );
      lines.push("");
      lines.push(...tableLines(results));
      lines.push("");
      if (scale) {
        lines.push(
          `National scale (a database of its own): ${SCALE.ownClients.toLocaleString("en-US")} own clients among ${(SCALE.ownClients * (SCALE.otherAgencies + 1)).toLocaleString("en-US")}${scale.agencies ? `, ${scale.agencies.toLocaleString("en-US")} agencies` : " (the directory at 100,000 agencies is measured on PostgreSQL)"}; seeded in ${scale.seedSeconds.toFixed(0)} s; npm start to healthy on it ${(scale.coldStartMs / 1000).toFixed(2)} s, settled after ${scale.settledSeconds.toFixed(0)} s`,
        );
        lines.push("");
        lines.push(...tableLines(scale.results));
        lines.push("");
      }
      lines.push(
        `bench database (5,000 own clients among 20,000, 10,000 agencies, 5,000 introductions) seeded in ${seedSeconds.toFixed(0)} s`,
      );
      lines.push(
        `first start on an empty database (build if stale, migrations): ${(firstStartMs / 1000).toFixed(2)} s`,
      );
      lines.push(
        `cold start of npm start to healthy /api/health: ${(coldStartMs / 1000).toFixed(2)} s (target < 3 s, issue 21) ${coldStartMs < 3000 ? "ok" : "OVER"}`,
      );
      if (scripts)
        lines.push(
          ...(
            [
              ["en-US", scripts.landing],
              ["ru-RU", scripts.landingRu],
            ] as const
          ).map(
            ([locale, f]) =>
              `landing page initial JavaScript (${locale}): ${f.kb.toFixed(1)} KB gzipped in ${f.files} files (target < 140 KB, issue 21) ${f.kb < 140 ? "ok" : "OVER"}`,
          ),
          `signed-in shell first load (a matchmaker's dashboard): ${scripts.shell.kb.toFixed(1)} KB gzipped in ${scripts.shell.files} files (target < 250 KB) ${scripts.shell.kb < 250 ? "ok" : "OVER"}`,
        );
      if (image)
        lines.push(
          `12-MP JPEG (${image.inputMb.toFixed(1)} MB) through the upload pipeline: p50 ${image.p50.toFixed(0)} ms, p95 ${image.p95.toFixed(0)} ms (target < 500 ms) ${image.p95 < 500 ? "ok" : "OVER"}; process peak RSS ${image.peakRssMb.toFixed(0)} MB (${image.baselineRssMb.toFixed(0)} MB before the first image)`,
        );
      if (engine) lines.push(engineLine(engine));
      if (ranking) lines.push(rankingLine(ranking));
      if (jobs) lines.push(jobLine(jobs));
      if (csvImport) lines.push(csvImportLine(csvImport));
      lines.push(totalLine());
      lines.push("");
      lines.push(...plans);
      if (scale) lines.push(...scale.plans);
      console.log(lines.join("\n"));
      mkdirSync(path.join(root, ".bench"), { recursive: true });
      writeFileSync(
        path.join(root, `.bench/last-${pgServer ? "postgres" : "pglite"}.txt`),
        `${lines.join("\n")}\n`,
      );
    } finally {
      await stop(server);
      await target.drop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === "engine") console.log(engineLine(engineFigures()));
else if (process.argv[2] === "ranking") {
  const work = mkdtempSync(path.join(tmpdir(), "matchdesk-bench-"));
  try {
    console.log(rankingLine(await measureRanking(work)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
} else if (process.argv[2] === "introductions-job") {
  const work = mkdtempSync(path.join(tmpdir(), "matchdesk-bench-"));
  try {
    console.log(jobLine(await measureIntroductionJobs(work)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
} else if (process.argv[2] === "csv-import") {
  const work = mkdtempSync(path.join(tmpdir(), "matchdesk-bench-"));
  try {
    console.log(csvImportLine(await measureCsvImport(work)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
} else await main();
