// What the fault-injection test (db-outage.test.ts) and the soak bench (bench/soak.ts) share: a
// throwaway PostgreSQL cluster, the server as a child process, seeded accounts and one request of
// each kind of the mixed load (reads, paid checks, photo uploads, chat), and the consistency check
// of what was stored.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ProfilePatchBody } from "@matchdesk/contract";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import {
  chatMembers,
  chatMessages,
  chats,
  compatibilityResults,
  photos,
  users,
} from "../src/db/schema/index.js";
import { createSession } from "../src/modules/auth/sessions.js";
import { grantCredits } from "../src/modules/credits/service.js";
import { writeClientProfile } from "../src/modules/profiles/service.js";
import { newInviteCode } from "../src/modules/users/service.js";
import { newId } from "../src/platform/ids.js";
import { seedClient, seedManyClients, seedMatchmaker } from "../src/seed/seed.js";
import { jpegWithGps, multipart } from "./images.js";

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * PostgreSQL's programs (initdb, pg_ctl), from `pg_config --bindir`; undefined when absent, or
 * when running as root without a `postgres` user to run them as.
 */
export function postgresBinDir(): string | undefined {
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (!existsSync(path.join(dir, "initdb")) || !existsSync(path.join(dir, "pg_ctl"))) return undefined;
    if (process.getuid?.() === 0) execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
    return dir;
  } catch {
    return undefined;
  }
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type Cluster = {
  url: string;
  /** `pg_ctl stop -m fast`: connections are ended, the server shuts down cleanly. */
  stop(): void;
  start(): void;
  destroy(): void;
};

/**
 * A PostgreSQL cluster of its own in a temporary directory, on a free port, never the machine's.
 * initdb refuses to run as root: there it runs as the `postgres` user, which owns the directory.
 */
export async function startThrowawayCluster(binDir: string): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "matchdesk-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  let owner: { uid: number; gid: number } | undefined;
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    owner = { uid, gid };
    chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) =>
    execFileSync(path.join(binDir, program), args, { cwd: dir, stdio: "pipe", ...owner });
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = () =>
    run("pg_ctl", ["start", "-w", "-t", "60", "-D", data, "-l", path.join(dir, "log"), "-o", options]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run("pg_ctl", ["stop", "-w", "-m", "fast", "-D", data]),
    start,
    destroy() {
      try {
        run("pg_ctl", ["stop", "-w", "-m", "immediate", "-D", data]);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The server in a process of its own: the built one (apps/server/dist/main.js) or the source
 * through tsx. LOG_LEVEL warn keeps its output small; stderr goes to the test's.
 */
export function startServerProcess(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  built?: boolean;
  env?: Record<string, string>;
}): ChildProcess {
  const args = options.built
    ? [path.join(REPO_ROOT, "apps/server/dist/main.js")]
    : ["--import", "tsx", path.join(REPO_ROOT, "apps/server/src/main.ts")];
  return spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      WEB_DIST_DIR: path.join(options.dataDir, "no-web-app"),
      DEMO_DATA: "false",
      LOG_LEVEL: "error",
      ...options.env,
    },
  });
}

export async function waitHealthy(base: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${base}: the server exited`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} did not become healthy in ${timeoutMs} ms`);
}

export type Fixture = {
  matchmakerId: string;
  /** Session cookie of matchmaker A (reads, checks, uploads). */
  cookieA: string;
  clientId: string;
  candidateIds: string[];
  /** Profiles to upload photos to (10 each at most). */
  galleryIds: string[];
  /** Chats between two matchmakers each (a sender may send 120 messages a minute). */
  chats: { chatId: string; cookies: [string, string] }[];
};

function profile(gender: "FEMALE" | "MALE"): ProfilePatchBody {
  return {
    gender,
    dateOfBirth: gender === "FEMALE" ? "1992-05-01" : "1988-03-10",
    phone: "+7 900 000 00 00",
    country: "RU",
    city: "Moscow",
    ethnicity: "WHITE",
    incomeLevel: "FROM_100K_TO_500K",
    profession: "Engineer",
    aboutMe: "Calm and kind.",
    marriageStatus: "NEVER_MARRIED",
    relationshipStatus: "SINGLE",
    faith: "CHRISTIANITY",
    height: gender === "FEMALE" ? 168 : 182,
    smoking: "NO",
    familyPlan: "WANT_CHILDREN",
    preferences: { preferredGender: gender === "FEMALE" ? "MALE" : "FEMALE", minAge: 25, maxAge: 45 },
  } as ProfilePatchBody;
}

