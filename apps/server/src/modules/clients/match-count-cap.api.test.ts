import { LIMITS } from "@matchdesk/contract";
import { and, asc, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { users } from "../../db/schema/index.js";
import { seedAdmin, seedClientsInBulk, seedManyClients, seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";
import { PROBE_ROWS } from "./service.js";

// A base with more matches than a filtered list counts: the count stops at the cap and says so,
// and the newest CAP matches are paged in order, walked to through the list's index.
const CAP = LIMITS.clientMatchesCounted;
// A multiple of 8 (one client in eight lives in each city), a few dozen past the cap.
const BASE = Math.ceil((CAP + 80) / 8) * 8;

let t: TestApp;
let owner: UserRow;
let cookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await seedMatchmaker(t.database.db);
  cookie = (await signIn(t.app, owner.email)).cookie;
  adminCookie = (await signIn(t.app, (await seedAdmin(t.database.db)).email)).cookie;
  await seedManyClients(t.database.db, owner.id, BASE);
  // Another agency's clients match the same texts: never the matchmaker's, always the admin's.
  await seedManyClients(t.database.db, (await seedMatchmaker(t.database.db)).id, 40);
}, 120_000);
afterAll(() => t.close());

const get = (url: string, c = cookie) => t.app.inject({ method: "GET", url, headers: { cookie: c } });

/** The ids a page must hold: the owner's (or everyone's) clients whose text has `text`, newest first. */
async function newest(text: string, offset: number, limit: number, ownOnly = true, of = owner) {
  const rows = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, "INVITEE"),
        isNull(users.erasedAt),
        ownOnly ? eq(users.inviterId, of.id) : undefined,
        ilike(users.searchText, `%${text}%`),
      ),
    )
    .orderBy(sql`${users.createdAt} desc, ${users.id} desc`)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

describe("[clients] a search with more matches than are counted", () => {
  it("counts up to the cap, says there are more, and pages the newest in order", async () => {
    // Every seeded client's e-mail starts "bulk-".
    const first = await get("/api/clients?q=bulk&pageSize=20");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: CAP, totalCapped: true, page: 1, pageSize: 20 });
    expect(first.json().items.map((c: { id: string }) => c.id)).toEqual(await newest("bulk", 0, 20));
    // The newest CAP matches are paged, to the last one; past them a narrower search is needed.
    const last = await get(`/api/clients?q=bulk&pageSize=30&page=${Math.ceil(CAP / 30)}`);
    expect(last.json()).toMatchObject({ total: CAP, totalCapped: true });
    const lastOffset = (Math.ceil(CAP / 30) - 1) * 30;
    expect(last.json().items.map((c: { id: string }) => c.id)).toEqual(
      await newest("bulk", lastOffset, CAP - lastOffset),
    );
    for (const page of [CAP / 20 + 1, CAP / 20 + 2, Math.ceil(BASE / 20) + 1]) {
      const past = await get(`/api/clients?q=bulk&pageSize=20&page=${page}`);
      expect(past.json()).toMatchObject({ items: [], total: CAP, totalCapped: true });
    }
  });

  it("counts exactly below the cap", async () => {
    // One city in eight.
    const res = await get("/api/clients?q=kazan&pageSize=10&page=2");
    expect(res.json()).toMatchObject({ total: BASE / 8, totalCapped: false });
    expect(res.json().items).toHaveLength(10);
    expect(res.json().items.map((c: { id: string }) => c.id)).toEqual(await newest("kazan", 10, 10));
    expect((await get("/api/clients?pageSize=5")).json()).toMatchObject({ total: BASE, totalCapped: false });
  });

  it("caps a filter without a search text, and an admin's search over every agency", async () => {
    const women = (await get("/api/clients?gender=FEMALE&pageSize=5")).json();
    expect(women).toMatchObject({ total: BASE / 2, totalCapped: false });
    const all = (await get("/api/clients?q=example.test&pageSize=10&page=3", adminCookie)).json();
    expect(all).toMatchObject({ total: CAP, totalCapped: true });
    expect(all.items.map((c: { id: string }) => c.id)).toEqual(await newest("example.test", 20, 10, false));
  });
});

