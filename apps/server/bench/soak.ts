// `npm run bench:soak`: two production server instances on one PostgreSQL database, mixed traffic
// (reads, paid compatibility checks, photo uploads and removals, chat messages) from 50
// connections spread over both for 10 minutes. Reports the error count (target 0), p50/p95 per
// route group, and each instance's memory (RSS and V8 heap, after a full GC) once warmed up and at
// the end (target: growth under 10 %).
//
// `npm run bench:soak -- --minutes 1 --connections 20` for a shorter run (or SOAK_MINUTES,
// SOAK_CONNECTIONS). BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): the
// server a throwaway database is made on and dropped. BENCH_PORT (3220, and the next one).
// BENCH_SKIP_BUILD=1 reuses apps/server/dist.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { openDatabase } from "../src/db/client.js";
import {
  type Fixture,
  type Kind,
  mixedRequest,
  type Outcome,
  REPO_ROOT,
  SUCCESS,
  seedFixture,
  waitHealthy,
} from "../test/fault-harness.js";
import { jpegWithGps, multipart } from "../test/images.js";
import { percentile, adminQuery as sharedAdminQuery } from "./shared.js";

const { values: args } = parseArgs({
  options: { minutes: { type: "string" }, connections: { type: "string" } },
});
const MINUTES = Number(args.minutes ?? process.env.SOAK_MINUTES ?? 10);
const CONNECTIONS = Number(args.connections ?? process.env.SOAK_CONNECTIONS ?? 50);
// Warm-up before the first memory reading: long enough for the bounded caches (sessions, the
// directory's answers, the realtime hub's recent ids) and V8's optimized code to reach their size.
const WARM_UP_MS = Math.min(120_000, (MINUTES * 60_000) / 5);
const pgServer = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const firstPort = Number(process.env.BENCH_PORT ?? 3220);
const bases = [`http://127.0.0.1:${firstPort}`, `http://127.0.0.1:${firstPort + 1}`];
const inspectPorts = [firstPort + 100, firstPort + 101];

/** Share of each kind in the mix (reads are themselves five routes in turn). */
const MIX: [Kind, number][] = [
  ["read", 0.7],
  ["check", 0.1],
  ["upload", 0.05],
  ["chat", 0.15],
];

const adminQuery = (text: string) => sharedAdminQuery(pgServer, text);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function startInstance(index: number, databaseUrl: string, dataDir: string): ChildProcess {
  const base = bases[index]!;
  return spawn(
    process.execPath,
    [`--inspect=127.0.0.1:${inspectPorts[index]}`, path.join(REPO_ROOT, "apps/server/dist/main.js")],
    {
      cwd: REPO_ROOT,
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: new URL(base).port,
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        DATABASE_URL: databaseUrl,
        // Both instances share one files directory, as they would share a bucket.
        DATA_DIR: dataDir,
        DEMO_DATA: "false",
        LOG_LEVEL: "warn",
      },
    },
  );
}

/**
 * An instance's memory through the inspector (Chrome DevTools Protocol): a full garbage collection
 * first, so the figures are what is kept, not what waits to be collected.
 */
async function memoryOf(index: number): Promise<{ rss: number; heapUsed: number }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPorts[index]}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const ws = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data));
        if (message.id !== mine) return;
        ws.off("message", onMessage);
        resolve(message);
      };
      ws.on("message", onMessage);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const answer = await call("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    });
    const usage = JSON.parse(answer.result!.result!.value!) as { rss: number; heapUsed: number };
    return { rss: usage.rss, heapUsed: usage.heapUsed };
  } finally {
    ws.close();
  }
}

type Sample = { group: string; ms: number; ok: boolean; status: number };

let photo: Buffer | undefined;

/** An upload to the connection's own gallery; a full gallery (10 photos) is emptied after it. */
async function uploadCycle(base: string, fixture: Fixture, galleryId: string, samples: Sample[]) {
  photo ??= await jpegWithGps(320, 240);
  const headers = { cookie: fixture.cookieA, origin: base };
  const form = multipart("photos", [{ name: "soak.jpg", data: photo }]);
  const started = performance.now();
  const res = await fetch(`${base}/api/profiles/${galleryId}/gallery`, {
    method: "POST",
    headers: { ...headers, ...form.headers },
    body: new Uint8Array(form.payload),
  }).catch(() => undefined);
  const body = res ? await res.text() : "";
  samples.push({
    group: "POST /api/profiles/:id/gallery",
    ms: performance.now() - started,
    ok: res?.status === 200,
    status: res?.status ?? 0,
  });
  if (res?.status !== 200) return;
  const items = (JSON.parse(body) as { items: { id: string }[] }).items;
  if (items.length < 10) return;
  const removeStarted = performance.now();
  const removed = await fetch(`${base}/api/profiles/${galleryId}/gallery/batch-remove`, {
    method: "PUT",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ photoIds: items.map((item) => item.id) }),
  }).catch(() => undefined);
  await removed?.arrayBuffer();
  samples.push({
    group: "PUT /api/profiles/:id/gallery/batch-remove",
    ms: performance.now() - removeStarted,
    ok: removed?.status === 200,
    status: removed?.status ?? 0,
  });
}

const groupOf = (o: Outcome) => o.route;

