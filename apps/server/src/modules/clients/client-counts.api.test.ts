import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { clientCounts, clientProfiles, users } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedManyClients, seedMatchmaker } from "../../seed/seed.js";

let t: TestApp;
afterAll(() => t.close());
beforeAll(async () => {
  t = await buildTestApp();
});

/** What the triggers keep, next to a count over the tables, for every matchmaker. */
async function keptAndCounted() {
  const db = t.database.db;
  const kept = await db.select().from(clientCounts).orderBy(clientCounts.inviterId);
  const counted = await db
    .select({
      inviterId: sql<string>`${users.inviterId}`,
      total: sql<number>`count(*)::int`.mapWith(Number),
      completed:
        sql<number>`count(*) filter (where ${clientProfiles.isComplete} and ${clientProfiles.approvedAt} is null)`.mapWith(
          Number,
        ),
      approved:
        sql<number>`count(*) filter (where ${clientProfiles.isComplete} and ${clientProfiles.approvedAt} is not null)`.mapWith(
          Number,
        ),
    })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(and(eq(users.role, "INVITEE"), isNotNull(users.inviterId)))
    .groupBy(users.inviterId)
    .orderBy(users.inviterId);
  return { kept: kept.filter((r) => r.total > 0), counted };
}

describe("[clients] client counts kept by the database", () => {
  it("follow creation, completion, approval, a change of matchmaker and deletions", async () => {
    const db = t.database.db;
    const anna = await seedMatchmaker(db);
    const boris = await seedMatchmaker(db);
    const annaCookie = (await signIn(t.app, anna.email)).cookie;
    const [first, second, third] = await seedManyClients(db, anna.id, 9); // 0, 3, 6 complete
    const lone = await seedClient(db, boris.id);

    let state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);
    const stats = await t.app.inject({ url: "/api/clients/stats", headers: { cookie: annaCookie } });
    expect(stats.json()).toEqual({ total: 9, incomplete: 6, completed: 3, approved: 0 });

    // Approve one complete client, complete another, then make one incomplete again.
    await db.update(clientProfiles).set({ approvedAt: new Date() }).where(eq(clientProfiles.userId, first!));
    await db.update(clientProfiles).set({ isComplete: true }).where(eq(clientProfiles.userId, second!));
    await db.update(clientProfiles).set({ isComplete: false }).where(eq(clientProfiles.userId, third!));
    // A client without a questionnaire row gets one.
    await db.insert(clientProfiles).values({ userId: lone.id, isComplete: true });
    state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);

    // A client moves to another matchmaker, and one is deleted with its questionnaire.
    await db.update(users).set({ inviterId: boris.id }).where(eq(users.id, second!));
    await db.delete(users).where(eq(users.id, first!));
    state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);

    const list = await t.app.inject({ url: "/api/clients", headers: { cookie: annaCookie } });
    expect(list.json().total).toBe(7);
    const approved = await t.app.inject({
      url: "/api/clients?profileStatus=approved",
      headers: { cookie: annaCookie },
    });
    expect(approved.json()).toMatchObject({ total: 0, items: [] });
    const complete = await t.app.inject({
      url: "/api/clients?profileStatus=complete",
      headers: { cookie: annaCookie },
    });
    expect(complete.json().total).toBe(complete.json().items.length);

    // Deleting a matchmaker leaves their clients without one, and their row goes.
    await db.delete(users).where(eq(users.id, boris.id));
    state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);
    expect(await db.select().from(clientCounts).where(eq(clientCounts.inviterId, boris.id))).toEqual([]);
  });

  it("are not what an administrator sees: every client, those without a matchmaker too", async () => {
    const admin = await seedAdmin(t.database.db);
    const cookie = (await signIn(t.app, admin.email)).cookie;
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, "INVITEE"));
    const res = await t.app.inject({ url: "/api/clients/stats", headers: { cookie } });
    expect(res.json().total).toBe(Number(row!.n));
    expect((await t.app.inject({ url: "/api/clients", headers: { cookie } })).json().total).toBe(
      Number(row!.n),
    );
  });
});
