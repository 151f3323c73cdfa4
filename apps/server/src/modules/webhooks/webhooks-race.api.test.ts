import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { type Database, openDatabase } from "../../db/client.js";
import { webhookDeliveries } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";
import { deliverDue, type WebhookSettings } from "./worker.js";

// Two workers, as two instances would run them, on one PostgreSQL database: each delivery is
// claimed by one of them only (FOR UPDATE SKIP LOCKED), so the receiver hears each event exactly
// once. PGlite has a single connection and cannot race; this file needs TEST_DATABASE_URL.

const SETTINGS: WebhookSettings = { allowPrivate: true, timeoutMs: 2000, retryBaseMs: 60_000, pollMs: 50 };
const EVENTS = 60;
const heard = new Map<string, number>();
let receiver: Server;
let base: string;
let t: TestApp;
let second: Database | undefined;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const id = JSON.parse(body).id as string;
      heard.set(id, (heard.get(id) ?? 0) + 1);
      // A little latency, so both workers have rows in flight at once.
      setTimeout(() => response.writeHead(200).end("ok"), 5);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await buildTestApp({ webhooks: SETTINGS });
  if (t.databaseUrl) second = await openDatabase({ kind: "postgres", url: t.databaseUrl, poolSize: 5 });
});
afterAll(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await second?.close();
  await t.close();
});

describe("[webhooks] two workers on PostgreSQL", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("deliver each queued event exactly once", async () => {
    const owner = await seedMatchmaker(t.database.db);
    const cookie = (await signIn(t.app, owner.email)).cookie;
    const hook = await t.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: { cookie },
      payload: { url: `${base}/race`, events: ["client.created"] },
    });
    expect(hook.statusCode).toBe(201);
    // Clients created in parallel: one outbox row per event, written with each client.
    const created = await Promise.all(
      Array.from({ length: EVENTS }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/clients",
          headers: { cookie },
          payload: { email: `race-${i}@example.test`, firstName: "Race", lastName: `N${i}` },
        }),
      ),
    );
    expect(created.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.json().id));
    expect(rows).toHaveLength(EVENTS);
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(EVENTS);

    // Two workers, each on its own connection pool, small batches so they interleave.
    const worker = async (db: typeof t.database.db) => {
      const deps = { ...t.app.deps, db, webhooks: SETTINGS };
      let sent = 0;
      for (;;) {
        const n = await deliverDue(deps, 4);
        if (n === 0) return sent;
        sent += n;
      }
    };
    const [a, b] = await Promise.all([worker(t.database.db), worker(second!.db)]);
    expect(a + b).toBe(EVENTS);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(heard.size).toBe(EVENTS);
    expect([...heard.values()].every((n) => n === 1)).toBe(true);
    const done = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.json().id));
    expect(done.every((r) => r.status === "delivered" && r.attempts === 1)).toBe(true);
  });
});
