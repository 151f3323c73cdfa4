import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import {
  introductionSides,
  introductions,
  notifications,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema/index.js";
import { newId } from "../../platform/ids.js";
import { seedClient, seedMatchmaker } from "../../seed/seed.js";
import { emitIntroductionWebhooks } from "../introductions/lifecycle.js";
import { isPublicAddress } from "./address-guard.js";
import { emitWebhookEvent } from "./service.js";
import { deliverDue, MAX_ATTEMPTS, type WebhookSettings } from "./worker.js";

// Webhooks against a real receiver on loopback (WEBHOOK_ALLOW_PRIVATE on for this app), with a
// second app that keeps the SSRF rules on. Each receiver path behaves as a test needs.

type Received = { path: string; headers: IncomingMessage["headers"]; body: string };
const received: Received[] = [];
/** How many more times a path fails before it answers 200. */
const failures = new Map<string, { left: number; how: "500" | "hang" }>();
let receiver: Server;
let base: string;

const SETTINGS: WebhookSettings = { allowPrivate: true, timeoutMs: 300, retryBaseMs: 50, pollMs: 50 };
let t: TestApp;
let strict: TestApp;
let owner: { id: string; email: string };
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body });
      const failing = failures.get(path);
      if (failing && failing.left > 0) {
        failing.left--;
        if (failing.how === "hang") return; // never answers: the sender's time limit ends it
        response.writeHead(500).end("no");
        return;
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await buildTestApp({ webhooks: SETTINGS });
  strict = await buildTestApp({ webhooks: { ...SETTINGS, allowPrivate: false } });
  owner = await seedMatchmaker(t.database.db);
  cookie = (await signIn(t.app, owner.email)).cookie;
  const other = await seedMatchmaker(t.database.db);
  otherCookie = (await signIn(t.app, other.email)).cookie;
});
afterAll(async () => {
  receiver.closeAllConnections();
  receiver.close();
  await t.close();
  await strict.close();
});

const workerDeps = (app: TestApp, settings = SETTINGS) => ({ ...app.app.deps, webhooks: settings });
const deliver = (settings = SETTINGS) => deliverDue(workerDeps(t, settings));

async function addWebhook(
  path: string,
  events: string[] = ["client.created", "client.updated"],
  as = cookie,
) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/webhooks",
    headers: { cookie: as },
    payload: { url: `${base}${path}`, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; url: string };
}

async function createClient(email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/clients",
    headers: { cookie },
    payload: { email, firstName: "Hook", lastName: "Test" },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}

const deliveriesOf = (endpointId: string) =>
  t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

/** docs/webhooks.md's recipe, written here from the document, not from the product's code. */
function verify(header: string, body: string, secret: string) {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=") as [string, string]));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
  return fresh && given.length === expected.length && timingSafeEqual(given, expected);
}

/** Makes every pending delivery due now (the test does not wait out the retry delays). */
async function dueNow(endpointId: string) {
  await t.database.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(Date.now() - 1) })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
}

