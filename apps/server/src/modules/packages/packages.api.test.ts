import { addDays, dayOf } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { clientPackages } from "../../db/schema/index.js";
import { seedIntroduction } from "../../seed/introductions.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";

let t: TestApp;
let mm: { id: string; cookie: string };
let other: { id: string; cookie: string };
let adminCookie: string;
let clientCookie: string;
let clientId: string;
let otherClientId: string;
const today = dayOf(new Date());

const inject = (method: "GET" | "POST", url: string, cookie: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
const stored = (id: string) =>
  t.database.db.select().from(clientPackages).where(eq(clientPackages.clientId, id));
const body = (o: Record<string, unknown> = {}) => ({
  introductionsPromised: 6,
  startsOn: addDays(today, -30),
  endsOn: addDays(today, 149),
  price: 180000,
  currency: "RUB",
  ...o,
});
/** An introduction of `a` and `b`, each of their own matchmaker, introduced at `at`. */
const introduce = (a: { clientId: string; matchmakerId: string }, b: typeof a, at: Date | undefined) =>
  seedIntroduction(t.database.db, {
    client: { ...a, answer: "yes" },
    candidate: { ...b, answer: "yes" },
    status: at ? "introduced" : "asking_clients",
    ...(at && { introducedAt: at }),
  });
const midnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const matchmaker = await seedMatchmaker(db);
  const otherMatchmaker = await seedMatchmaker(db);
  const admin = await seedAdmin(db);
  const client = await seedClient(db, matchmaker.id);
  clientId = client.id;
  otherClientId = (await seedClient(db, otherMatchmaker.id)).id;
  mm = { id: matchmaker.id, cookie: (await signIn(t.app, matchmaker.email)).cookie };
  other = { id: otherMatchmaker.id, cookie: (await signIn(t.app, otherMatchmaker.email)).cookie };
  adminCookie = (await signIn(t.app, admin.email)).cookie;
  clientCookie = (await signIn(t.app, client.email)).cookie;
});
afterAll(() => t.close());

