import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProfilePatchBody } from "@matchdesk/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import {
  candidateMarks,
  clientProfiles,
  compatibilityResults,
  creditTransactions,
  introductions,
  notifications,
  users,
} from "../../db/schema/index.js";
import { seedClient, seedMatchmaker } from "../../seed/seed.js";
import { grantCredits } from "../credits/service.js";
import { writeClientProfile } from "../profiles/service.js";
import { activateSubscription } from "../subscriptions/service.js";
import type { UserRow } from "../users/service.js";

// The paid compatibility check, candidates and introductions through the real routes.

let t: TestApp;
let annaA: UserRow; // matchmaker A
let borisB: UserRow; // matchmaker B
let carlC: UserRow; // matchmaker C, sees none of it
const cookies: Record<string, string> = {};
const people: Record<string, UserRow> = {};

function profile(gender: "FEMALE" | "MALE", city: string): ProfilePatchBody {
  return {
    gender,
    dateOfBirth: gender === "FEMALE" ? "1992-05-01" : "1988-03-10",
    phone: "+7 900 000 00 00",
    country: "RU",
    city,
    ethnicity: "WHITE",
    incomeLevel: "FROM_100K_TO_500K",
    profession: "Engineer",
    aboutMe: "Calm and kind.",
    marriageStatus: "NEVER_MARRIED",
    relationshipStatus: "SINGLE",
    faith: "CHRISTIANITY",
    height: gender === "FEMALE" ? 168 : 182,
    smoking: "NO",
    familyPlan: "WANT_CHILDREN",
    preferences: { preferredGender: gender === "FEMALE" ? "MALE" : "FEMALE", minAge: 25, maxAge: 45 },
  } as ProfilePatchBody;
}

async function addClient(
  name: string,
  matchmaker: UserRow,
  gender: "FEMALE" | "MALE",
  o: { published?: boolean; complete?: boolean } = {},
) {
  const user = await seedClient(t.database.db, matchmaker.id, { firstName: name });
  if (o.complete !== false) await writeClientProfile(t.database.db, user, profile(gender, "Moscow"));
  if (o.published) {
    await t.database.db.update(users).set({ participatesInSearch: true }).where(eq(users.id, user.id));
  }
  people[name] = user;
  return user;
}

async function grant(userId: string, amount: number) {
  await t.database.db.transaction((tx) => grantCredits(tx, { userId, amount, type: "pay" }));
}

async function debits(userId: string) {
  return t.database.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.type, "aiMatch")));
}

const call = (who: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: cookies[who]! } });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  annaA = await seedMatchmaker(db, { firstName: "Anna" });
  borisB = await seedMatchmaker(db, { firstName: "Boris", agencyName: "Boris Agency" });
  carlC = await seedMatchmaker(db, { firstName: "Carl" });
  await addClient("olga", annaA, "FEMALE", { published: true });
  await addClient("anton", annaA, "MALE");
  await addClient("ivan", borisB, "MALE", { published: true });
  await addClient("igor", borisB, "MALE", { published: true });
  await addClient("ilya", borisB, "MALE", { published: true });
  await addClient("petr", borisB, "MALE"); // not published: A never sees him
  await addClient("nina", annaA, "FEMALE", { complete: false });
  for (const [who, u] of [
    ["anna", annaA],
    ["boris", borisB],
    ["carl", carlC],
  ] as const)
    cookies[who] = (await signIn(t.app, u.email)).cookie;
  cookies.olga = (await signIn(t.app, people.olga!.email)).cookie;
});
afterAll(async () => {
  await t?.close();
});

