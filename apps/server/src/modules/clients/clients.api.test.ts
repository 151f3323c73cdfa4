import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { jpegWithGps, multipart } from "../../../test/images.js";
import { clientProfiles, photos, users } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedManyClients, seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";

let t: TestApp;
let owner: UserRow;
let cookie: string;
let otherCookie: string;
let theirs: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await seedMatchmaker(t.database.db);
  cookie = (await signIn(t.app, owner.email)).cookie;
  theirs = await seedMatchmaker(t.database.db);
  otherCookie = (await signIn(t.app, theirs.email)).cookie;
  await seedManyClients(t.database.db, owner.id, 30);
  await seedManyClients(t.database.db, theirs.id, 7, "theirs");
});
afterAll(() => t.close());

const get = (url: string, c = cookie) => t.app.inject({ method: "GET", url, headers: { cookie: c } });

describe("[clients] the client base", () => {
  it("lists only the matchmaker's own clients, newest first, with paging", async () => {
    const res = await get("/api/clients?page=2&pageSize=10");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 30, page: 2, pageSize: 10 });
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).toMatchObject({ profileStatus: expect.any(String), hasRegistered: false });
    expect((await get("/api/clients", otherCookie)).json().total).toBe(7);
  });

  it("answers one client as the list shows it, only to their matchmaker", async () => {
    const [first] = (await get("/api/clients?pageSize=1")).json().items;
    const res = await get(`/api/clients/${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(first);
    const foreign = await get(`/api/clients/${first.id}`, otherCookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("CLIENT_NOT_FOUND");
  });

  it("searches by name, e-mail, phone and city, and filters by profile state", async () => {
    expect(
      (await get("/api/clients?q=olga"))
        .json()
        .items.every((c: { firstName: string }) => c.firstName === "Olga"),
    ).toBe(true);
    expect((await get("/api/clients?q=bulk-7-")).json().total).toBe(1);
    expect(
      (await get("/api/clients?q=kazan")).json().items.every((c: { city: string }) => c.city === "Kazan"),
    ).toBe(true);
    expect((await get("/api/clients?q=%25%25")).json().total).toBe(0);
    // Each kind of field, against a recount over the fields themselves; never another's client.
    const db = t.database.db;
    for (const q of [
      "olga",
      "OLGA",
      "Olga Petrova",
      "+7 900",
      "000012",
      "kazan",
      "bulk-1",
      "theirs",
      "zzz",
    ]) {
      const like = `%${q}%`;
      const [recount] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
        .where(
          and(
            eq(users.inviterId, owner.id),
            or(
              ilike(users.firstName, like),
              ilike(users.lastName, like),
              ilike(users.email, like),
              ilike(users.phone, like),
              ilike(clientProfiles.city, like),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
            ),
          ),
        );
      const n = recount!.n;
      expect((await get(`/api/clients?q=${encodeURIComponent(q)}&pageSize=100`)).json().total, q).toBe(n);
      if (!["theirs", "zzz"].includes(q)) expect(n, q).toBeGreaterThan(0);
    }
    expect((await get("/api/clients?q=theirs", otherCookie)).json().total).toBe(7);
    expect((await get("/api/clients?profileStatus=complete")).json().total).toBe(10);
    expect((await get("/api/clients?profileStatus=incomplete")).json().total).toBe(20);
    expect((await get("/api/clients?gender=FEMALE")).json().total).toBe(15);
    // The filtered count rides on the page's rows; a page past the end still tells the total.
    const second = (await get("/api/clients?gender=FEMALE&page=2&pageSize=10")).json();
    expect(second).toMatchObject({ total: 15, page: 2 });
    expect(second.items).toHaveLength(5);
    expect((await get("/api/clients?gender=FEMALE&page=9&pageSize=10")).json()).toMatchObject({
      total: 15,
      items: [],
    });
    expect((await get("/api/clients?profileStatus=complete&page=9")).json()).toMatchObject({
      total: 10,
      items: [],
    });
    expect((await get("/api/clients?profileStatus=nope")).statusCode).toBe(400);
  });

  it("filters by state, verification, search, gender and text, each shape's statement taking each call's values", async () => {
    // Each combination of filters is one statement prepared once (`listShape`) and run with the
    // values: in turn, with the caller, the text, the flags and the page changing between calls of
    // one shape, every answer is a recount, page 2 included.
    const db = t.database.db;
    const owned = and(eq(users.role, "INVITEE"), isNull(users.erasedAt));
    const before = await db
      .select({
        id: users.id,
        isVerified: users.isVerified,
        participatesInSearch: users.participatesInSearch,
      })
      .from(users)
      .where(owned);
    const admin = (await signIn(t.app, (await seedAdmin(db)).email)).cookie;
    try {
      await db
        .update(users)
        .set({ isVerified: true })
        .where(and(owned, sql`${users.email} ~ '^(bulk|theirs)-[0-9]*[02468]-'`));
      await db
        .update(users)
        .set({ participatesInSearch: true })
        .where(and(owned, sql`${users.email} ~ '^(bulk|theirs)-[0-9]*[0-4]-'`));
      const callers = [
        { cookie, inviterId: owner.id },
        { cookie: otherCookie, inviterId: theirs.id },
        { cookie: admin, inviterId: undefined },
      ];
      for (const q of [undefined, "olga", "kazan", "a", "bulk-1", "+7 900"]) {
        for (const state of [undefined, 0, 1]) {
          for (const verified of [undefined, true, false]) {
            for (const inSearch of [undefined, false, true]) {
              for (const gender of [undefined, "FEMALE"] as const) {
                for (const caller of callers) {
                  const like = q && `%${q}%`;
                  const expected = await db
                    .select({ id: users.id })
                    .from(users)
                    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
                    .where(
                      and(
                        owned,
                        caller.inviterId ? eq(users.inviterId, caller.inviterId) : undefined,
                        state === undefined ? undefined : eq(users.profileBucket, state),
                        verified === undefined ? undefined : eq(users.isVerified, verified),
                        inSearch === undefined ? undefined : eq(users.participatesInSearch, inSearch),
                        gender === undefined ? undefined : eq(users.gender, gender),
                        like
                          ? or(
                              ilike(users.firstName, like),
                              ilike(users.lastName, like),
                              ilike(users.email, like),
                              ilike(users.phone, like),
                              ilike(clientProfiles.city, like),
                            )
                          : undefined,
                      ),
                    )
                    .orderBy(desc(users.createdAt), desc(users.id));
                  const query = new URLSearchParams({
                    page: "2",
                    pageSize: "3",
                    ...(q && { q }),
                    ...(state !== undefined && { profileStatus: ["incomplete", "complete"][state]! }),
                    ...(verified !== undefined && { verified: String(verified) }),
                    ...(inSearch !== undefined && { inSearch: String(inSearch) }),
                    ...(gender && { gender }),
                  });
                  const label = `${caller.inviterId ?? "admin"} ${query}`;
                  const res = await get(`/api/clients?${query}`, caller.cookie);
                  expect(res.statusCode, label).toBe(200);
                  expect(res.json().total, label).toBe(expected.length);
                  expect(
                    res.json().items.map((c: { id: string }) => c.id),
                    label,
                  ).toEqual(expected.slice(3, 6).map((c) => c.id));
                }
              }
            }
          }
        }
      }
      // The flags were set so that each filter picks some clients and leaves others.
      const verifiedOnly = (await get("/api/clients?verified=true&pageSize=100")).json();
      expect(verifiedOnly.total).toBeGreaterThan(0);
      expect(verifiedOnly.total).toBeLessThan(30);
      expect(verifiedOnly.items.every((c: { isVerified: boolean }) => c.isVerified)).toBe(true);
    } finally {
      for (const { id, ...flags } of before) await db.update(users).set(flags).where(eq(users.id, id));
    }
  });

  it("finds a client by what they are now called and where they live now", async () => {
    const db = t.database.db;
    const [client] = await db
      .select()
      .from(users)
      .where(eq(users.email, `bulk-4-${owner.id.slice(-6)}@example.test`));
    const found = async (q: string) =>
      (await get(`/api/clients?q=${encodeURIComponent(q)}`)).json().items.map((c: { id: string }) => c.id);
    await db
      .update(users)
      .set({ lastName: "Quennell-Ærø", phone: "+44 7700 900123" })
      .where(eq(users.id, client!.id));
    await db.update(clientProfiles).set({ city: "Invergordon" }).where(eq(clientProfiles.userId, client!.id));
    // "Æ" and "ø" are lowercased by the database, not here (search-keys.ts), in the keys and the pattern.
    for (const q of ["quennell", "QUENNELL-Ærø", "7700 900", "invergordon"])
      expect(await found(q), q).toEqual([client!.id]);
    await db.update(clientProfiles).set({ city: null }).where(eq(clientProfiles.userId, client!.id));
    expect(await found("invergordon")).toEqual([]);
    expect(await found("quennell")).toEqual([client!.id]);
  });

  it("searches by the questionnaire state a client is in now, and only the matchmaker's own", async () => {
    const db = t.database.db;
    const first = await seedMatchmaker(db);
    const second = await seedMatchmaker(db);
    const firstCookie = (await signIn(t.app, first.email)).cookie;
    const secondCookie = (await signIn(t.app, second.email)).cookie;
    const admin = (await signIn(t.app, (await seedAdmin(db)).email)).cookie;
    const client = await seedClient(db, first.id, { firstName: "Ульяна", lastName: "Zwetkowa" });
    const ids = async (url: string, c = firstCookie) =>
      (await get(url, c)).json().items.map((i: { id: string }) => i.id);
    const bucketOf = async () =>
      (await db.select({ b: users.profileBucket }).from(users).where(eq(users.id, client.id)))[0]!.b;

    // Letters in any case and alphabet, three or more (the keys) and fewer (the plain scan).
    for (const q of ["ульяна", "УЛЬЯНА", "Zwet", "zw", "ья"])
      expect(await ids(`/api/clients?q=${encodeURIComponent(q)}`), q).toEqual([client.id]);
    expect(await ids("/api/clients?q=zwetkowa&profileStatus=incomplete")).toEqual([client.id]);
    expect(await ids("/api/clients?q=zwetkowa&profileStatus=complete")).toEqual([]);

    await db.insert(clientProfiles).values({ userId: client.id, isComplete: true });
    expect(await bucketOf()).toBe(1);
    expect(await ids("/api/clients?q=zwetkowa&profileStatus=incomplete")).toEqual([]);
    expect(await ids("/api/clients?q=zwetkowa&profileStatus=complete")).toEqual([client.id]);
    await db
      .update(clientProfiles)
      .set({ approvedAt: new Date() })
      .where(eq(clientProfiles.userId, client.id));
    expect(await bucketOf()).toBe(2);
    expect(await ids("/api/clients?q=zwetkowa&profileStatus=approved")).toEqual([client.id]);
    expect(await ids("/api/clients?q=zwetkowa")).toEqual([client.id]);

    // Another matchmaker's client is not found by these keys, until the client moves to them.
    expect(await ids("/api/clients?q=zwetkowa", secondCookie)).toEqual([]);
    await db.update(users).set({ inviterId: second.id }).where(eq(users.id, client.id));
    expect(await ids("/api/clients?q=zwetkowa")).toEqual([]);
    expect(await ids("/api/clients?q=zwetkowa&profileStatus=approved", secondCookie)).toEqual([client.id]);
    // An admin searches everyone's clients.
    expect(await ids("/api/clients?q=zwetkowa", admin)).toEqual([client.id]);

    // A questionnaire removed leaves the client incomplete.
    await db.delete(clientProfiles).where(eq(clientProfiles.userId, client.id));
    expect(await bucketOf()).toBe(0);
    expect(await ids("/api/clients?q=zwetkowa&profileStatus=incomplete", secondCookie)).toEqual([client.id]);
    // Every stored state agrees with the questionnaire it copies.
    const [disagree] = await db
      .select({ n: count() })
      .from(users)
      .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
      .where(
        sql`${users.profileBucket} <> md_client_bucket(${clientProfiles.isComplete}, ${clientProfiles.approvedAt})`,
      );
    expect(disagree!.n).toBe(0);
    // And with the counts the list's tabs read (client_counts), per matchmaker.
    const counted = await db.execute(sql`
      select c.inviter_id from client_counts c
      left join (
        select inviter_id, count(*)::int as total,
          (count(*) filter (where profile_bucket = 1))::int as completed,
          (count(*) filter (where profile_bucket = 2))::int as approved
        from users where role = 'INVITEE' and inviter_id is not null group by inviter_id
      ) u on u.inviter_id = c.inviter_id
      where (c.total, c.completed, c.approved)
        is distinct from (coalesce(u.total, 0), coalesce(u.completed, 0), coalesce(u.approved, 0))`);
    expect((counted as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it("counts incomplete, completed and approved profiles", async () => {
    const res = await get("/api/clients/stats");
    expect(res.json()).toEqual({ total: 30, incomplete: 20, completed: 10, approved: 0 });
  });

  it("creates a client directly, refusing a taken e-mail", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie },
      payload: {
        email: "direct@example.test",
        firstName: "Vera",
        lastName: "Lis",
        phone: "+44 20 7946 0958",
        gender: "FEMALE",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: "INVITEE", phone: "+442079460958", gender: "FEMALE" });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "direct@example.test"));
    expect(row!.inviterId).toBe(owner.id);
    const dup = await t.app.inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie },
      payload: { email: "DIRECT@example.test", firstName: "Vera", lastName: "Lis" },
    });
    expect(dup.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie },
      payload: { email: "x@example.test", firstName: "V", lastName: "L", phone: "nope" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.phone).toEqual(["Invalid phone"]);
  });

  it("an admin must name the matchmaker", async () => {
    const admin = (await signIn(t.app, (await seedAdmin(t.database.db)).email)).cookie;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie: admin },
      payload: { email: "adm@example.test", firstName: "A", lastName: "B" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("MATCHMAKER_REQUIRED");
  });

  it("verifies, includes in search, deactivates; approval needs a complete profile", async () => {
    const client = await seedClient(t.database.db, owner.id);
    const put = (path: string, payload: Record<string, unknown>, c = cookie) =>
      t.app.inject({
        method: "PUT",
        url: `/api/clients/${client.id}/${path}`,
        headers: { cookie: c },
        payload,
      });
    expect((await put("verification", { verified: true })).json().isVerified).toBe(true);
    expect((await put("search", { participates: true })).json().participatesInSearch).toBe(true);
    expect((await put("status", { status: "inactive" })).json().isActive).toBe(false);
    const approve = await put("status", { status: "approved" });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe("PROFILE_INCOMPLETE");
    expect((await put("verification", { verified: false }, otherCookie)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ isVerified: true, participatesInSearch: true, status: "inactive" });
  });

  it("deletes a client with their photos and files; another matchmaker cannot", async () => {
    const client = await seedClient(t.database.db, owner.id);
    const form = multipart("photos", [{ name: "a.jpg", data: await jpegWithGps() }]);
    const up = await t.app.inject({
      method: "POST",
      url: `/api/profiles/${client.id}/gallery`,
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    const photoUrl = up.json().items[0].url;
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/clients/${client.id}`,
          headers: { cookie: otherCookie },
        })
      ).statusCode,
    ).toBe(404);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/clients/${client.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, client.id))).toEqual([]);
    expect(await t.database.db.select().from(photos).where(eq(photos.profileUserId, client.id))).toEqual([]);
    expect((await get(photoUrl)).statusCode).toBe(404);
  });
});
