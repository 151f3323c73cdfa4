import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../test/app.js";
import { seedMatchmaker } from "../seed/seed.js";

// What a request gets when the database is gone, on either engine: 503 DATABASE_UNAVAILABLE with
// Retry-After, not a 500. On PostgreSQL also: a connection killed in the middle of a transaction
// fails that transaction, not the process, and the pool carries on with new connections.
// (A whole outage under load, with a real server stopped and started, is test/db-outage.test.ts.)

let t: TestApp;
let cookie: string;
let closed = false;

beforeAll(async () => {
  t = await buildTestApp();
  const matchmaker = await seedMatchmaker(t.database.db);
  cookie = (await signIn(t.app, matchmaker.email)).cookie;
});
afterAll(async () => {
  if (!closed) return t?.close();
  await t.app.close();
  if (t.databaseUrl && process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(t.databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a PostgreSQL connection that breaks", () => {
  it("fails the transaction it was in and nothing else", async () => {
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      const attempt = t.database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        const row = result.rows[0];
        // The server ends this connection while the transaction is open and idle: pg emits
        // 'error' on a checked-out client, which ended the process when nothing listened.
        await admin.query("select pg_terminate_backend($1)", [row!.pid]);
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(attempt).rejects.toThrow();
      // The pool replaces the broken connection: the next request is served.
      const res = await t.app.inject({ method: "GET", url: "/api/users/me", headers: { cookie } });
      expect(res.statusCode).toBe(200);
    } finally {
      await admin.end();
    }
  });
});

describe("a database that is gone", () => {
  it("answers 503 DATABASE_UNAVAILABLE with Retry-After on data routes, signed in or not", async () => {
    await t.database.close();
    closed = true;
    for (const request of [
      { url: "/api/users/me", headers: { cookie } },
      { url: "/api/directory?q=anna" },
      { url: "/api/clients", headers: { cookie } },
    ]) {
      const res = await t.app.inject({ method: "GET", ...request });
      expect(res.statusCode, request.url).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toEqual({
        statusCode: 503,
        code: "DATABASE_UNAVAILABLE",
        message: "The database is unavailable; try again shortly",
      });
    }
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.headers["retry-after"]).toBe("5");
    expect(health.json()).toEqual({ status: "error", db: "down" });
  });
});