describe("compatibility check", () => {
  it("tells the price before the run", async () => {
    // Without a plan the default tier (silver) prices it; Anna is on the free regular tier.
    await t.database.db.transaction((tx) =>
      activateSubscription(tx, { userId: annaA.id, tier: "regular", plan: null }),
    );
    await grant(annaA.id, 250);
    const res = await call("anna", "GET", `/api/matching/price?clientId=${people.olga!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ price: 150, charge: 150, freeReason: null, balance: 250 });
    expect((await call("carl", "GET", `/api/matching/price?clientId=${people.olga!.id}`)).statusCode).toBe(
      404,
    );
  });

  it("charges the regular price in the transaction that keeps the result", async () => {
    const res = await call("anna", "POST", "/api/matching/compatibility", {
      clientId: people.olga!.id,
      candidateId: people.ivan!.id,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      clientId: people.olga!.id,
      candidateId: people.ivan!.id,
      creditsCharged: 150,
      reused: false,
      narrativeSource: "engine",
      excluded: false,
    });
    expect(body.percentage).toBeGreaterThan(50);
    expect(body.summary.length).toBeGreaterThan(10);
    expect(body.fitFactors.length).toBeGreaterThan(3);
    expect(body.fitFactors[0]).toEqual(
      expect.objectContaining({
        key: expect.any(String),
        score: expect.any(Number),
        weight: expect.any(Number),
      }),
    );
    expect(JSON.stringify(body)).not.toContain("Ivan");

    const [row] = await t.database.db
      .select()
      .from(compatibilityResults)
      .where(eq(compatibilityResults.id, body.id));
    expect(row).toMatchObject({ creditsCharged: 150, percentage: body.percentage, requestedBy: annaA.id });
    const spent = await debits(annaA.id);
    expect(spent).toHaveLength(1);
    expect(spent[0]).toMatchObject({ amount: -150, reference: `compatibility:${body.id}` });
    expect(row!.debitId).toBe(spent[0]!.id);
    expect((await call("anna", "GET", "/api/credits")).json().balance).toBe(100);
  });

  it("answers a retry with the kept result and charges nothing again, even in parallel", async () => {
    const payload = { clientId: people.olga!.id, candidateId: people.ivan!.id };
    const [a, b] = await Promise.all([
      call("anna", "POST", "/api/matching/compatibility", payload),
      call("anna", "POST", "/api/matching/compatibility", payload),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().reused).toBe(true);
    expect(a.json().id).toBe(b.json().id);
    expect(await debits(annaA.id)).toHaveLength(1);
    expect(await t.database.db.select().from(compatibilityResults)).toHaveLength(1);
  });

  it("runs parallel first requests once", async () => {
    await grant(borisB.id, 1000);
    const payload = { clientId: people.ivan!.id, candidateId: people.igor!.id };
    // igor is a man and ivan wants women: excluded, still a paid, kept result.
    const runs = await Promise.all(
      [1, 2, 3].map(() => call("boris", "POST", "/api/matching/compatibility", payload)),
    );
    expect(runs.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(runs.map((r) => r.json().id)).size).toBe(1);
    expect(runs[0]!.json().excluded).toBe(true);
    expect(await debits(borisB.id)).toHaveLength(1);
  });

  it("answers 402 INSUFFICIENT_CREDITS with required and available, storing nothing", async () => {
    const res = await call("anna", "POST", "/api/matching/compatibility", {
      clientId: people.olga!.id,
      candidateId: people.anton!.id,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: "INSUFFICIENT_CREDITS", required: 150, available: 100 });
    expect(await debits(annaA.id)).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(compatibilityResults)
        .where(eq(compatibilityResults.candidateId, people.anton!.id)),
    ).toHaveLength(0);
  });

  it("answers 402 NO_CREDITS when there are none", async () => {
    const res = await call("carl", "POST", "/api/matching/compatibility", {
      clientId: (await addClient("cora", carlC, "FEMALE")).id,
      candidateId: people.ivan!.id,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: "NO_CREDITS", required: 100, available: 0 });
  });

  it("charges nothing when storing the result fails: the debit rolls back with it", async () => {
    const db = t.database.db;
    await db.execute(sql`create function fail_result() returns trigger language plpgsql as $$
      begin raise exception 'storage failed'; end $$`);
    await db.execute(
      sql`create trigger fail_result before insert on compatibility_results for each row execute function fail_result()`,
    );
    try {
      const before = (await call("boris", "GET", "/api/credits")).json().balance;
      const res = await call("boris", "POST", "/api/matching/compatibility", {
        clientId: people.ivan!.id,
        candidateId: people.ilya!.id,
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe("INTERNAL_ERROR");
      expect(await debits(borisB.id)).toHaveLength(1);
      expect((await call("boris", "GET", "/api/credits")).json().balance).toBe(before);
    } finally {
      await db.execute(sql`drop trigger fail_result on compatibility_results`);
      await db.execute(sql`drop function fail_result()`);
    }
  });

  it("charges the silver price on a silver plan", async () => {
    await t.database.db.transaction((tx) =>
      activateSubscription(tx, { userId: annaA.id, tier: "silver", plan: null }),
    );
    const price = (await call("anna", "GET", "/api/matching/price")).json();
    expect(price).toMatchObject({ price: 100, charge: 100 });
    const res = await call("anna", "POST", "/api/matching/compatibility", {
      clientId: people.olga!.id,
      candidateId: people.anton!.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().creditsCharged).toBe(100);
    expect((await debits(annaA.id)).map((d) => d.amount).sort((a, b) => a - b)).toEqual([-150, -100]);
  });

  it("charges nothing for a free client or when support enabled AI matching", async () => {
    const db = t.database.db;
    await db.update(users).set({ isFreeClient: true }).where(eq(users.id, people.olga!.id));
    const free = await call("anna", "POST", "/api/matching/compatibility", {
      clientId: people.olga!.id,
      candidateId: people.igor!.id,
    });
    expect(free.statusCode).toBe(201);
    expect(free.json().creditsCharged).toBe(0);
    await db.update(users).set({ isFreeClient: false }).where(eq(users.id, people.olga!.id));

    const cora = people.cora!;
    await db.update(users).set({ aiMatchingEnabled: true }).where(eq(users.id, carlC.id));
    expect((await call("carl", "GET", `/api/matching/price?clientId=${cora.id}`)).json()).toMatchObject({
      charge: 0,
      freeReason: "support_enabled",
    });
    const res = await call("carl", "POST", "/api/matching/compatibility", {
      clientId: cora.id,
      candidateId: people.ivan!.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().creditsCharged).toBe(0);
    expect(await debits(carlC.id)).toHaveLength(0);
    expect(await debits(annaA.id)).toHaveLength(2);
  });

  it("refuses what the caller may not see: 404, nothing stored or charged", async () => {
    const before = (await t.database.db.select().from(compatibilityResults)).length;
    const cases = [
      {
        who: "anna",
        body: { clientId: people.olga!.id, candidateId: people.petr!.id },
        code: "CANDIDATE_NOT_FOUND",
      },
      {
        who: "carl",
        body: { clientId: people.olga!.id, candidateId: people.ivan!.id },
        code: "CLIENT_NOT_FOUND",
      },
      { who: "anna", body: { clientId: people.olga!.id, candidateId: "nope" }, code: "CANDIDATE_NOT_FOUND" },
    ];
    for (const c of cases) {
      const res = await call(c.who, "POST", "/api/matching/compatibility", c.body);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(c.code);
    }
    const incomplete = await call("anna", "POST", "/api/matching/compatibility", {
      clientId: people.nina!.id,
      candidateId: people.ivan!.id,
    });
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().code).toBe("PROFILE_INCOMPLETE");
    expect((await t.database.db.select().from(compatibilityResults)).length).toBe(before);
  });

  it("lists the kept results of a client, to its matchmaker only", async () => {
    const res = await call("anna", "GET", `/api/matching/results?clientId=${people.olga!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(3);
    expect(res.json().items.map((i: { candidateId: string }) => i.candidateId)).toEqual([
      people.igor!.id,
      people.anton!.id,
      people.ivan!.id,
    ]);
    expect((await call("boris", "GET", `/api/matching/results?clientId=${people.olga!.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe("AI narrative", () => {
  let server: Server;
  let ai: TestApp;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const sent = JSON.parse(body);
        const names = JSON.stringify(sent);
        const content = JSON.stringify(
          names.includes("advising")
            ? {
                answer: names.includes("Olga")
                  ? "LEAK"
                  : "Fill in the food preferences; the model advises it.",
              }
            : {
                summary: names.includes("Olga")
                  ? "LEAK"
                  : "The model says the pair fits at the given figure.",
                relationshipAnalysis:
                  "The model's analysis: shared values hold them together and interest is balanced.",
              },
        );
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ choices: [{ message: { content } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    ai = await buildTestApp({
      ai: { baseUrl: `http://127.0.0.1:${port}/v1`, model: "test", apiKey: "k", timeoutMs: 5000 },
    });
  });
  afterAll(async () => {
    await ai?.close();
    server?.close();
  });

  it("uses the model's summary and analysis when configured", async () => {
    const db = ai.database.db;
    const mm = await seedMatchmaker(db);
    await db.update(users).set({ aiMatchingEnabled: true }).where(eq(users.id, mm.id));
    const a = await seedClient(db, mm.id, { firstName: "Olga" });
    await writeClientProfile(db, a, profile("FEMALE", "Moscow"));
    const b = await seedClient(db, mm.id, { firstName: "Ivan" });
    await writeClientProfile(db, b, profile("MALE", "Moscow"));
    const { cookie } = await signIn(ai.app, mm.email);
    const res = await ai.app.inject({
      method: "POST",
      url: "/api/matching/compatibility",
      payload: { clientId: a.id, candidateId: b.id },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      narrativeSource: "ai",
      summary: "The model says the pair fits at the given figure.",
    });
    const [row] = await db.select().from(compatibilityResults);
    expect(row!.narrativeSource).toBe("ai");

    const advice = await ai.app.inject({
      method: "POST",
      url: "/api/ai/advice",
      payload: { question: "What would improve her matches?", clientId: a.id },
      headers: { cookie },
    });
    expect(advice.statusCode).toBe(200);
    // The model is sent the anonymised facts: the mock answers "LEAK" if a name reaches it.
    expect(advice.json()).toMatchObject({ source: "ai", basedOn: { results: 1, candidates: 0 } });
  });
});

describe("candidates", () => {
  it("ranks the pool with interaction state and paging; unpublished and other-agency-hidden stay out", async () => {
    const res = await call("anna", "GET", `/api/clients/${people.olga!.id}/candidates`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.items.map((i: { id: string }) => i.id);
    expect(ids.sort()).toEqual([people.anton!.id, people.igor!.id, people.ilya!.id, people.ivan!.id].sort());
    const ivan = body.items.find((i: { id: string }) => i.id === people.ivan!.id);
    expect(ivan).toMatchObject({
      isOwnClient: false,
      agencyName: "Boris Agency",
      priority: null,
      deferred: false,
      interaction: "none",
    });
    expect(ivan.topFactors.length).toBeGreaterThan(0);
    expect(ivan.profile.fields.phone).toBeUndefined();
    const paged = (
      await call("anna", "GET", `/api/clients/${people.olga!.id}/candidates?pageSize=2&page=2`)
    ).json();
    expect(paged).toMatchObject({ total: 4, page: 2 });
    expect(paged.items).toHaveLength(2);
    expect((await call("carl", "GET", `/api/clients/${people.olga!.id}/candidates`)).statusCode).toBe(404);
  });

  it("names the factors in the app's language (its cookie), else the account's", async () => {
    const url = `/api/clients/${people.olga!.id}/candidates`;
    const labels = async (cookie: string) =>
      (await t.app.inject({ url, headers: { cookie } }))
        .json()
        .items.flatMap((i: { topFactors: { key: string; label: string }[] }) => i.topFactors)
        .filter((f: { key: string }) => f.key === "age")
        .map((f: { label: string }) => f.label);
    expect(new Set(await labels(`${cookies.anna}; locale=en-US`))).toEqual(new Set(["Age"]));
    expect(new Set(await labels(cookies.anna!))).toEqual(new Set(["Возраст"]));
  });

  it("sets priority, resets it, moves to the end and back", async () => {
    const url = `/api/clients/${people.olga!.id}/candidates`;
    const first = (await call("anna", "GET", url)).json().items[0].id as string;
    const put = await call("anna", "PUT", `${url}/${first}`, { priority: "yes" });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      clientId: people.olga!.id,
      candidateId: first,
      priority: "yes",
      deferred: false,
    });
    expect(
      (await call("anna", "GET", `${url}?priority=yes`)).json().items.map((i: { id: string }) => i.id),
    ).toEqual([first]);
    await call("anna", "PUT", `${url}/${first}`, { deferred: true });
    const moved = (await call("anna", "GET", url)).json().items;
    expect(moved.at(-1)).toMatchObject({ id: first, deferred: true, priority: "yes" });
    // Paged and filtered, the deferred one stays last, and counts where the filters keep it.
    const ids = (items: { id: string }[]) => items.map((i) => i.id);
    const page2 = (await call("anna", "GET", `${url}?pageSize=2&page=2`)).json();
    expect(page2).toMatchObject({ total: moved.length, page: 2 });
    expect(ids(page2.items)).toEqual(ids(moved).slice(2, 4));
    expect((await call("anna", "GET", `${url}?priority=yes`)).json()).toMatchObject({
      total: 1,
      items: [{ id: first, deferred: true }],
    });
    const atLeast = Math.max(...moved.map((i: { percentage: number }) => i.percentage));
    const strong = (await call("anna", "GET", `${url}?minPercentage=${atLeast}`)).json();
    const want = moved.filter((i: { percentage: number }) => i.percentage >= atLeast);
    expect(strong.total).toBe(want.length);
    expect(ids(strong.items)).toEqual(ids(want));
    for (const source of ["own", "shared"] as const) {
      const mine = moved.filter((i: { isOwnClient: boolean }) => i.isOwnClient === (source === "own"));
      const got = (await call("anna", "GET", `${url}?source=${source}&priority=none`)).json();
      expect(ids(got.items)).toEqual(ids(mine.filter((i: { id: string }) => i.id !== first)));
    }
    await call("anna", "PUT", `${url}/${first}`, { deferred: false });
    expect((await call("anna", "GET", url)).json().items[0].id).toBe(first);
    await call("anna", "PUT", `${url}/${first}`, { priority: null });
    const [mark] = await t.database.db
      .select()
      .from(candidateMarks)
      .where(eq(candidateMarks.candidateId, first));
    expect(mark).toMatchObject({ priority: null, deferred: false });
    // anton stays shared with olga for the client's own view below
    await call("anna", "PUT", `${url}/${people.anton!.id}`, { priority: "yes" });

    const bad = await call("anna", "PUT", `${url}/${first}`, {});
    expect(bad.statusCode).toBe(400);
    const hidden = await call("anna", "PUT", `${url}/${people.petr!.id}`, { priority: "yes" });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe("CANDIDATE_NOT_FOUND");
  });
});

describe("introductions", () => {
  const propose = (who: string, clientId: string, candidateId: string) =>
    call(who, "POST", "/api/introductions", { clientId, candidateId });
  const act = (who: string, id: string, action: string) =>
    call(who, "POST", `/api/introductions/${id}/${action}`);
  const statusOf = async (id: string) =>
    (await t.database.db.select().from(introductions).where(eq(introductions.id, id)))[0]!.status;
  const expect409 = async (who: string, id: string, action: string) => {
    const before = await statusOf(id);
    const res = await act(who, id, action);
    expect(res.statusCode, `${who} ${action} on ${before}`).toBe(409);
    expect(res.json().code).toBe("INTRODUCTION_STATE");
    expect(await statusOf(id)).toBe(before);
  };

  it("proposed, then accepted by the other matchmaker: match; every other move 409", async () => {
    const res = await propose("anna", people.olga!.id, people.ivan!.id);
    expect(res.statusCode).toBe(201);
    const intro = res.json();
    expect(intro).toMatchObject({
      status: "awaiting_response",
      direction: "outgoing",
      otherAgencyName: "Boris Agency",
    });
    const dup = await propose("anna", people.olga!.id, people.ivan!.id);
    expect([dup.statusCode, dup.json().code]).toEqual([409, "INTRODUCTION_EXISTS"]);
    const reverse = await propose("boris", people.ivan!.id, people.olga!.id);
    expect([reverse.statusCode, reverse.json().code]).toEqual([409, "INTRODUCTION_EXISTS"]);

    const incoming = (await call("boris", "GET", "/api/introductions")).json().items;
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatchObject({ id: intro.id, direction: "incoming" });
    expect((await call("carl", "GET", "/api/introductions")).json().items).toHaveLength(0);
    expect((await act("carl", intro.id, "accept")).statusCode).toBe(404);

    await expect409("anna", intro.id, "accept"); // the proposer cannot answer
    await expect409("anna", intro.id, "reject");
    await expect409("boris", intro.id, "cancel"); // the responder cannot cancel
    const ok = await act("boris", intro.id, "accept");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe("match");
    expect(await statusOf(intro.id)).toBe("match");
    // After the match either side may still cancel (the clients' step is next); nobody answers twice.
    for (const [who, action] of [
      ["boris", "accept"],
      ["boris", "reject"],
    ] as const)
      await expect409(who, intro.id, action);
    const listed = (
      await call("anna", "GET", `/api/clients/${people.olga!.id}/candidates?interaction=match`)
    ).json();
    expect(listed.items.map((i: { id: string }) => i.id)).toEqual([people.ivan!.id]);

    // Each step told the other side: the proposal to Boris, the acceptance to Anna.
    const told = async (userId: string) =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => ({
        kind: n.kind,
        params: n.params,
      }));
    // Each reader's own client is named first and linked.
    expect(await told(borisB.id)).toContainEqual({
      kind: "introduction_proposed",
      params: {
        matchmakerName: `Anna ${annaA.lastName}`,
        clientName: "ivan",
        candidateName: "olga",
        clientId: people.ivan!.id,
        introductionId: intro.id,
      },
    });
    expect(await told(annaA.id)).toContainEqual({
      kind: "introduction_accepted",
      params: {
        matchmakerName: `Boris ${borisB.lastName}`,
        clientName: "olga",
        candidateName: "ivan",
        clientId: people.olga!.id,
        introductionId: intro.id,
      },
    });
  });

  it("rejected: no further move", async () => {
    const intro = (await propose("anna", people.olga!.id, people.igor!.id)).json();
    const res = await act("boris", intro.id, "reject");
    expect([res.statusCode, res.json().status]).toEqual([200, "rejected"]);
    for (const [who, action] of [
      ["boris", "accept"],
      ["boris", "reject"],
      ["anna", "cancel"],
    ] as const)
      await expect409(who, intro.id, action);
    expect((await propose("anna", people.olga!.id, people.igor!.id)).statusCode).toBe(409);
  });

  it("cancelled by the proposer: back to no interaction, no further move, may be proposed again", async () => {
    const intro = (await propose("anna", people.olga!.id, people.ilya!.id)).json();
    const res = await act("anna", intro.id, "cancel");
    expect([res.statusCode, res.json().status]).toEqual([200, "cancelled"]);
    for (const [who, action] of [
      ["anna", "cancel"],
      ["boris", "accept"],
      ["boris", "reject"],
    ] as const)
      await expect409(who, intro.id, action);
    const again = await propose("anna", people.olga!.id, people.ilya!.id);
    expect(again.statusCode).toBe(201);
  });

  it("refuses a candidate the proposer may not see and a bad action", async () => {
    const res = await propose("anna", people.olga!.id, people.petr!.id);
    expect([res.statusCode, res.json().code]).toEqual([404, "CANDIDATE_NOT_FOUND"]);
    const [one] = await t.database.db.select().from(introductions);
    expect((await act("anna", one!.id, "approve")).statusCode).toBe(400);
  });
});

describe("the client's own candidates", () => {
  it("shows priority yes and matches, none while inactive or incomplete", async () => {
    const res = await call("olga", "GET", "/api/me/candidates");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.hidden).toBeNull();
    expect(
      body.items.map((i: { profile: { userId: string }; status: string }) => [i.profile.userId, i.status]),
    ).toEqual([
      [people.ivan!.id, "match"],
      [people.anton!.id, "shared"],
    ]);
    // An inactive account cannot sign in at all; a profile made incomplete sees none.
    await t.database.db
      .update(clientProfiles)
      .set({ isComplete: false })
      .where(eq(clientProfiles.userId, people.olga!.id));
    const incomplete = await call("olga", "GET", "/api/me/candidates");
    expect(incomplete.json()).toEqual({ items: [], hidden: "incomplete" });
    await t.database.db
      .update(clientProfiles)
      .set({ isComplete: true })
      .where(eq(clientProfiles.userId, people.olga!.id));
    expect((await call("anna", "GET", "/api/me/candidates")).statusCode).toBe(403);
  });
});