// A base larger than the newest clients a search reads first (PROBE_ROWS): a common text is
// answered from them, a rarer one is counted through the search's index, and one with more
// matches than are counted but too few among the newest is then walked to.
describe("[clients] a search in a base larger than its first read", () => {
  let big: UserRow;
  let bigCookie: string;
  /** The base's oldest clients, outside the newest PROBE_ROWS. */
  let oldest: string[];
  const rename = (ids: string[], lastName: string) =>
    t.database.db.update(users).set({ lastName }).where(inArray(users.id, ids));

  beforeAll(async () => {
    big = await seedMatchmaker(t.database.db);
    bigCookie = (await signIn(t.app, big.email)).cookie;
    await seedClientsInBulk(t.database.db, big.id, PROBE_ROWS + 400, "probe");
    const rows = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.inviterId, big.id))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(400);
    oldest = rows.map((r) => r.id);
  }, 120_000);

  const search = (q: string, page = 1) =>
    get(`/api/clients?q=${encodeURIComponent(q)}&pageSize=20&page=${page}`, bigCookie);

  it("answers a common text from the newest clients, counted to the cap", async () => {
    const res = await search("kazan", 3);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: CAP, totalCapped: true, page: 3 });
    expect(res.json().items.map((c: { id: string }) => c.id)).toEqual(
      await newest("kazan", 40, 20, true, big),
    );
  });

  it("counts a rare text exactly, found among the oldest clients", async () => {
    const res = await search("probe-17-");
    expect(res.json()).toMatchObject({ total: 1, totalCapped: false });
    expect(res.json().items.map((c: { id: string }) => c.id)).toEqual(
      await newest("probe-17-", 0, 20, true, big),
    );
  });

  it("counts through the index a text the newest clients have too few of", async () => {
    // Some among the newest, more among the oldest: the first read finds 10, not the whole base.
    const newestTen = (await newest("probe-", 0, 10, true, big)).slice(0, 10);
    await rename([...newestTen, ...oldest.slice(-15)], "Yarrova");
    const res = await search("yarrova");
    expect(res.json()).toMatchObject({ total: 25, totalCapped: false });
    expect(res.json().items.map((c: { id: string }) => c.id)).toEqual(
      await newest("yarrova", 0, 20, true, big),
    );
  });

  it("reads one questionnaire state first, counted apart, with a search's other filters", async () => {
    // Two clients in three are incomplete: fewer than PROBE_ROWS, so that state is read whole.
    const incomplete = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.inviterId, big.id), eq(users.profileBucket, 0)))
      .limit(60);
    await rename(
      incomplete.map((r) => r.id),
      "Wexova",
    );
    const res = await get(
      "/api/clients?q=wexova&profileStatus=incomplete&gender=FEMALE&pageSize=20",
      bigCookie,
    );
    const expected = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.inviterId, big.id),
          eq(users.profileBucket, 0),
          eq(users.gender, "FEMALE"),
          ilike(users.searchText, "%wexova%"),
        ),
      )
      .orderBy(sql`${users.createdAt} desc, ${users.id} desc`);
    expect(expected.length).toBeGreaterThan(20);
    expect(res.json()).toMatchObject({ total: expected.length, totalCapped: false });
    expect(res.json().items.map((c: { id: string }) => c.id)).toEqual(expected.slice(0, 20).map((r) => r.id));
  });

  it("answers a page far past the matches counted with none", async () => {
    const res = await search("kazan", 30_000_000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [], total: CAP, totalCapped: true });
  });

  it("walks to the page of a text with more matches than are counted, none of them among the newest", async () => {
    await rename(oldest.slice(0, CAP + 50), "Zedova");
    const res = await search("zedova", 2);
    expect(res.json()).toMatchObject({ total: CAP, totalCapped: true });
    expect(res.json().items.map((c: { id: string }) => c.id)).toEqual(
      await newest("zedova", 20, 20, true, big),
    );
  });

  it("gives the same answers once a text was seen to be rare, and after it stopped being so", async () => {
    const few = oldest.slice(CAP + 50, CAP + 80);
    await rename(few, "Quorrova");
    const first = await search("quorrov");
    expect(first.json()).toMatchObject({ total: few.length, totalCapped: false });
    // Typing on: a text that begins with a rare one.
    const typed = await search("quorrova");
    expect(typed.json()).toMatchObject({ total: few.length, totalCapped: false });
    // The same texts, now with more matches than are counted (among the newest too).
    const newestIds = (await newest("kazan", 0, CAP + 20, true, big)).slice(0, CAP + 20);
    await rename(newestIds, "Quorrova");
    for (const q of ["quorrova", "quorrov", "quorrova"]) {
      const res = await search(q);
      expect(res.json()).toMatchObject({ total: CAP, totalCapped: true });
      expect(res.json().items.map((c: { id: string }) => c.id)).toEqual(await newest(q, 0, 20, true, big));
    }
  });
});
