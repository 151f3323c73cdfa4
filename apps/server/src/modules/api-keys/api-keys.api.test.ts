import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { apiKeys, users } from "../../db/schema/index.js";
import { hashToken } from "../../platform/ids.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import { updateUser } from "../users/service.js";

// A small window, so the rate limit is reached in a few calls.
const LIMIT = 8;

let t: TestApp;
let owner: { id: string; email: string };
let ownerCookie: string;
let otherClientId: string;
let ownClientId: string;
let clientCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ apiKeyRateLimit: { limit: LIMIT, windowMs: 60_000 } });
  const db = t.database.db;
  owner = await seedMatchmaker(db);
  ownerCookie = (await signIn(t.app, owner.email)).cookie;
  ownClientId = (await seedClient(db, owner.id)).id;
  const other = await seedMatchmaker(db);
  otherClientId = (await seedClient(db, other.id)).id;
  const client = await seedClient(db, owner.id);
  clientCookie = (await signIn(t.app, client.email)).cookie;
});
afterAll(() => t.close());

async function createKey(cookie: string, name = "Zapier") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/api-keys",
    headers: { cookie },
    payload: { name },
  });
  return res;
}
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

describe("[api keys] create, list, use, revoke", () => {
  it("creates a named key: the secret is answered once, with its prefix, and only its hash is kept", async () => {
    const res = await createKey(ownerCookie, "  CRM sync ");
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: "CRM sync", lastUsedAt: null });
    expect(body.secret).toMatch(/^mdk_[A-Za-z0-9_-]{43}$/);
    expect(body.hint).toBe(`mdk_…${body.secret.slice(-4)}`);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, body.id));
    expect(row).toMatchObject({ userId: owner.id, secretHash: hashToken(body.secret), revokedAt: null });
    expect(JSON.stringify(row)).not.toContain(body.secret);

    const list = await t.app.inject({
      method: "GET",
      url: "/api/api-keys",
      headers: { cookie: ownerCookie },
    });
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((k: { id: string }) => k.id === body.id);
    expect(item).toEqual({
      id: body.id,
      name: "CRM sync",
      hint: body.hint,
      createdAt: body.createdAt,
      lastUsedAt: null,
    });
    expect(list.body).not.toContain(body.secret);
  });

  it("refuses a blank name and a client's attempt, writing nothing", async () => {
    const before = await t.database.db.select().from(apiKeys);
    const blank = await createKey(ownerCookie, "   ");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe("VALIDATION_FAILED");
    const client = await createKey(clientCookie);
    expect(client.statusCode).toBe(403);
    expect(await t.database.db.select().from(apiKeys)).toHaveLength(before.length);
  });

  it("acts as its owner on a normal route, without a cookie or an origin check, and notes when it was used", async () => {
    const { secret, id } = (await createKey(ownerCookie)).json();
    const list = await t.app.inject({ method: "GET", url: "/api/clients", headers: bearer(secret) });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((c: { id: string }) => c.id)).toContain(ownClientId);
    expect(list.json().items.map((c: { id: string }) => c.id)).not.toContain(otherClientId);

    // A write from a script: a foreign Origin does not matter, the key alone authenticates.
    const email = `bearer-${Date.now()}@example.test`;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/clients",
      headers: { ...bearer(secret), origin: "https://elsewhere.example" },
      payload: { email, firstName: "Via", lastName: "Key" },
    });
    expect(created.statusCode).toBe(201);
    const [stored] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(stored).toMatchObject({ role: "INVITEE", inviterId: owner.id });

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    const listed = await t.app.inject({ method: "GET", url: "/api/api-keys", headers: bearer(secret) });
    expect(listed.json().items.find((k: { id: string }) => k.id === id).lastUsedAt).toBe(
      row!.lastUsedAt!.toISOString(),
    );
  });

  it("has the owner's rights and no more: another matchmaker's client is not found, admin routes are forbidden", async () => {
    const { secret } = (await createKey(ownerCookie)).json();
    const own = await t.app.inject({
      method: "GET",
      url: `/api/clients/${ownClientId}`,
      headers: bearer(secret),
    });
    expect(own.statusCode).toBe(200);
    const foreign = await t.app.inject({
      method: "GET",
      url: `/api/clients/${otherClientId}`,
      headers: bearer(secret),
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/clients/${otherClientId}`,
      headers: bearer(secret),
    });
    expect(removed.statusCode).toBe(404);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, otherClientId));
    expect(still).toBeDefined();
    const admin = await t.app.inject({ method: "GET", url: "/api/admin/users", headers: bearer(secret) });
    expect(admin.statusCode).toBe(403);
  });

  it("cannot manage keys or webhooks, or erase anyone: those need the person signed in", async () => {
    const { id, secret } = (await createKey(ownerCookie)).json();
    const db = t.database.db;
    const keyState = async () =>
      (await db.select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt }).from(apiKeys)).sort((a, b) =>
        a.id.localeCompare(b.id),
      );
    const keysBefore = await keyState();
    const tries = [
      { method: "POST", url: "/api/api-keys", payload: { name: "another" } },
      { method: "DELETE", url: `/api/api-keys/${id}` },
      {
        method: "POST",
        url: "/api/webhooks",
        payload: { url: "https://hooks.example.test/in", events: ["client.created"] },
      },
      { method: "POST", url: "/api/me/erase", payload: { confirm: true } },
      { method: "POST", url: `/api/clients/${ownClientId}/erase`, payload: { confirm: true } },
    ] as const;
    for (const attempt of tries) {
      const res = await t.app.inject({ ...attempt, headers: bearer(secret) });
      expect([attempt.url, res.statusCode, res.json().code]).toEqual([attempt.url, 403, "FORBIDDEN"]);
    }
    expect(await keyState()).toEqual(keysBefore);
    const [client] = await db.select().from(users).where(eq(users.id, ownClientId));
    expect(client!.erasedAt).toBeNull();
    // Reading what it may read still works.
    const listed = await t.app.inject({ method: "GET", url: "/api/api-keys", headers: bearer(secret) });
    expect(listed.statusCode).toBe(200);
  });

  it("ignores the cookie of a request that carries a key: a bad key is 401 even with a good session", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/clients",
      headers: { cookie: ownerCookie, ...bearer("mdk_not-a-real-key") },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("UNAUTHENTICATED");
    expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
  });

  it("answers 401 once revoked; another person cannot revoke it", async () => {
    const { secret, id } = (await createKey(ownerCookie)).json();
    const other = await seedMatchmaker(t.database.db);
    const otherCookie = (await signIn(t.app, other.email)).cookie;
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/api/api-keys/${id}`,
      headers: { cookie: otherCookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/clients", headers: bearer(secret) })).statusCode,
    ).toBe(200);

    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/api-keys/${id}`,
      headers: { cookie: ownerCookie },
    });
    expect(revoked.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    const after = await t.app.inject({ method: "GET", url: "/api/clients", headers: bearer(secret) });
    expect(after.statusCode).toBe(401);
    // Public routes too: a script learns its key is dead.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/health", headers: bearer(secret) })).statusCode,
    ).toBe(401);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/api-keys",
      headers: { cookie: ownerCookie },
    });
    expect(list.json().items.map((k: { id: string }) => k.id)).not.toContain(id);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/api-keys/${id}`,
      headers: { cookie: ownerCookie },
    });
    expect(again.statusCode).toBe(404);
  });

  it("stops working when its owner is switched off, and is gone with a deleted owner", async () => {
    const db = t.database.db;
    const admin = await seedAdmin(db);
    const adminCookie = (await signIn(t.app, admin.email)).cookie;
    const blocked = await seedMatchmaker(db);
    const { secret } = (await createKey((await signIn(t.app, blocked.email)).cookie)).json();
    expect(
      (await t.app.inject({ method: "GET", url: "/api/clients", headers: bearer(secret) })).statusCode,
    ).toBe(200);
    await updateUser(db, blocked.id, { status: "inactive" });
    expect(
      (await t.app.inject({ method: "GET", url: "/api/clients", headers: bearer(secret) })).statusCode,
    ).toBe(401);

    const gone = await seedMatchmaker(db);
    const goneKey = (await createKey((await signIn(t.app, gone.email)).cookie)).json();
    await db.delete(users).where(eq(users.id, gone.id));
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, gone.id))).toEqual([]);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/clients", headers: bearer(goneKey.secret) }))
        .statusCode,
    ).toBe(401);
    // An admin's key is an admin's: their routes answer.
    const adminKey = (await createKey(adminCookie)).json();
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/users", headers: bearer(adminKey.secret) }))
        .statusCode,
    ).toBe(200);
  });

  it("is rate limited per key: 429 with Retry-After past the limit, another key unaffected", async () => {
    const first = (await createKey(ownerCookie)).json();
    const second = (await createKey(ownerCookie)).json();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < LIMIT + 2; i++) {
      last = await t.app.inject({ method: "GET", url: "/api/clients/stats", headers: bearer(first.secret) });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
    expect(last!.json().code).toBe("RATE_LIMITED");
    expect(Number(last!.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(last!.headers["retry-after"])).toBeLessThanOrEqual(60);
    const other = await t.app.inject({
      method: "GET",
      url: "/api/clients/stats",
      headers: bearer(second.secret),
    });
    expect(other.statusCode).toBe(200);
    // The session of the same person is not limited by the key.
    const session = await t.app.inject({
      method: "GET",
      url: "/api/clients/stats",
      headers: { cookie: ownerCookie },
    });
    expect(session.statusCode).toBe(200);
  });

  it("caps the live keys per person", async () => {
    const db = t.database.db;
    const busy = await seedMatchmaker(db);
    const cookie = (await signIn(t.app, busy.email)).cookie;
    const made = await Promise.all(Array.from({ length: 22 }, (_, i) => createKey(cookie, `k${i}`)));
    expect(made.filter((r) => r.statusCode === 201)).toHaveLength(20);
    const refused = made.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => [r.statusCode, r.json().code])).toEqual([
      [409, "API_KEY_LIMIT"],
      [409, "API_KEY_LIMIT"],
    ]);
    const live = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, busy.id)));
    expect(live).toHaveLength(20);
  });

  it("is described in the OpenAPI document as a bearer scheme", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    const doc = res.json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(doc.paths["/api/health"].get.security).toEqual([]);
    expect(doc.paths["/api/api-keys"].post.security).toBeUndefined();
  });
});