describe("AI advice without a model", () => {
  it("lists the empty fields and the strongest and weakest factors of the kept results", async () => {
    const res = await call("anna", "POST", "/api/ai/advice", {
      question: "How can Olga get better matches?",
      clientId: people.olga!.id,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: "rules", answer: null });
    expect(body.basedOn.results).toBeGreaterThanOrEqual(3);
    const missing = body.missing.map((m: { key: string }) => m.key);
    expect(missing).toEqual(expect.arrayContaining(["foodPreferences", "loveLanguage", "interests"]));
    expect(missing).not.toContain("faith");
    expect(body.strongest.length).toBeGreaterThan(0);
    expect(body.strongest[0].score).toBeGreaterThanOrEqual(body.weakest[0].score);
  });

  it("uses the best-ranked candidates before any check; 404 for another's client; 400 for no question", async () => {
    const res = await call("boris", "POST", "/api/ai/advice", {
      question: "Any advice?",
      clientId: people.ilya!.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().basedOn).toEqual({ results: 0, candidates: 1 });
    const general = await call("boris", "POST", "/api/ai/advice", {
      question: "How do I write a good profile?",
    });
    expect(general.json()).toMatchObject({
      source: "rules",
      missing: [],
      strongest: [],
      basedOn: { results: 0, candidates: 0 },
    });
    const other = await call("carl", "POST", "/api/ai/advice", {
      question: "Any advice?",
      clientId: people.olga!.id,
    });
    expect([other.statusCode, other.json().code]).toEqual([404, "CLIENT_NOT_FOUND"]);
    expect((await call("anna", "POST", "/api/ai/advice", { question: "" })).statusCode).toBe(400);
  });
});
