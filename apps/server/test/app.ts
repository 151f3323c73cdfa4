import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type App, buildApp } from "../src/app.js";
import { type Config, loadConfig } from "../src/config.js";
import { type Database, openDatabase } from "../src/db/client.js";

export type TestApp = {
  app: App;
  database: Database;
  /** See openTestDatabase. */
  databaseUrl: string | undefined;
  dataDir: string;
  close(): Promise<void>;
};

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL, dropped on close.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  /** The PostgreSQL database's address, for a second instance on it; undefined on PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: "pglite", dataDir: undefined });
    await database.migrate();
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `md_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: "test", DEMO_DATA: "false" }), webDistDir: undefined, ...overrides };
}

export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { database, url, drop } = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "matchdesk-test-"));
  const app = await buildApp({ config: testConfig({ dataDir, ...overrides }), database });
  return {
    app,
    database,
    databaseUrl: url,
    dataDir,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in through the real login route and answers the cookie header to send. Takes a stored
 * user's (nullable) e-mail as it is; an account without one cannot sign in.
 */
export async function signIn(
  app: App,
  email: string | null,
  password = "password123",
): Promise<{ cookie: string }> {
  if (email === null) throw new Error("sign-in needs an e-mail");
  // Each simulated person signs in from an address of their own, as real users do, so the
  // per-address sign-in limit does not trip over a test's many sign-ins.
  const remoteAddress = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const sid = res.cookies.find((c) => c.name === "sid");
  return { cookie: `sid=${sid!.value}` };
}