describe("[webhooks] endpoints", () => {
  it("adds an endpoint with a secret shown once; lists it without the secret; only its owner sees it", async () => {
    const hook = await addWebhook("/listed");
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await t.app.inject({ method: "GET", url: "/api/webhooks", headers: { cookie } });
    expect(list.json().items.find((w: { id: string }) => w.id === hook.id)).toMatchObject({
      url: `${base}/listed`,
      events: ["client.created", "client.updated"],
      disabledAt: null,
    });
    expect(list.body).not.toContain(hook.secret);
    const foreign = await t.app.inject({
      method: "GET",
      url: `/api/webhooks/${hook.id}/deliveries`,
      headers: { cookie: otherCookie },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignDelete = await t.app.inject({
      method: "DELETE",
      url: `/api/webhooks/${hook.id}`,
      headers: { cookie: otherCookie },
    });
    expect(foreignDelete.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/webhooks/${hook.id}`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect(
      await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id)),
    ).toEqual([]);
  });

  it("allows ten endpoints per agency", async () => {
    const busy = await seedMatchmaker(t.database.db);
    const busyCookie = (await signIn(t.app, busy.email)).cookie;
    for (let i = 0; i < 10; i++) await addWebhook(`/many-${i}`, ["client.created"], busyCookie);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: { cookie: busyCookie },
      payload: { url: `${base}/eleventh`, events: ["client.created"] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("WEBHOOK_LIMIT");
    expect(
      await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, busy.id)),
    ).toHaveLength(10);
  });
});

describe("[webhooks] deliveries", () => {
  it("queues the event with the change and delivers it signed as documented", async () => {
    const hook = await addWebhook("/signed");
    const email = `signed-${Date.now()}@example.test`;
    const client = await createClient(email);
    // Stored with the change, before any worker ran.
    const [queued] = await deliveriesOf(hook.id);
    expect(queued).toMatchObject({ type: "client.created", status: "pending", attempts: 0 });
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    const got = received.filter((r) => r.path === "/signed");
    expect(got).toHaveLength(1);
    const { headers, body } = got[0]!;
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["x-matchdesk-event"]).toBe("client.created");
    expect(verify(String(headers["x-matchdesk-signature"]), body, hook.secret)).toBe(true);
    expect(verify(String(headers["x-matchdesk-signature"]), body, "whsec_wrong")).toBe(false);
    const event = JSON.parse(body);
    expect(event).toMatchObject({
      id: queued!.eventId,
      type: "client.created",
      data: { client: { id: client.id, email, firstName: "Hook", matchmakerId: owner.id } },
    });
    const [done] = await deliveriesOf(hook.id);
    expect(done).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 204, lastError: null });
    const listed = await t.app.inject({
      method: "GET",
      url: `/api/webhooks/${hook.id}/deliveries`,
      headers: { cookie },
    });
    expect(listed.json().items[0]).toMatchObject({
      id: done!.id,
      status: "delivered",
      lastStatusCode: 204,
      nextAttemptAt: null,
    });

    // A change of the client: client.updated, with what changed.
    const verified = await t.app.inject({
      method: "PUT",
      url: `/api/clients/${client.id}/verification`,
      headers: { cookie },
      payload: { verified: true },
    });
    expect(verified.statusCode).toBe(200);
    await deliver();
    const update = received.filter((r) => r.path === "/signed").at(-1)!;
    expect(JSON.parse(update.body)).toMatchObject({
      type: "client.updated",
      data: { client: { id: client.id, isVerified: true }, changed: ["isVerified"] },
    });
    await t.app.inject({ method: "DELETE", url: `/api/webhooks/${hook.id}`, headers: { cookie } });
  });

  it("writes nothing when the change fails, and nothing for an event no endpoint asked for", async () => {
    const hook = await addWebhook("/only-updates", ["client.updated"]);
    await createClient(`unasked-${Date.now()}@example.test`);
    const taken = await t.app.inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie },
      payload: { email: owner.email, firstName: "Dup", lastName: "Licate" },
    });
    expect(taken.statusCode).toBe(409);
    expect(await deliveriesOf(hook.id)).toEqual([]);
    await t.app.inject({ method: "DELETE", url: `/api/webhooks/${hook.id}`, headers: { cookie } });
  });

  it("sends nothing to a switched-off owner: queued events wait, new ones are not queued", async () => {
    const hook = await addWebhook("/switched-off-owner");
    await createClient(`before-off-${Date.now()}@example.test`);
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    const db = t.database.db;
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, owner.id));
    try {
      await deliver();
      expect(received.filter((r) => r.path === "/switched-off-owner")).toEqual([]);
      await emitWebhookEvent(db, [owner.id], "client.updated", { id: "someone" });
      const rows = await deliveriesOf(hook.id);
      expect(rows.map((r) => [r.type, r.status, r.attempts])).toEqual([["client.created", "pending", 0]]);
    } finally {
      await db.update(users).set({ status: "active" }).where(eq(users.id, owner.id));
    }
    await t.app.inject({ method: "DELETE", url: `/api/webhooks/${hook.id}`, headers: { cookie } });
  });

  it("queues client.created for a client invited by e-mail", async () => {
    const hook = await addWebhook("/invited", ["client.created"]);
    const email = `invited-${Date.now()}@example.test`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/invites",
      headers: { cookie },
      payload: { email, firstName: "Invited", lastName: "Client" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await deliveriesOf(hook.id);
    expect(rows.map((r) => r.type)).toEqual(["client.created"]);
    expect(JSON.parse(rows[0]!.body).data.client).toMatchObject({ email, matchmakerId: owner.id });
    await t.app.inject({ method: "DELETE", url: `/api/webhooks/${hook.id}`, headers: { cookie } });
  });

  it("queues client.updated when the questionnaire is saved or a CSV import updates the client, and client.deleted on deletion", async () => {
    const hook = await addWebhook("/lifecycle", ["client.created", "client.updated", "client.deleted"]);
    const email = `life-${Date.now()}@example.test`;
    const client = await createClient(email);
    const saved = await t.app.inject({
      method: "PATCH",
      url: `/api/profiles/${client.id}`,
      headers: { cookie },
      payload: { city: "Kazan", firstName: "Renamed" },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const boundary = "----lifecycle";
    const csv = `email,firstName,lastName,city\n${email},Imported,Test,Omsk\n`;
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/clients/import",
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie },
    });
    expect(imported.json()).toMatchObject({ created: 0, updated: 1, errorRows: 0 });
    // The same file again changes nothing, so it announces nothing.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/clients/import",
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie },
    });
    expect(again.json()).toMatchObject({ created: 0, updated: 1, errorRows: 0 });

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/clients/${client.id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(204);

    const events = (await deliveriesOf(hook.id))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((row) => JSON.parse(row.body) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => e.type)).toEqual([
      "client.created",
      "client.updated",
      "client.updated",
      "client.deleted",
    ]);
    expect(events[1]!.data).toMatchObject({
      client: { id: client.id, firstName: "Renamed" },
      changed: expect.arrayContaining(["city", "firstName"]),
    });
    // Only what the row changed: the last name was "Test" already.
    expect(events[2]!.data).toMatchObject({
      client: { id: client.id, firstName: "Imported", lastName: "Test" },
    });
    expect([...(events[2]!.data.changed as string[])].sort()).toEqual(["city", "firstName"]);
    expect(events[3]!.data).toEqual({ client: { id: client.id } });
    await t.app.inject({ method: "DELETE", url: `/api/webhooks/${hook.id}`, headers: { cookie } });
  });

  it("retries after a 500 and after a timeout, with growing delays, then delivers", async () => {
    const hook = await addWebhook("/flaky");
    failures.set("/flaky", { left: 1, how: "500" });
    await createClient(`flaky-${Date.now()}@example.test`);
    const before = Date.now();
    await deliver();
    let [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
      lastError: "http_status",
    });
    expect(row!.nextAttemptAt!.getTime() - before).toBeGreaterThanOrEqual(40);
    // Not due yet: the next round leaves it alone.
    expect(await deliver()).toBe(0);
    await new Promise((r) => setTimeout(r, 80));
    await deliver();
    [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 204 });

    const slow = await addWebhook("/slow");
    failures.set("/slow", { left: 1, how: "hang" });
    await createClient(`slow-${Date.now()}@example.test`);
    const started = Date.now();
    await deliver();
    expect(Date.now() - started).toBeLessThan(2000);
    let [late] = await deliveriesOf(slow.id);
    expect(late).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: null,
      lastError: "timeout",
    });
    expect(late!.durationMs).toBeGreaterThanOrEqual(250);
    await dueNow(slow.id);
    await deliver();
    [late] = await deliveriesOf(slow.id);
    expect(late).toMatchObject({ status: "delivered", attempts: 2 });
    for (const id of [hook.id, slow.id]) {
      await t.app.inject({ method: "DELETE", url: `/api/webhooks/${id}`, headers: { cookie } });
    }
  });

  it("gives up after the fifth retry, switches the endpoint off, tells the owner; 'send again' revives it", async () => {
    const hook = await addWebhook("/down");
    failures.set("/down", { left: 1000, how: "500" });
    await createClient(`down-${Date.now()}@example.test`);
    const delays: number[] = [];
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await dueNow(hook.id);
      await deliver();
      const [row] = await deliveriesOf(hook.id);
      if (row!.nextAttemptAt) delays.push(row!.nextAttemptAt.getTime() - row!.lastAttemptAt!.getTime());
    }
    // 50 ms base, four times longer each time (counted from the end of the attempt, so a little more).
    expect(delays).toHaveLength(5);
    delays.forEach((delay, i) => {
      expect(delay).toBeGreaterThanOrEqual(50 * 4 ** i);
      expect(delay).toBeLessThan(50 * 4 ** i + 250);
    });
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    const [endpoint] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook.id));
    expect(endpoint!.disabledAt).toBeInstanceOf(Date);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, "webhook_disabled")));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.params).toEqual({ url: `${base}/down` });
    // Switched off: a new change queues nothing for it.
    await createClient(`down2-${Date.now()}@example.test`);
    expect(await deliveriesOf(hook.id)).toHaveLength(1);

    failures.delete("/down");
    const again = await t.app.inject({
      method: "POST",
      url: `/api/webhooks/${hook.id}/deliveries/${row!.id}/retry`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ status: "pending", attempts: 0 });
    await deliver();
    const [sent] = await deliveriesOf(hook.id);
    expect(sent).toMatchObject({ status: "delivered", attempts: 1 });
    const [revived] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook.id));
    expect(revived!.disabledAt).toBeNull();
    const foreign = await t.app.inject({
      method: "POST",
      url: `/api/webhooks/${hook.id}/deliveries/${row!.id}/retry`,
      headers: { cookie: otherCookie },
    });
    expect(foreign.statusCode).toBe(404);
    await t.app.inject({ method: "DELETE", url: `/api/webhooks/${hook.id}`, headers: { cookie } });
  });

  it("switches an endpoint off when over 40 % of its deliveries in 24 hours fail, counting from when it was last switched on", async () => {
    const hook = await addWebhook("/flaky", ["client.created"]);
    // One delivery a round and retries far away: each outcome is counted in order, none re-sent.
    const settings = { ...SETTINGS, retryBaseMs: 3_600_000 };
    const drain = async () => {
      while ((await deliverDue(workerDeps(t, settings), 1)) > 0) {}
    };
    const disabledAt = async () =>
      (await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id)))[0]!
        .disabledAt;
    const warnings = async () =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, "webhook_disabled")))
      ).length;
    const warned = await warnings();

    failures.set("/flaky", { left: 4, how: "500" });
    for (let i = 0; i < 4; i++) await createClient(`flaky-a${i}-${Date.now()}@example.test`);
    await drain();
    // Four of four failed, but four deliveries say too little.
    expect(await disabledAt()).toBeNull();
    for (let i = 0; i < 6; i++) await createClient(`flaky-b${i}-${Date.now()}@example.test`);
    await drain();
    // Four of ten is 40 %: not over it.
    expect(await disabledAt()).toBeNull();
    expect((await deliveriesOf(hook.id)).filter((d) => d.status === "delivered")).toHaveLength(6);

    failures.set("/flaky", { left: 1, how: "500" });
    await createClient(`flaky-c-${Date.now()}@example.test`);
    await drain();
    // Five of eleven: switched off, the owner told once; the failing deliveries still have retries.
    expect(await disabledAt()).toBeInstanceOf(Date);
    expect(await warnings()).toBe(warned + 1);
    const failing = (await deliveriesOf(hook.id)).filter((d) => d.status === "pending");
    expect(failing).toHaveLength(5);
    expect(failing.every((d) => d.attempts === 1 && d.lastError === "http_status")).toBe(true);

    // "Send again" switches it on; the failures before that no longer count, so one more failure
    // (one of one since) leaves it on.
    failures.set("/flaky", { left: 1, how: "500" });
    const again = await t.app.inject({
      method: "POST",
      url: `/api/webhooks/${hook.id}/deliveries/${failing[0]!.id}/retry`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(202);
    await drain();
    expect(await disabledAt()).toBeNull();
    const [retried] = (await deliveriesOf(hook.id)).filter((d) => d.id === failing[0]!.id);
    expect(retried).toMatchObject({ status: "pending", attempts: 1, lastError: "http_status" });
    expect(await warnings()).toBe(warned + 1);
    failures.delete("/flaky");
    await t.app.inject({ method: "DELETE", url: `/api/webhooks/${hook.id}`, headers: { cookie } });
  });
});

describe("[webhooks] server-side request forgery", () => {
  it("tells public addresses from the rest", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.100.100.200",
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ["::1", "fd00:ec2::254", "fe80::1", "::ffff:127.0.0.1", "0.0.0.0", "224.0.0.1"])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it("refuses at creation: plain http, loopback, private, link-local and metadata addresses, names resolving to them", async () => {
    const mm = await seedMatchmaker(strict.database.db);
    const strictCookie = (await signIn(strict.app, mm.email)).cookie;
    for (const url of [
      `${base}/x`,
      "https://127.0.0.1/x",
      "https://localhost/x",
      "https://10.0.0.5/x",
      "https://192.168.0.1/x",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/x",
      "https://[fd00:ec2::254]/x",
      "https://user:pass@example.com/x",
    ]) {
      const res = await strict.app.inject({
        method: "POST",
        url: "/api/webhooks",
        headers: { cookie: strictCookie },
        payload: { url, events: ["client.created"] },
      });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, "WEBHOOK_URL_REFUSED"]);
    }
    expect(await strict.database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("checks again at delivery: an endpoint whose address is not public is not called", async () => {
    // Added while private addresses were allowed (a setting changed since, or DNS that changed).
    const hook = await addWebhook("/rebound");
    await createClient(`rebound-${Date.now()}@example.test`);
    await deliver({ ...SETTINGS, allowPrivate: false });
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "refused",
      lastStatusCode: null,
    });
    expect(received.filter((r) => r.path === "/rebound")).toEqual([]);
    // An https URL whose name resolves to loopback: refused on the address.
    await t.database.db
      .update(webhookEndpoints)
      .set({ url: "https://localhost:1/rebound" })
      .where(eq(webhookEndpoints.id, hook.id));
    await dueNow(hook.id);
    await deliver({ ...SETTINGS, allowPrivate: false });
    const [again] = await deliveriesOf(hook.id);
    expect(again).toMatchObject({ attempts: 2, lastError: "refused" });
    await t.app.inject({ method: "DELETE", url: `/api/webhooks/${hook.id}`, headers: { cookie } });
  });
});

describe("[webhooks] introductions", () => {
  it("sends introduction.updated to both matchmakers' endpoints as the introduction moves", async () => {
    // A seeded introduction and one step of its timeline, written as lifecycle's recordEvent does
    // (the full loop is in introductions.api.test.ts); here: what the step queues and sends.
    const db = t.database.db;
    const hook = await addWebhook("/intro", ["introduction.updated", "feedback.received"]);
    const other = await seedMatchmaker(db);
    const mine = await seedClient(db, owner.id);
    const theirs = await seedClient(db, other.id);
    const id = newId();
    await db.transaction(async (tx) => {
      await tx.insert(introductions).values({
        id,
        clientId: mine.id,
        candidateId: theirs.id,
        pairKey: [mine.id, theirs.id].sort().join(":"),
        proposedBy: owner.id,
        responderId: other.id,
        status: "dated",
      });
      await tx.insert(introductionSides).values([
        { introductionId: id, clientId: mine.id, matchmakerId: owner.id },
        { introductionId: id, clientId: theirs.id, matchmakerId: other.id },
      ]);
      await emitIntroductionWebhooks(tx, [
        {
          introductionId: id,
          kind: "feedback_given",
          clientId: mine.id,
          data: { happened: true, meetAgain: "yes" },
          at: new Date(),
        },
      ]);
    });
    // Written in the transaction of the step: both events, for this endpoint.
    expect((await deliveriesOf(hook.id)).map((d) => d.type).sort()).toEqual([
      "feedback.received",
      "introduction.updated",
    ]);
    await deliver();
    const got = received.filter((r) => r.path === "/intro").map((r) => JSON.parse(r.body));
    expect(got.map((e) => e.type).sort()).toEqual(["feedback.received", "introduction.updated"]);
    expect(got.find((e) => e.type === "introduction.updated").data).toMatchObject({
      introduction: { id, status: "dated" },
      step: "feedback_given",
    });
    expect(got.find((e) => e.type === "feedback.received").data).toMatchObject({
      clientId: mine.id,
      happened: true,
      meetAgain: "yes",
    });
  });
});
