// `npm run bench:realtime`: two production server instances on one PostgreSQL database, 500
// signed-in sockets split between them, and chat messages that always cross from one instance to
// the other. Prints the delivery latency (POST sent -> event on the recipient's socket, p50/p95;
// one message at a time, then BENCH_CONCURRENCY at a time)
// and the memory each connection costs an instance (RSS growth / sockets held).
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): the server a throwaway
// database is made on. BENCH_SOCKETS (500), BENCH_MESSAGES (1000), BENCH_CONCURRENCY (20),
// BENCH_PORT (3210, and the next one).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerEvent } from "@matchdesk/contract";
import WebSocket from "ws";
import { openDatabase } from "../src/db/client.js";
import { chatMembers, chats, users } from "../src/db/schema/index.js";
import { createSession } from "../src/modules/auth/sessions.js";
import { newInviteCode } from "../src/modules/users/service.js";
import { newId } from "../src/platform/ids.js";
import { percentile, adminQuery as sharedAdminQuery } from "./shared.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const pgServer = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const firstPort = Number(process.env.BENCH_PORT ?? 3210);
const bases = [`http://127.0.0.1:${firstPort}`, `http://127.0.0.1:${firstPort + 1}`];

const adminQuery = (text: string) => sharedAdminQuery(pgServer, text);

/** Resident memory of a process, from /proc (Linux). */
const rssBytes = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line!.replace(/\D+/g, "")) * 1024;
};

function startInstance(base: string, databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ["--expose-gc", path.join(root, "apps/server/dist/main.js")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: new URL(base).port,
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
    },
  });
}

async function waitHealthy(base: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${base} did not become healthy`);
}

type Socket = { ws: WebSocket; onMessage: Map<string, () => void> };

function connect(base: string, cookie: string): Promise<Socket> {
  const ws = new WebSocket(`${base.replace("http", "ws")}/api/ws`, { headers: { cookie }, origin: base });
  const socket: Socket = { ws, onMessage: new Map() };
  ws.on("message", (data) => {
    const event = JSON.parse(String(data)) as ServerEvent;
    if (event.type !== "message") return;
    // Matched by body: the sender learns the id only when its POST answers, maybe after delivery.
    socket.onMessage.get(event.message.body)?.();
  });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(socket));
    ws.once("error", reject);
  });
}

async function main() {
  if (!existsSync(path.join(root, "apps/server/dist/main.js")) || process.env.BENCH_SKIP_BUILD !== "1") {
    const build = spawnSync("npm", ["run", "build", "-w", "apps/server"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) process.exit(1);
  }
  const dbName = `md_bench_realtime_${process.pid}`;
  await adminQuery(`drop database if exists ${dbName} with (force)`);
  await adminQuery(`create database ${dbName}`);
  const url = new URL(pgServer);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const instances: ChildProcess[] = [];
  const sockets: Socket[] = [];
  try {
    const database = await openDatabase({ kind: "postgres", url: databaseUrl });
    await database.migrate();
    // Matchmakers in pairs, each pair with a chat; sessions made directly (no password hashing).
    const people = Array.from({ length: SOCKETS }, (_, i) => ({
      id: newId(),
      email: `bench-${i}@bench.matchdesk.test`,
      firstName: `Bench${i}`,
      lastName: "Matchmaker",
      role: "INVITER" as const,
      inviteCode: newInviteCode(),
      onboardingCompletedAt: new Date(),
      termsAcceptedAt: new Date(),
    }));
    await database.db.insert(users).values(people);
    const pairs: { chatId: string; a: number; b: number }[] = [];
    for (let i = 0; i + 1 < SOCKETS; i += 2) {
      const chatId = newId();
      await database.db
        .insert(chats)
        .values({ id: chatId, pairKey: [people[i]!.id, people[i + 1]!.id].sort().join(":") });
      await database.db.insert(chatMembers).values([
        { chatId, userId: people[i]!.id },
        { chatId, userId: people[i + 1]!.id },
      ]);
      pairs.push({ chatId, a: i, b: i + 1 });
    }
    const cookies = await Promise.all(
      people.map(async (p) => `sid=${(await createSession(database.db, p.id)).token}`),
    );
    await database.close();

    for (const base of bases) instances.push(startInstance(base, databaseUrl));
    await Promise.all(bases.map(waitHealthy));
    // Warm each instance up (JIT, pools) before the baseline memory reading.
    for (const base of bases) for (let i = 0; i < 50; i++) await fetch(`${base}/api/health`);
    await new Promise((r) => setTimeout(r, 1000));
    const before = instances.map((c) => rssBytes(c.pid!));

    // Even people on instance 1, odd ones on instance 2: every message crosses instances.
    for (let i = 0; i < SOCKETS; i += 50) {
      const batch = people.slice(i, i + 50).map((_, j) => connect(bases[(i + j) % 2]!, cookies[i + j]!));
      sockets.push(...(await Promise.all(batch)));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const after = instances.map((c) => rssBytes(c.pid!));
    const perInstance = SOCKETS / 2;

    /** Sends `count` messages with `inFlight` at a time; answers the sorted latencies. */
    const run = async (count: number, inFlight: number, offset: number) => {
      const latencies: number[] = [];
      let failures = 0;
      let next = 0;
      const sendOne = async (n: number) => {
        const pair = pairs[n % pairs.length]!;
        const [from, to] = n % 4 < 2 ? [pair.a, pair.b] : [pair.b, pair.a];
        const body = `bench message ${n} ${Date.now()}`;
        const started = performance.now();
        const delivered = new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error("not delivered in 5 s")), 5000);
          sockets[to]!.onMessage.set(body, () => {
            clearTimeout(timer);
            sockets[to]!.onMessage.delete(body);
            resolve(performance.now() - started);
          });
        });
        const base = bases[from % 2]!;
        const res = await fetch(`${base}/api/chats/${pair.chatId}/messages`, {
          method: "POST",
          headers: { cookie: cookies[from]!, origin: base, "content-type": "application/json" },
          body: JSON.stringify({ body }),
        });
        if (res.status !== 201) throw new Error(`send failed: ${res.status}`);
        latencies.push(await delivered);
      };
      const worker = async () => {
        while (next < count) {
          const n = offset + next++;
          await sendOne(n).catch(() => failures++);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: inFlight }, worker));
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((x, y) => x - y);
      const p95 = percentile(latencies, 95);
      console.log(
        `  ${inFlight} in flight, ${latencies.length} messages (${(latencies.length / seconds).toFixed(0)} msg/s):` +
          ` p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms,` +
          ` max ${latencies.at(-1)!.toFixed(1)} ms, failures ${failures}; p95 < 50 ms ${p95 < 50 ? "met" : "NOT met"}`,
      );
    };

    const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
    console.log(`\nRealtime bench: ${SOCKETS} sockets on 2 instances (PostgreSQL LISTEN/NOTIFY)`);
    console.log("  delivery latency, POST on one instance -> event on a socket of the other:");
    await run(Math.min(300, MESSAGES), 1, 0);
    await run(MESSAGES, CONCURRENCY, 1_000_000);
    instances.forEach((_, i) => {
      const grown = after[i]! - before[i]!;
      console.log(
        `  instance ${i + 1}: RSS ${mb(before[i]!)} MB -> ${mb(after[i]!)} MB with ${perInstance} sockets:` +
          ` ${(grown / perInstance / 1024).toFixed(1)} KiB per connection`,
      );
    });
  } finally {
    for (const s of sockets) s.ws.terminate();
    for (const child of instances) {
      if (child.exitCode !== null) continue;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    await adminQuery(`drop database if exists ${dbName} with (force)`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
