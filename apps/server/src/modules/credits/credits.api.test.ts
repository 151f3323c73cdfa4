import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { creditTransactions, users } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import { debitCredits, getBalance, grantCredits, refundDebit } from "./service.js";

let t: TestApp;
let adminCookie: string;
let mmCookie: string;
let matchmakerId: string;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const admin = await seedAdmin(db);
  const mm = await seedMatchmaker(db);
  matchmakerId = mm.id;
  clientId = (await seedClient(db, mm.id)).id;
  adminCookie = (await signIn(t.app, admin.email)).cookie;
  mmCookie = (await signIn(t.app, mm.email)).cookie;
});
afterAll(() => t.close());

const ledger = (userId: string) =>
  t.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
const DAY = 86_400_000;

describe("[credits] admin adds credits", () => {
  it("adds credits to a matchmaker, who sees the balance and the history", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${matchmakerId}/credits`,
      headers: { cookie: adminCookie },
      payload: { amount: 300, type: "gift", description: "Welcome gift" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      balance: 300,
      transaction: { type: "gift", amount: 300, description: "Welcome gift", expiresAt: null },
    });
    const rows = await ledger(matchmakerId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 300, remaining: 300, type: "gift" });

    const balance = await t.app.inject({ method: "GET", url: "/api/credits", headers: { cookie: mmCookie } });
    expect(balance.json()).toEqual({ balance: 300, expiring: 0, nextExpiryAt: null, expiries: [] });
    const history = await t.app.inject({
      method: "GET",
      url: "/api/credits/transactions",
      headers: { cookie: mmCookie },
    });
    expect(history.json()).toMatchObject({ total: 1, items: [{ type: "gift", amount: 300 }] });
  });

  it("refuses an amount of 0 or less, a past expiry, a client, and an unknown user; writes nothing", async () => {
    const before = (await ledger(matchmakerId)).length;
    const post = (id: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/users/${id}/credits`,
        headers: { cookie: adminCookie },
        payload,
      });
    for (const amount of [0, -5, 1.5, "10"]) {
      const res = await post(matchmakerId, { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    const past = await post(matchmakerId, { amount: 5, expiresAt: new Date(Date.now() - DAY).toISOString() });
    expect(past.statusCode).toBe(400);
    expect((await ledger(matchmakerId)).length).toBe(before);

    const client = await post(clientId, { amount: 10 });
    expect(client.statusCode).toBe(400);
    expect(client.json().code).toBe("CREDITS_NOT_FOR_CLIENTS");
    expect(await ledger(clientId)).toHaveLength(0);

    const unknown = await post("00000000-0000-7000-8000-000000000000", { amount: 10 });
    expect(unknown.statusCode).toBe(404);
  });

  it("a client has no credits routes", async () => {
    const [client] = await t.database.db.select().from(users).where(eq(users.id, clientId));
    const cookie = (await signIn(t.app, client!.email)).cookie;
    expect((await t.app.inject({ method: "GET", url: "/api/credits", headers: { cookie } })).statusCode).toBe(
      403,
    );
  });
});