describe("[packages] recording a package", () => {
  it("records the package, answers it with progress, and stores it", async () => {
    const res = await inject("POST", `/api/clients/${clientId}/packages`, mm.cookie, body());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      clientId,
      introductionsPromised: 6,
      startsOn: addDays(today, -30),
      endsOn: addDays(today, 149),
      price: 180000,
      currency: "RUB",
      delivered: 0,
      status: "active",
      totalDays: 180,
      elapsedDays: 30,
      // 6 promised over 180 days, 30 passed: one due.
      expectedByNow: 1,
      behindSchedule: true,
      pause: null,
    });
    const rows = await stored(clientId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.json().id,
      createdBy: mm.id,
      introductionsPromised: 6,
      startsOn: addDays(today, -30),
      endsOn: addDays(today, 149),
      price: 180000,
      currency: "RUB",
      pausedFrom: null,
      pausedUntil: null,
    });
  });

  it("refuses bad input with 400 and writes nothing", async () => {
    const before = (await stored(clientId)).length;
    const bad = [
      { introductionsPromised: 0 },
      { introductionsPromised: 2.5 },
      { introductionsPromised: 1001 },
      { price: -1 },
      { price: "100" },
      { currency: "XXX" },
      { startsOn: "2026-02-30" },
      { startsOn: "yesterday" },
      { endsOn: addDays(today, -31) },
      { startsOn: "1999-12-31", endsOn: "2000-01-05" },
      { endsOn: undefined },
    ];
    for (const change of bad) {
      const res = await inject("POST", `/api/clients/${otherClientId}/packages`, other.cookie, body(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    const ends = await inject(
      "POST",
      `/api/clients/${otherClientId}/packages`,
      other.cookie,
      body({ endsOn: addDays(today, -31) }),
    );
    expect(ends.json().errors).toHaveProperty("endsOn");
    expect(await stored(otherClientId)).toHaveLength(0);
    expect(await stored(clientId)).toHaveLength(before);
  });

  it("refuses a period that shares a day with another package of the client (409), and takes the next one", async () => {
    const before = await stored(clientId);
    const overlapping = await inject(
      "POST",
      `/api/clients/${clientId}/packages`,
      mm.cookie,
      body({ startsOn: addDays(today, 149), endsOn: addDays(today, 200) }),
    );
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().code).toBe("PACKAGE_OVERLAPS");
    expect(await stored(clientId)).toHaveLength(before.length);

    const next = await inject(
      "POST",
      `/api/clients/${clientId}/packages`,
      adminCookie,
      body({ startsOn: addDays(today, 300), endsOn: addDays(today, 400), price: 0, currency: "EUR" }),
    );
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({
      status: "upcoming",
      elapsedDays: 0,
      expectedByNow: 0,
      behindSchedule: false,
    });
    expect(await stored(clientId)).toHaveLength(before.length + 1);
  });

  it("another matchmaker's client is not found and gets nothing written", async () => {
    const res = await inject(
      "POST",
      `/api/clients/${clientId}/packages`,
      other.cookie,
      body({ startsOn: "2090-01-01", endsOn: "2090-02-01" }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("CLIENT_NOT_FOUND");
    const list = await inject("GET", `/api/clients/${clientId}/packages`, other.cookie);
    expect(list.statusCode).toBe(404);
    expect((await stored(clientId)).some((row) => row.startsOn === "2090-01-01")).toBe(false);
  });
});

describe("[packages] delivered", () => {
  let deliveredClient: string;
  let partner: { clientId: string; matchmakerId: string };
  const startsOn = addDays(today, -20);
  const endsOn = addDays(today, 9);

  beforeAll(async () => {
    deliveredClient = (await seedClient(t.database.db, mm.id)).id;
    const created = await inject(
      "POST",
      `/api/clients/${deliveredClient}/packages`,
      mm.cookie,
      body({ introductionsPromised: 3, startsOn, endsOn }),
    );
    expect(created.statusCode).toBe(201);
    partner = { clientId: (await seedClient(t.database.db, other.id)).id, matchmakerId: other.id };
  });

  it("counts introductions of either side introduced inside the period, both boundary days whole", async () => {
    const self = { clientId: deliveredClient, matchmakerId: mm.id };
    const fresh = async () => ({
      clientId: (await seedClient(t.database.db, other.id)).id,
      matchmakerId: other.id,
    });
    // Counted: the start day's first moment (client side), the end day's last moment (candidate side).
    await introduce(self, partner, midnight(startsOn));
    await introduce(await fresh(), self, new Date(midnight(addDays(endsOn, 1)).getTime() - 1));
    // Not counted: just before the start, the day after the end, never introduced, someone else's.
    await introduce(self, await fresh(), new Date(midnight(startsOn).getTime() - 1));
    await introduce(await fresh(), self, midnight(addDays(endsOn, 1)));
    await introduce(self, await fresh(), undefined);
    await introduce(await fresh(), await fresh(), midnight(today));

    const res = await inject("GET", `/api/clients/${deliveredClient}/packages`, mm.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({ delivered: 2, introductionsPromised: 3, totalDays: 30 });
  });

  it("shows the client their own packages, and nobody else's", async () => {
    const mine = await inject("GET", "/api/me/packages", clientCookie);
    expect(mine.statusCode).toBe(200);
    const items = mine.json().items as { clientId: string; startsOn: string }[];
    expect(items.length).toBe((await stored(clientId)).length);
    expect(items.every((item) => item.clientId === clientId)).toBe(true);
    // Newest period first.
    expect(items.map((i) => i.startsOn)).toEqual([...items.map((i) => i.startsOn)].sort().reverse());
    const denied = await inject("GET", "/api/me/packages", mm.cookie);
    expect(denied.statusCode).toBe(403);
  });
});

describe("[packages] pause", () => {
  let pkgClient: string;
  let packageId: string;
  const url = () => `/api/clients/${pkgClient}/packages/${packageId}/pause`;

  beforeAll(async () => {
    pkgClient = (await seedClient(t.database.db, mm.id)).id;
    const res = await inject(
      "POST",
      `/api/clients/${pkgClient}/packages`,
      mm.cookie,
      body({ startsOn: addDays(today, -10), endsOn: addDays(today, 89) }),
    );
    packageId = res.json().id;
  });

  it("refuses bad dates with 400 and writes nothing", async () => {
    for (const until of [today, addDays(today, -1), addDays(today, 91), "2026-13-01", "", 5]) {
      const res = await inject("POST", url(), mm.cookie, { until });
      expect(res.statusCode, String(until)).toBe(400);
      expect(["VALIDATION_FAILED", "PACKAGE_PAUSE_DATE_INVALID"]).toContain(res.json().code);
    }
    const [row] = await stored(pkgClient);
    expect(row).toMatchObject({ pausedFrom: null, pausedUntil: null, endsOn: addDays(today, 89) });
    const tooLong = await inject("POST", url(), mm.cookie, { until: addDays(today, 91) });
    expect(tooLong.json()).toMatchObject({
      code: "PACKAGE_PAUSE_DATE_INVALID",
      errors: { until: [expect.any(String)] },
    });
  });

  it("pauses from today, moves the end date by the pause, and stops the clock", async () => {
    const res = await inject("POST", url(), mm.cookie, { until: addDays(today, 90) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: packageId,
      status: "paused",
      endsOn: addDays(today, 179),
      totalDays: 100,
      elapsedDays: 10,
      pause: { startsOn: today, until: addDays(today, 90), days: 90 },
    });
    const [row] = await stored(pkgClient);
    expect(row).toMatchObject({
      pausedFrom: today,
      pausedUntil: addDays(today, 90),
      endsOn: addDays(today, 179),
    });
  });

  it("answers a second pause with 409 and changes nothing", async () => {
    const res = await inject("POST", url(), adminCookie, { until: addDays(today, 3) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("PACKAGE_ALREADY_PAUSED");
    const [row] = await stored(pkgClient);
    expect(row).toMatchObject({ pausedUntil: addDays(today, 90), endsOn: addDays(today, 179) });
  });

  it("refuses to pause a package that has not started or has ended, or would run into the next", async () => {
    const db = t.database.db;
    const c = (await seedClient(db, mm.id)).id;
    const create = async (startsOn: string, endsOn: string) =>
      (await inject("POST", `/api/clients/${c}/packages`, mm.cookie, body({ startsOn, endsOn }))).json()
        .id as string;
    const ended = await create(addDays(today, -40), addDays(today, -1));
    const running = await create(today, addDays(today, 10));
    const upcoming = await create(addDays(today, 20), addDays(today, 60));
    const pause = (id: string, until: string) =>
      inject("POST", `/api/clients/${c}/packages/${id}/pause`, mm.cookie, { until });
    for (const id of [ended, upcoming]) {
      const res = await pause(id, addDays(today, 5));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("PACKAGE_NOT_ACTIVE");
    }
    const blocked = await pause(running, addDays(today, 10));
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe("PACKAGE_OVERLAPS");
    expect((await stored(c)).every((row) => row.pausedFrom === null)).toBe(true);
    // Nine days moves the end to the day before the next package: allowed.
    const fits = await pause(running, addDays(today, 9));
    expect(fits.statusCode).toBe(200);
    expect(fits.json().endsOn).toBe(addDays(today, 19));
  });

  it("does not find a package through another client, nor another matchmaker's client", async () => {
    const wrongClient = await inject(
      "POST",
      `/api/clients/${clientId}/packages/${packageId}/pause`,
      mm.cookie,
      {
        until: addDays(today, 3),
      },
    );
    expect(wrongClient.statusCode).toBe(404);
    expect(wrongClient.json().code).toBe("PACKAGE_NOT_FOUND");
    const foreign = await inject("POST", url(), other.cookie, { until: addDays(today, 3) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("CLIENT_NOT_FOUND");
  });
});

describe("[packages] overview", () => {
  it("lists the running packages of the caller's own clients, behind schedule first", async () => {
    const db = t.database.db;
    const mm2 = await seedMatchmaker(db);
    const cookie = (await signIn(t.app, mm2.email)).cookie;
    const onTrack = await seedClient(db, mm2.id, { firstName: "On", lastName: "Track" });
    const behind = await seedClient(db, mm2.id, { firstName: "Far", lastName: "Behind" });
    const slightly = await seedClient(db, mm2.id, { firstName: "Bit", lastName: "Behind" });
    const done = await seedClient(db, mm2.id, { firstName: "Long", lastName: "Done" });
    const create = (id: string, o: Record<string, unknown>) =>
      inject("POST", `/api/clients/${id}/packages`, cookie, body(o));
    // 10 over 100 days, 50 passed: 5 due.
    await create(behind.id, {
      introductionsPromised: 10,
      startsOn: addDays(today, -50),
      endsOn: addDays(today, 49),
    });
    await create(slightly.id, {
      introductionsPromised: 4,
      startsOn: addDays(today, -50),
      endsOn: addDays(today, 49),
    });
    await create(onTrack.id, {
      introductionsPromised: 2,
      startsOn: addDays(today, -50),
      endsOn: addDays(today, 49),
    });
    await create(done.id, { startsOn: addDays(today, -100), endsOn: addDays(today, -1) });
    const partner = { clientId: (await seedClient(db, mm.id)).id, matchmakerId: mm.id };
    await introduce({ clientId: onTrack.id, matchmakerId: mm2.id }, partner, midnight(addDays(today, -3)));
    await introduce(
      { clientId: slightly.id, matchmakerId: mm2.id },
      { clientId: (await seedClient(db, mm.id)).id, matchmakerId: mm.id },
      midnight(addDays(today, -2)),
    );

    const res = await inject("GET", "/api/packages/overview", cookie);
    expect(res.statusCode).toBe(200);
    const overview = res.json();
    expect(overview).toMatchObject({ total: 3, behindSchedule: 2, page: 1, pageSize: 20 });
    expect(
      overview.items.map((i: Record<string, unknown>) => [
        i.clientFirstName,
        i.delivered,
        i.expectedByNow,
        i.behindSchedule,
      ]),
    ).toEqual([
      ["Far", 0, 5, true],
      ["Bit", 1, 2, true],
      ["On", 1, 1, false],
    ]);
    expect(overview.items[0]).toMatchObject({
      clientLastName: "Behind",
      clientId: behind.id,
      clientAvatarUrl: null,
    });

    const paged = await inject("GET", "/api/packages/overview?page=2&pageSize=2", cookie);
    expect(paged.json()).toMatchObject({ total: 3, behindSchedule: 2, items: [{ clientFirstName: "On" }] });

    // The first matchmaker sees none of these; an admin sees them among everyone's.
    const own = await inject("GET", "/api/packages/overview?pageSize=100", mm.cookie);
    expect(own.json().items.every((i: { clientId: string }) => i.clientId !== behind.id)).toBe(true);
    const admin = await inject("GET", "/api/packages/overview?pageSize=100", adminCookie);
    expect(admin.json().items.map((i: { clientId: string }) => i.clientId)).toEqual(
      expect.arrayContaining([behind.id, slightly.id, onTrack.id]),
    );
    expect(admin.json().items.map((i: { clientId: string }) => i.clientId)).not.toContain(done.id);

    const bad = await inject("GET", "/api/packages/overview?pageSize=1000", cookie);
    expect(bad.statusCode).toBe(400);
  });
});