async function main() {
  const distMain = path.join(REPO_ROOT, "apps/server/dist/main.js");
  if (!existsSync(distMain) || process.env.BENCH_SKIP_BUILD !== "1") {
    const build = spawnSync("npm", ["run", "build", "-w", "apps/server"], {
      cwd: REPO_ROOT,
      stdio: "inherit",
    });
    if (build.status !== 0) process.exit(1);
  }
  const dbName = `md_bench_soak_${process.pid}`;
  await adminQuery(`drop database if exists ${dbName} with (force)`);
  await adminQuery(`create database ${dbName}`);
  const url = new URL(pgServer);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), "matchdesk-soak-"));
  const instances: ChildProcess[] = [];
  const stderr: string[] = [];
  try {
    const database = await openDatabase({ kind: "postgres", url: databaseUrl });
    await database.migrate();
    // Each connection: its own gallery and two chats (a sender may send 120 messages a minute).
    const fixture = await seedFixture(database.db, {
      candidates: 500,
      galleries: CONNECTIONS,
      chatPairs: CONNECTIONS * 2,
    });
    await database.close();

    for (const [i] of bases.entries()) {
      const child = startInstance(i, databaseUrl, dataDir);
      child.stderr!.on("data", (chunk) => {
        const text = String(chunk);
        // The inspector announces itself on stderr; anything else is the server's.
        if (!/Debugger (listening|attached)|For help, see/.test(text)) stderr.push(text);
      });
      instances.push(child);
    }
    await Promise.all(bases.map((base, i) => waitHealthy(base, instances[i]!)));

    const samples: Sample[] = [];
    const unexpected = new Map<string, number>();
    let measuring = false;
    let running = true;
    let sequence = 0;
    const pick = () => {
      let r = Math.random();
      for (const [kind, share] of MIX) {
        r -= share;
        if (r < 0) return kind;
      }
      return "read" as Kind;
    };
    const connection = async (c: number) => {
      const base = bases[c % 2]!;
      // The connection's own chats, so the per-sender limit is never the bottleneck.
      const own: Fixture = { ...fixture, chats: fixture.chats.slice(c * 2, c * 2 + 2) };
      while (running) {
        const kind = pick();
        const n = sequence++;
        const batch: Sample[] = [];
        if (kind === "upload") {
          await uploadCycle(base, fixture, fixture.galleryIds[c]!, batch);
        } else {
          const o = await mixedRequest(base, own, kind, n);
          batch.push({
            group: groupOf(o),
            ms: o.endedAt - o.startedAt,
            ok: SUCCESS[o.kind].includes(o.status),
            status: o.status,
          });
        }
        if (!measuring) continue;
        for (const sample of batch) {
          samples.push(sample);
          if (!sample.ok) {
            const key = `${sample.group} ${sample.status}`;
            unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
          }
        }
      }
    };
    console.log(
      `\nSoak: ${CONNECTIONS} connections over 2 instances on PostgreSQL for ${MINUTES} min ` +
        `(after ${WARM_UP_MS / 1000} s of warm-up)`,
    );
    const workers = Array.from({ length: CONNECTIONS }, (_, c) => connection(c));
    await new Promise((r) => setTimeout(r, WARM_UP_MS));
    const before = await Promise.all(bases.map((_, i) => memoryOf(i)));
    const rssBefore = instances.map((child) => rssOf(child.pid!));
    measuring = true;
    const started = Date.now();
    const endAt = started + MINUTES * 60_000;
    while (Date.now() < endAt) {
      await new Promise((r) => setTimeout(r, Math.min(60_000, endAt - Date.now())));
      const done = samples.length;
      const errors = [...unexpected.values()].reduce((a, b) => a + b, 0);
      console.log(
        `  ${((Date.now() - started) / 60_000).toFixed(1)} min: ${done} requests, ${errors} errors, ` +
          `RSS ${instances.map((child) => mb(rssOf(child.pid!))).join(" / ")}`,
      );
    }
    measuring = false;
    running = false;
    await Promise.all(workers);
    const seconds = (Date.now() - started) / 1000;
    const after = await Promise.all(bases.map((_, i) => memoryOf(i)));

    const groups = new Map<string, number[]>();
    for (const sample of samples) {
      const list = groups.get(sample.group) ?? [];
      list.push(sample.ms);
      groups.set(sample.group, list);
    }
    const errors = [...unexpected.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\n  ${samples.length} requests in ${seconds.toFixed(0)} s (${(samples.length / seconds).toFixed(0)}/s), ` +
        `errors: ${errors} (target 0)${errors ? ` ${JSON.stringify(Object.fromEntries(unexpected))}` : ""}`,
    );
    console.log("  route group                                    requests    p50 ms    p95 ms");
    for (const [group, list] of [...groups.entries()].sort()) {
      list.sort((x, y) => x - y);
      console.log(
        `  ${group.padEnd(46)} ${String(list.length).padStart(8)} ${percentile(list, 50).toFixed(1).padStart(9)} ${percentile(list, 95).toFixed(1).padStart(9)}`,
      );
    }
    for (const [i] of bases.entries()) {
      const growth = (x: number, y: number) => `${(((y - x) / x) * 100).toFixed(1)} %`;
      console.log(
        `  instance ${i + 1}: RSS ${mb(before[i]!.rss)} -> ${mb(after[i]!.rss)} (${growth(before[i]!.rss, after[i]!.rss)}), ` +
          `heap used ${mb(before[i]!.heapUsed)} -> ${mb(after[i]!.heapUsed)} (${growth(before[i]!.heapUsed, after[i]!.heapUsed)}); ` +
          `RSS without GC ${mb(rssBefore[i]!)} at the start; target growth under 10 %`,
      );
    }
    if (stderr.length > 0) console.log(`  server stderr:\n${stderr.join("").slice(0, 4000)}`);
  } finally {
    for (const child of instances) {
      if (child.exitCode !== null) continue;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    await adminQuery(`drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Resident memory of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line!.replace(/\D+/g, "")) * 1024;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