describe("[credits] ledger", () => {
  it("spends the credits that expire soonest first; expired credits stop counting", async () => {
    const db = t.database.db;
    const user = await seedMatchmaker(db);
    const now = new Date();
    await db.transaction(async (tx) => {
      await grantCredits(tx, { userId: user.id, amount: 100, type: "gift" });
      await grantCredits(tx, {
        userId: user.id,
        amount: 50,
        type: "subscription_silver",
        expiresAt: new Date(now.getTime() + 10 * DAY),
      });
      await grantCredits(tx, {
        userId: user.id,
        amount: 30,
        type: "contest",
        expiresAt: new Date(now.getTime() + 5 * DAY),
      });
    });
    expect(await getBalance(db, user.id)).toBe(180);
    const result = await db.transaction((tx) => debitCredits(tx, { userId: user.id, amount: 60 }));
    expect(result).toMatchObject({ charged: 60, balance: 120 });
    const rows = await ledger(user.id);
    const byType = Object.fromEntries(rows.map((r) => [r.type, r]));
    expect(byType.contest!.remaining).toBe(0);
    expect(byType.subscription_silver!.remaining).toBe(20);
    expect(byType.gift!.remaining).toBe(100);
    expect(byType.aiMatch).toMatchObject({ amount: -60, remaining: 0 });

    // Eleven days on, the subscription's 20 have expired: only the 100 without expiry count.
    const later = new Date(now.getTime() + 11 * DAY);
    expect(await getBalance(db, user.id, later)).toBe(100);
    await expect(
      db.transaction((tx) => debitCredits(tx, { userId: user.id, amount: 101 }, later)),
    ).rejects.toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      statusCode: 402,
      details: { required: 101, available: 100 },
    });
    expect(await ledger(user.id)).toHaveLength(4);
  });

  it("refunds a debit once, as a compensation row", async () => {
    const db = t.database.db;
    const user = await seedMatchmaker(db);
    await db.transaction((tx) => grantCredits(tx, { userId: user.id, amount: 100, type: "gift" }));
    const { transaction } = await db.transaction((tx) => debitCredits(tx, { userId: user.id, amount: 60 }));
    expect(await getBalance(db, user.id)).toBe(40);
    const first = await db.transaction((tx) => refundDebit(tx, transaction!.id));
    const again = await db.transaction((tx) => refundDebit(tx, transaction!.id));
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ type: "compensation", amount: 60, remaining: 60 });
    expect(await getBalance(db, user.id)).toBe(100);
    const grant = (await ledger(user.id)).find((r) => r.type === "gift")!;
    await expect(db.transaction((tx) => refundDebit(tx, grant.id))).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it("answers NO_CREDITS at zero, and charges a free client nothing", async () => {
    const db = t.database.db;
    const user = await seedMatchmaker(db);
    await expect(
      db.transaction((tx) => debitCredits(tx, { userId: user.id, amount: 1 })),
    ).rejects.toMatchObject({
      code: "NO_CREDITS",
      statusCode: 402,
    });
    await db.update(users).set({ isFreeClient: true }).where(eq(users.id, user.id));
    const free = await db.transaction((tx) => debitCredits(tx, { userId: user.id, amount: 100 }));
    expect(free).toMatchObject({ charged: 0, transaction: null, balance: 0 });
    expect(await ledger(user.id)).toHaveLength(0);
  });

  it("50 concurrent debits against a balance covering 23 leave exactly 23 and never go below zero", async () => {
    const db = t.database.db;
    const user = await seedMatchmaker(db);
    await db.transaction(async (tx) => {
      await grantCredits(tx, { userId: user.id, amount: 135, type: "gift" });
      await grantCredits(tx, {
        userId: user.id,
        amount: 100,
        type: "subscription_gold",
        expiresAt: new Date(Date.now() + DAY),
      });
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        db.transaction((tx) => debitCredits(tx, { userId: user.id, amount: 10 })),
      ),
    );
    const succeeded = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(succeeded).toHaveLength(23);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ statusCode: 402 });
    expect(await getBalance(db, user.id)).toBe(5);
    const debits = await db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, user.id), eq(creditTransactions.type, "aiMatch")));
    expect(debits).toHaveLength(23);
    const grants = (await ledger(user.id)).filter((r) => r.amount > 0);
    expect(grants.every((g) => g.remaining >= 0)).toBe(true);
    expect(grants.find((g) => g.type === "subscription_gold")!.remaining).toBe(0);
  });
});

describe("[credits] usage", () => {
  it("shows admins the credits spent per day and type", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/usage?days=7",
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const aiToday = res
      .json()
      .days.filter((d: { day: string; type: string }) => d.day === today && d.type === "aiMatch");
    // 60 in the expiry-order test, 60 in the refund test (spent, then given back) and 230 in the concurrency test.
    expect(aiToday).toEqual([{ day: today, type: "aiMatch", spent: 350 }]);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: "/api/admin/usage?days=0",
          headers: { cookie: adminCookie },
        })
      ).statusCode,
    ).toBe(400);
  });
});
