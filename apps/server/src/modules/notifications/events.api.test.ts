import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { notifications, reviews, subscriptions } from "../../db/schema/index.js";
import { seedAdmin, seedMatchmaker } from "../../seed/seed.js";
import { activateSubscription, startSubscriptionJob } from "../subscriptions/service.js";
import type { UserRow } from "../users/service.js";

let t: TestApp;
let agency: UserRow;
let admin: UserRow;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  agency = await seedMatchmaker(t.database.db, { agencyName: "Events Agency", login: "events-agency" });
  admin = await seedAdmin(t.database.db);
  adminCookie = (await signIn(t.app, admin.email)).cookie;
});
afterAll(() => t.close());

const received = (userId: string, kind: string) =>
  t.database.db
    .select({ params: notifications.params })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind as "credits_added")));

describe("[notifications] domain events notify the people concerned", () => {
  it("a review waits for the admins, and its approval tells the agency once", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/agencies/events-agency/reviews",
      payload: {
        authorName: "Vera",
        authorEmail: "vera@example.test",
        text: "Careful, kind and quick to answer.",
      },
      remoteAddress: "10.9.0.1",
    });
    expect(res.statusCode).toBe(202);
    expect(await received(admin.id, "review_pending")).toEqual([
      { params: { authorName: "Vera", agencyName: "Events Agency" } },
    ]);
    expect(await received(agency.id, "review_approved")).toEqual([]);

    const [stored] = await t.database.db.select().from(reviews).where(eq(reviews.agencyUserId, agency.id));
    for (let i = 0; i < 2; i++) {
      const approve = await t.app.inject({
        method: "PUT",
        url: `/api/admin/reviews/${stored!.id}`,
        headers: { cookie: adminCookie },
        payload: { status: "approved" },
      });
      expect(approve.statusCode).toBe(200);
    }
    expect(await received(agency.id, "review_approved")).toEqual([{ params: { authorName: "Vera" } }]);
  });

  it("a request to join the agency base reaches its matchmaker as a lead", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/agencies/events-agency/join",
      payload: { firstName: "Lev", lastName: "Orlov", email: "lev.orlov@example.test", message: "Hello" },
      remoteAddress: "10.9.0.2",
    });
    expect(res.statusCode).toBe(202);
    expect(await received(agency.id, "agency_lead")).toEqual([{ params: { name: "Lev Orlov" } }]);
  });

  it("credits added by an admin or bought with a confirmed payment tell their owner", async () => {
    const add = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${agency.id}/credits`,
      headers: { cookie: adminCookie },
      payload: { amount: 250, type: "gift", description: "Welcome" },
    });
    expect(add.statusCode).toBe(201);
    expect(await received(agency.id, "credits_added")).toEqual([{ params: { amount: 250 } }]);

    const { cookie } = await signIn(t.app, agency.email);
    const checkout = await t.app.inject({
      method: "POST",
      url: "/api/payments/checkout",
      headers: { cookie },
      payload: { product: "credits_500" },
    });
    expect(checkout.statusCode).toBe(201);
    const confirm = await t.app.inject({
      method: "POST",
      url: `/api/admin/payments/${checkout.json().payment.id}/confirm`,
      headers: { cookie: adminCookie },
    });
    expect(confirm.statusCode).toBe(200);
    expect(await received(agency.id, "credits_added")).toEqual([
      { params: { amount: 250 } },
      { params: { amount: 500 } },
    ]);
  });

  it("a subscription about to end is announced once by the expiry job", async () => {
    const db = t.database.db;
    const member = await seedMatchmaker(db);
    await db.transaction((tx) => activateSubscription(tx, { userId: member.id, tier: "gold", plan: "gold" }));
    // Two days left: inside the reminder window.
    await db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() + 2 * 86_400_000) })
      .where(eq(subscriptions.userId, member.id));
    const log = { warn: vi.fn() };
    const stop = startSubscriptionJob(t.app.deps, log);
    await vi.waitFor(async () => expect(await received(member.id, "subscription_expiring")).toHaveLength(1), {
      timeout: 5000,
    });
    stop();
    const [note] = await received(member.id, "subscription_expiring");
    expect(note!.params).toMatchObject({
      tier: "Gold",
      expiresAt: expect.stringMatching(/^\d\d\.\d\d\.\d{4} \d\d:\d\d UTC$/),
    });
    const again = startSubscriptionJob(t.app.deps, log);
    await new Promise((r) => setTimeout(r, 300));
    again();
    expect(await received(member.id, "subscription_expiring")).toHaveLength(1);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
