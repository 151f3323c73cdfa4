// Found by review after the credits, marketplace and chat modules merged; each test failed before its fix.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditTransactions, payments } from "../src/db/schema/index.js";
import { grantCredits } from "../src/modules/credits/service.js";
import { seedAdmin, seedMatchmaker } from "../src/seed/seed.js";
import { buildTestApp, signIn, type TestApp } from "./app.js";

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = (await signIn(t.app, (await seedAdmin(t.database.db)).email)).cookie;
});
afterAll(() => t.close());

const call = (cookie: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

async function newMatchmaker() {
  const user = await seedMatchmaker(t.database.db);
  return { user, cookie: (await signIn(t.app, user.email)).cookie };
}

describe("[subscriptions] plan purchases keep SPEC 4's rules", () => {
  it("refuses a checkout for a lower or the same tier while Gold is active", async () => {
    const { user, cookie } = await newMatchmaker();
    expect(
      (await call(adminCookie, "PUT", `/api/admin/users/${user.id}/subscription`, { tier: "gold" }))
        .statusCode,
    ).toBe(200);
    const before = (await t.database.db.select().from(payments).where(eq(payments.userId, user.id))).length;
    const silver = await call(cookie, "POST", "/api/payments/checkout", { product: "plan_silver" });
    expect(silver.statusCode).toBe(409);
    expect(silver.json().code).toBe("SUBSCRIPTION_GOLD_ACTIVE");
    const gold = await call(cookie, "POST", "/api/payments/checkout", { product: "plan_gold" });
    expect(gold.statusCode).toBe(409);
    expect(gold.json().code).toBe("SUBSCRIPTION_TIER_ACTIVE");
    expect((await t.database.db.select().from(payments).where(eq(payments.userId, user.id))).length).toBe(
      before,
    );
  });

  it("allows one plan purchase at a time, and a confirm that the rules no longer allow is refused", async () => {
    const { user, cookie } = await newMatchmaker();
    const first = await call(cookie, "POST", "/api/payments/checkout", { product: "plan_silver" });
    expect(first.statusCode).toBe(201);
    const second = await call(cookie, "POST", "/api/payments/checkout", { product: "plan_gold" });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("PLAN_PAYMENT_PENDING");

    // Meanwhile an administrator gives Gold: the pending Silver request can no longer be delivered.
    await call(adminCookie, "PUT", `/api/admin/users/${user.id}/subscription`, { tier: "gold" });
    const confirm = await call(adminCookie, "POST", `/api/admin/payments/${first.json().payment.id}/confirm`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe("SUBSCRIPTION_GOLD_ACTIVE");
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, first.json().payment.id));
    expect(row!.status).toBe("pending");
    expect((await call(cookie, "GET", "/api/subscriptions/me")).json()).toMatchObject({ tier: "gold" });
  });

  it("an administrator setting the active tier again grants nothing twice", async () => {
    const { user, cookie } = await newMatchmaker();
    for (let i = 0; i < 2; i++) {
      const res = await call(adminCookie, "PUT", `/api/admin/users/${user.id}/subscription`, {
        tier: "gold",
      });
      expect(res.statusCode).toBe(200);
    }
    const grants = await t.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, user.id));
    expect(grants.filter((g) => g.type === "subscription_gold")).toHaveLength(1);
    expect((await call(cookie, "GET", "/api/credits")).json().balance).toBe(2000);
  });
});

describe("[credits] large balances", () => {
  it("a balance past 2^31 is answered, not a 500", async () => {
    const { user, cookie } = await newMatchmaker();
    await t.database.db.transaction(async (tx) => {
      await grantCredits(tx, { userId: user.id, amount: 2_000_000_000, type: "gift" });
      await grantCredits(tx, { userId: user.id, amount: 2_000_000_000, type: "gift" });
    });
    const res = await call(cookie, "GET", "/api/credits");
    expect(res.statusCode).toBe(200);
    expect(res.json().balance).toBe(4_000_000_000);
  });
});

describe("[marketplace] reviews and analytics input", () => {
  it("an agency cannot review itself, and nothing is stored", async () => {
    const { user, cookie } = await newMatchmaker();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/agencies/${user.id}/reviews`,
      headers: { cookie },
      payload: { authorName: "Me", authorEmail: "me@example.test", text: "We are simply the best agency." },
      remoteAddress: "10.7.0.1",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("REVIEW_OWN_AGENCY");
    const queue = await call(adminCookie, "GET", "/api/admin/reviews?status=pending");
    expect(queue.json().items.filter((r: { agencyName: string }) => r.agencyName === user.firstName)).toEqual(
      [],
    );
  });

  it("a date far in the future is a 400, not a 500", async () => {
    const { cookie } = await newMatchmaker();
    const res = await call(cookie, "GET", "/api/analytics/views?to=9999-12-31");
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_FAILED");
  });
});

describe("[limits] what a script could flood", () => {
  it("checkouts are limited per person per hour", async () => {
    const { cookie } = await newMatchmaker();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await call(cookie, "POST", "/api/payments/checkout", { product: "credits_500" })).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("chat messages are limited per person per minute", async () => {
    const { cookie } = await newMatchmaker();
    const other = await seedMatchmaker(t.database.db);
    const chat = await call(cookie, "POST", "/api/chats", { participantId: other.id });
    expect(chat.statusCode).toBe(201);
    let last = 0;
    for (let i = 0; i < 121; i++) {
      last = (await call(cookie, "POST", `/api/chats/${chat.json().id}/messages`, { body: `m${i}` }))
        .statusCode;
      if (i < 120) expect(last).toBe(201);
    }
    expect(last).toBe(429);
  });
});
