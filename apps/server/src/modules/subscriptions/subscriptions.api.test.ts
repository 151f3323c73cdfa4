import { SUBSCRIPTION_DAYS } from "@matchdesk/contract";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { creditTransactions, payments, subscriptions } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import { getBalance } from "../credits/service.js";
import { aiRequestPrice, checkTierRules, EXPIRY_JOB_LOCK, runSubscriptionExpiry } from "./service.js";

let t: TestApp;
let adminCookie: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = (await signIn(t.app, (await seedAdmin(t.database.db)).email)).cookie;
});
afterAll(() => t.close());

async function newMatchmaker() {
  const user = await seedMatchmaker(t.database.db);
  return { user, cookie: (await signIn(t.app, user.email)).cookie };
}
const call = (cookie: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
const activeRows = (userId: string) =>
  t.database.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")));

describe("[subscriptions] tier rules", () => {
  it("refuses the active tier again and lower tiers while Gold is active", () => {
    expect(() => checkTierRules("silver", "silver")).toThrow(
      expect.objectContaining({ code: "SUBSCRIPTION_TIER_ACTIVE" }),
    );
    expect(() => checkTierRules("gold", "silver")).toThrow(
      expect.objectContaining({ code: "SUBSCRIPTION_GOLD_ACTIVE" }),
    );
    expect(() => checkTierRules("gold", "regular")).toThrow(
      expect.objectContaining({ code: "SUBSCRIPTION_GOLD_ACTIVE" }),
    );
    expect(() => checkTierRules("silver", "gold")).not.toThrow();
    expect(() => checkTierRules("silver", "regular")).not.toThrow();
    expect(() => checkTierRules(null, "silver")).not.toThrow();
  });

  it("has the default tier silver and no active subscription at first", async () => {
    const { cookie } = await newMatchmaker();
    const res = await call(cookie, "GET", "/api/subscriptions/me");
    expect(res.json()).toEqual({
      isActive: false,
      tier: "silver",
      plan: null,
      startedAt: null,
      expiresAt: null,
    });
  });

  it("prices an AI request by the active tier: regular 150, silver 100 (the default), gold 60", async () => {
    const { user } = await newMatchmaker();
    const set = (tier: string | null) =>
      call(adminCookie, "PUT", `/api/admin/users/${user.id}/subscription`, { tier });
    expect(await aiRequestPrice(t.database.db, user.id)).toBe(100);
    expect((await set("regular")).statusCode).toBe(200);
    expect(await aiRequestPrice(t.database.db, user.id)).toBe(150);
    expect((await set("gold")).statusCode).toBe(200);
    expect(await aiRequestPrice(t.database.db, user.id)).toBe(60);
    // The admin's change replaced the regular period: one active row, the other marked replaced.
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["active", "replaced"]);
    expect((await set(null)).statusCode).toBe(200);
    expect(await aiRequestPrice(t.database.db, user.id)).toBe(100);
  });

  it("buys regular at once, opens a payment for silver, and starts silver once the admin confirms it", async () => {
    const { user, cookie } = await newMatchmaker();
    const regular = await call(cookie, "POST", "/api/subscriptions", { tier: "regular" });
    expect(regular.statusCode).toBe(201);
    expect(regular.json()).toMatchObject({
      subscription: { isActive: true, tier: "regular" },
      payment: null,
    });
    expect(await getBalance(t.database.db, user.id)).toBe(0);
    const again = await call(cookie, "POST", "/api/subscriptions", { tier: "regular" });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("SUBSCRIPTION_TIER_ACTIVE");

    const silver = await call(cookie, "POST", "/api/subscriptions", { tier: "silver" });
    expect(silver.statusCode).toBe(200);
    const payment = silver.json().payment;
    expect(payment).toMatchObject({
      product: "plan_silver",
      provider: "manual",
      status: "pending",
      amountUsd: 49,
      url: null,
    });
    expect(silver.json().subscription.tier).toBe("regular");

    const confirmed = await call(adminCookie, "POST", `/api/admin/payments/${payment.id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe("paid");
    const me = (await call(cookie, "GET", "/api/subscriptions/me")).json();
    expect(me).toMatchObject({ isActive: true, tier: "silver", plan: "silver" });
    expect(Date.parse(me.expiresAt) - Date.parse(me.startedAt)).toBe(SUBSCRIPTION_DAYS * DAY);
    const rows = await activeRows(user.id);
    expect(rows).toHaveLength(1);
    const [grant] = await t.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, user.id));
    expect(grant).toMatchObject({ type: "subscription_silver", amount: 1000, remaining: 1000 });
    expect(grant!.expiresAt!.toISOString()).toBe(me.expiresAt);
    expect((await call(adminCookie, "POST", `/api/admin/payments/${payment.id}/confirm`)).json().code).toBe(
      "PAYMENT_NOT_PENDING",
    );
    expect(await getBalance(t.database.db, user.id)).toBe(1000);
  });

  it("refuses lower tiers while Gold is active, then cancels for good", async () => {
    const { user, cookie } = await newMatchmaker();
    const set = await call(adminCookie, "PUT", `/api/admin/users/${user.id}/subscription`, { tier: "gold" });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ isActive: true, tier: "gold", plan: "gold" });
    expect(await getBalance(t.database.db, user.id)).toBe(2000);

    for (const tier of ["regular", "silver"]) {
      const res = await call(cookie, "POST", "/api/subscriptions", { tier });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("SUBSCRIPTION_GOLD_ACTIVE");
    }
    const gold = await call(cookie, "POST", "/api/subscriptions", { tier: "gold", plan: "plus" });
    expect(gold.json().code).toBe("SUBSCRIPTION_TIER_ACTIVE");
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
    const mismatch = await call(cookie, "POST", "/api/subscriptions", { tier: "silver", plan: "plus" });
    expect(mismatch.statusCode).toBe(400);

    const cancelled = await call(cookie, "DELETE", "/api/subscriptions/me");
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().isActive).toBe(false);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({ status: "cancelled" });
    expect(row!.endedAt).not.toBeNull();
    const twice = await call(cookie, "DELETE", "/api/subscriptions/me");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("SUBSCRIPTION_NOT_ACTIVE");
    // Credits already granted stay until their own expiry.
    expect(await getBalance(t.database.db, user.id)).toBe(2000);
  });

  it("refuses subscriptions for clients, both ways", async () => {
    const { user } = await newMatchmaker();
    const client = await seedClient(t.database.db, user.id);
    const res = await call(adminCookie, "PUT", `/api/admin/users/${client.id}/subscription`, {
      tier: "silver",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("SUBSCRIPTIONS_NOT_FOR_CLIENTS");
    expect(await activeRows(client.id)).toHaveLength(0);
    const clientCookie = (await signIn(t.app, client.email)).cookie;
    expect((await call(clientCookie, "POST", "/api/subscriptions", { tier: "regular" })).statusCode).toBe(
      403,
    );
  });
});

describe("[subscriptions] expiry job", () => {
  it("expires what has ended, reminds what ends within days, once", async () => {
    const db = t.database.db;
    const { user: ending } = await newMatchmaker();
    const { user: soon } = await newMatchmaker();
    await call(adminCookie, "PUT", `/api/admin/users/${ending.id}/subscription`, { tier: "silver" });
    await call(adminCookie, "PUT", `/api/admin/users/${soon.id}/subscription`, { tier: "gold" });
    await db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, ending.id));
    await db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(subscriptions.userId, soon.id));

    const first = await runSubscriptionExpiry(db);
    expect(first.ran).toBe(true);
    expect(first.expired).toContain(ending.id);
    expect(first.reminded).toEqual([{ userId: soon.id, tier: "gold", expiresAt: expect.any(Date) }]);
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, ending.id));
    expect(row!.status).toBe("expired");
    const second = await runSubscriptionExpiry(db);
    expect(second).toEqual({ ran: true, expired: [], reminded: [] });
  });

  it.runIf(process.env.TEST_DATABASE_URL)("skips while another instance holds the job's lock", async () => {
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock($1)", [EXPIRY_JOB_LOCK]);
      expect((await runSubscriptionExpiry(t.database.db)).ran).toBe(false);
      await other.query("select pg_advisory_unlock($1)", [EXPIRY_JOB_LOCK]);
      expect((await runSubscriptionExpiry(t.database.db)).ran).toBe(true);
    } finally {
      await other.end();
    }
  });
});