/**
 * Matchmaker A with credits, a client with a complete profile and `galleries` profiles to upload
 * photos to; matchmaker B with `candidates` published candidates for A's client (each a new paid
 * check); `chatPairs` chats between two more matchmakers each. Bulk rows are inserted directly and
 * sessions made directly (no password hashing).
 */
export async function seedFixture(
  db: Db,
  o: { candidates: number; galleries: number; chatPairs: number },
): Promise<Fixture> {
  const a = await seedMatchmaker(db, { firstName: "Anna" });
  const b = await seedMatchmaker(db, { firstName: "Boris" });
  await db.transaction((tx) => grantCredits(tx, { userId: a.id, amount: 100_000_000, type: "gift" }));
  const client = await seedClient(db, a.id, { firstName: "Olga" });
  await writeClientProfile(db, client, profile("FEMALE"));
  const candidateIds = o.candidates > 0 ? await seedManyClients(db, b.id, o.candidates, "candidate") : [];
  if (candidateIds.length > 0) {
    const rows = await db.select().from(users).where(inArray(users.id, candidateIds));
    for (const row of rows) await writeClientProfile(db, row, profile("MALE"));
    await db.update(users).set({ participatesInSearch: true }).where(inArray(users.id, candidateIds));
  }
  const galleryIds = o.galleries > 0 ? await seedManyClients(db, a.id, o.galleries, "gallery") : [];
  const chatters = Array.from({ length: o.chatPairs * 2 }, (_, i) => ({
    id: newId(),
    email: `chatter-${i}-${newId().slice(-8)}@example.test`,
    firstName: `Chatter${i}`,
    lastName: "Matchmaker",
    role: "INVITER" as const,
    inviteCode: newInviteCode(),
    onboardingCompletedAt: new Date(),
    termsAcceptedAt: new Date(),
  }));
  const chatList: Fixture["chats"] = [];
  if (chatters.length > 0) await db.insert(users).values(chatters);
  for (let i = 0; i + 1 < chatters.length; i += 2) {
    const [x, y] = [chatters[i]!.id, chatters[i + 1]!.id];
    const chatId = newId();
    await db.insert(chats).values({ id: chatId, pairKey: [x, y].sort().join(":") });
    await db.insert(chatMembers).values([
      { chatId, userId: x },
      { chatId, userId: y },
    ]);
    chatList.push({
      chatId,
      cookies: [`sid=${(await createSession(db, x)).token}`, `sid=${(await createSession(db, y)).token}`],
    });
  }
  return {
    matchmakerId: a.id,
    cookieA: `sid=${(await createSession(db, a.id)).token}`,
    clientId: client.id,
    candidateIds,
    galleryIds,
    chats: chatList,
  };
}

export const KINDS = ["read", "check", "upload", "chat"] as const;
export type Kind = (typeof KINDS)[number];

export type Outcome = {
  kind: Kind;
  route: string;
  status: number;
  code?: string;
  retryAfter?: string | null;
  startedAt: number;
  endedAt: number;
  /** The id of what a successful write stored (a chat message). */
  storedId?: string;
};

const READS = [
  "/api/users/me",
  "/api/clients?page=1&pageSize=20",
  "/api/directory?pageSize=20",
  "/api/credits",
  "/api/matching/results?clientId=",
] as const;

let photo: Promise<Buffer> | undefined;

/**
 * One request of the kind; `n` picks the variant (which read, which candidate, which gallery).
 * Status 0: no answer within `timeoutMs` or the connection failed.
 */
export async function mixedRequest(
  base: string,
  fixture: Fixture,
  kind: Kind,
  n: number,
  timeoutMs = 15_000,
): Promise<Outcome> {
  photo ??= jpegWithGps(320, 240);
  const headers: Record<string, string> = { cookie: fixture.cookieA, origin: base };
  let route: string;
  let init: RequestInit;
  if (kind === "read") {
    const read = READS[n % READS.length]!;
    route = `GET ${read.split("?")[0]}`;
    const url = read.endsWith("=") ? `${read}${fixture.clientId}` : read;
    init = { method: "GET", headers };
    return send(`${base}${url}`, init, kind, route, timeoutMs);
  }
  if (kind === "check") {
    route = "POST /api/matching/compatibility";
    const candidateId = fixture.candidateIds[n % fixture.candidateIds.length]!;
    init = {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ clientId: fixture.clientId, candidateId }),
    };
    return send(`${base}/api/matching/compatibility`, init, kind, route, timeoutMs);
  }
  if (kind === "upload") {
    route = "POST /api/profiles/:id/gallery";
    const form = multipart("photos", [{ name: `p${n}.jpg`, data: await photo }]);
    const profileId = fixture.galleryIds[n % fixture.galleryIds.length]!;
    init = { method: "POST", headers: { ...headers, ...form.headers }, body: new Uint8Array(form.payload) };
    return send(`${base}/api/profiles/${profileId}/gallery`, init, kind, route, timeoutMs);
  }
  route = "POST /api/chats/:id/messages";
  // Both sides of each chat write in turn.
  const chat = fixture.chats[n % fixture.chats.length]!;
  init = {
    method: "POST",
    headers: {
      ...headers,
      cookie: chat.cookies[Math.floor(n / fixture.chats.length) % 2]!,
      "content-type": "application/json",
    },
    body: JSON.stringify({ body: `load message ${n}` }),
  };
  return send(`${base}/api/chats/${chat.chatId}/messages`, init, kind, route, timeoutMs);
}

