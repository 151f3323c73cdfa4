import { IntroductionStatus, IntroductionsPage } from "@matchdesk/contract";
import { eq, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { introductionCounts, introductions, users } from "../../db/schema/index.js";
import { seedManyIntroductions } from "../../seed/introductions.js";
import { seedManyClients, seedMatchmaker } from "../../seed/seed.js";

// The tab counts of a matchmaker's introductions come from counters that statement triggers keep
// (migration 0030). Whatever writes the introductions, the counters must equal a count of them.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Per status, what the counters say and what counting the introductions says, for one matchmaker. */
async function both(matchmakerId: string) {
  const db = t.database.db;
  const kept = await db
    .select({ status: introductionCounts.status, n: introductionCounts.n })
    .from(introductionCounts)
    .where(eq(introductionCounts.matchmakerId, matchmakerId));
  const counted = await db
    .select({ status: introductions.status, n: sql<number>`count(*)::int` })
    .from(introductions)
    .where(or(eq(introductions.proposedBy, matchmakerId), eq(introductions.responderId, matchmakerId)))
    .groupBy(introductions.status);
  const asMap = (rows: { status: string; n: number }[]) =>
    Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [r.status, r.n]));
  return { kept: asMap(kept), counted: asMap(counted) };
}

describe("introduction tab counters", () => {
  it("follow inserts, moves, deletes and a deleted matchmaker, and the list answers them", async () => {
    const db = t.database.db;
    const anna = await seedMatchmaker(db, { email: "counts-anna@example.test" });
    const boris = await seedMatchmaker(db, { email: "counts-boris@example.test" });
    const vera = await seedMatchmaker(db, { email: "counts-vera@example.test" });
    const annas = await seedManyClients(db, anna.id, 30, "ca");
    const boriss = await seedManyClients(db, boris.id, 30, "cb");
    const veras = await seedManyClients(db, vera.id, 10, "cv");
    const statuses = IntroductionStatus.options;
    await seedManyIntroductions(db, [
      // Across agencies: counted for both matchmakers.
      ...annas.slice(0, 20).map((clientId, i) => ({
        clientId,
        candidateId: boriss[i]!,
        proposedBy: anna.id,
        responderId: boris.id,
        status: statuses[i % statuses.length]!,
        // Half the clients asked: a card then waits on the client's answer, not the matchmaker.
        ...(i % 2 === 0 && { askedAt: new Date() }),
      })),
      // Within Anna's agency: counted once for her.
      ...annas.slice(20, 25).map((clientId, i) => ({
        clientId,
        candidateId: annas[25 + i]!,
        proposedBy: anna.id,
        responderId: anna.id,
        status: "match" as const,
      })),
      // Boris with Vera: not Anna's.
      ...boriss.slice(20, 30).map((clientId, i) => ({
        clientId,
        candidateId: veras[i]!,
        proposedBy: boris.id,
        responderId: vera.id,
        status: "awaiting_response" as const,
      })),
    ]);
    for (const m of [anna, boris, vera]) {
      const { kept, counted } = await both(m.id);
      expect(kept).toEqual(counted);
    }
    const crossMatches = annas
      .slice(0, 20)
      .filter((_, i) => statuses[i % statuses.length] === "match").length;
    expect((await both(anna.id)).kept.match).toBe(5 + crossMatches);
    expect((await both(vera.id)).kept).toEqual({ awaiting_response: 10 });

    // One statement moving many rows, and rows whose state does not change.
    await db.update(introductions).set({ status: "dated" }).where(eq(introductions.status, "match"));
    await db
      .update(introductions)
      .set({ updatedAt: new Date() })
      .where(eq(introductions.proposedBy, anna.id));
    for (const m of [anna, boris, vera]) {
      const { kept, counted } = await both(m.id);
      expect(kept).toEqual(counted);
    }

    // The list's tabs and total come from them.
    const { cookie } = await signIn(t.app, anna.email);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/introductions?pageSize=5",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(25);
    expect(body.items).toHaveLength(5);
    expect(body.counts.active + body.counts.dates + body.counts.past).toBe(25);
    // The list's answer is written without parsing it again: it is exactly what the schema says.
    expect(IntroductionsPage.parse(body)).toEqual(body);
    // A page past the end still answers the counts.
    const beyond = await t.app.inject({
      method: "GET",
      url: "/api/introductions?pageSize=5&page=99",
      headers: { cookie },
    });
    expect(beyond.json()).toMatchObject({ items: [], total: 25, counts: body.counts });

    // A list card, read in one statement, says what the introduction's own view says.
    const all = await t.app.inject({
      method: "GET",
      url: "/api/introductions?pageSize=100",
      headers: { cookie },
    });
    expect(all.json().items).toHaveLength(25);
    expect(IntroductionsPage.parse(all.json())).toEqual(all.json());
    // Page after page: every card once, in the list's order.
    const paged: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/introductions?pageSize=5&page=${page}`,
        headers: { cookie },
      });
      paged.push(...res.json().items.map((i: { id: string }) => i.id));
    }
    expect(paged).toEqual(all.json().items.map((i: { id: string }) => i.id));
    for (const item of all.json().items) {
      const one = await t.app.inject({
        method: "GET",
        url: `/api/introductions/${item.id}`,
        headers: { cookie },
      });
      expect(one.statusCode).toBe(200);
      const detail = one.json();
      const { ownClient, otherClient, ...card } = item;
      expect(card).toEqual(Object.fromEntries(Object.keys(card).map((k) => [k, detail[k]])));
      expect([ownClient.userId, otherClient.userId]).toEqual([
        detail.ownClient.userId,
        detail.otherClient.userId,
      ]);
    }

    // Deleting introductions, and a matchmaker whose deletion cascades to theirs.
    await db.delete(introductions).where(eq(introductions.clientId, annas[0]!));
    expect((await both(anna.id)).kept).toEqual((await both(anna.id)).counted);
    await db.delete(users).where(eq(users.id, vera.id));
    expect(
      await db.select().from(introductionCounts).where(eq(introductionCounts.matchmakerId, vera.id)),
    ).toEqual([]);
    for (const m of [anna, boris]) {
      const { kept, counted } = await both(m.id);
      expect(kept).toEqual(counted);
    }

    // Emptied at once: the counters with it.
    await db.execute(sql`truncate introductions cascade`);
    expect(await db.select().from(introductionCounts)).toEqual([]);
  });
});