async function send(
  url: string,
  init: RequestInit,
  kind: Kind,
  route: string,
  timeoutMs: number,
): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let body: { code?: string; id?: string } = {};
    try {
      body = JSON.parse(text);
    } catch {}
    return {
      kind,
      route,
      status: res.status,
      code: body.code,
      retryAfter: res.headers.get("retry-after"),
      startedAt,
      endedAt: Date.now(),
      storedId: kind === "chat" && res.status === 201 ? body.id : undefined,
    };
  } catch {
    return { kind, route, status: 0, startedAt, endedAt: Date.now() };
  }
}

/** The statuses each kind answers when it works (a repeated check answers its kept result: 200). */
export const SUCCESS: Record<Kind, number[]> = {
  read: [200],
  check: [200, 201],
  upload: [200],
  chat: [201],
};

/**
 * What must hold after any failure: every paid check's debit has its kept result and the other
 * way round; the ledger adds up (what grants still hold = all grants + all debits); every photo
 * row has both its files; every chat message acknowledged with 201 is stored. Answers the
 * problems found (empty when consistent).
 */
export async function consistencyProblems(
  db: Db,
  o: { matchmakerId: string; filesDir: string; acknowledgedMessages: string[] },
): Promise<string[]> {
  const problems: string[] = [];
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [unpaired] = await rows<{ debits_without_result: number; results_without_debit: number }>(sql`
    select
      (select count(*)::int from credit_transactions d where d.type = 'aiMatch'
        and not exists (select 1 from compatibility_results r where r.debit_id = d.id)) as debits_without_result,
      (select count(*)::int from compatibility_results r where r.credits_charged > 0
        and not exists (select 1 from credit_transactions d where d.id = r.debit_id)) as results_without_debit`);
  if (unpaired!.debits_without_result > 0)
    problems.push(`${unpaired!.debits_without_result} debits without a result`);
  if (unpaired!.results_without_debit > 0)
    problems.push(`${unpaired!.results_without_debit} results without a debit`);
  const [ledger] = await rows<{ total: number; held: number }>(sql`
    select coalesce(sum(amount), 0)::int as total,
      coalesce(sum(remaining) filter (where amount > 0), 0)::int as held
    from credit_transactions where user_id = ${o.matchmakerId}`);
  if (ledger!.total !== ledger!.held)
    problems.push(`ledger: sum ${ledger!.total} but grants hold ${ledger!.held}`);
  const charged = await db
    .select({ n: sql<number>`coalesce(sum(${compatibilityResults.creditsCharged}), 0)::int` })
    .from(compatibilityResults);
  const [debited] = await rows<{ n: number }>(
    sql`select coalesce(-sum(amount), 0)::int as n from credit_transactions where type = 'aiMatch'`,
  );
  if (charged[0]!.n !== debited!.n)
    problems.push(`results charged ${charged[0]!.n}, ledger debited ${debited!.n}`);
  for (const row of await db.select({ key: photos.storageKey, thumb: photos.thumbKey }).from(photos)) {
    for (const key of [row.key, row.thumb]) {
      const file = path.join(o.filesDir, key);
      if (!existsSync(file) || statSync(file).size === 0) problems.push(`photo file missing: ${key}`);
    }
  }
  const acknowledged = new Set(o.acknowledgedMessages);
  if (acknowledged.size > 0) {
    const stored = new Set(
      (await db.select({ id: chatMessages.id }).from(chatMessages)).map((message) => message.id),
    );
    const lost = [...acknowledged].filter((id) => !stored.has(id));
    if (lost.length > 0) problems.push(`${lost.length} acknowledged chat messages not stored`);
  }
  return problems;
}
