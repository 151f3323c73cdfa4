import type { DeclineReason, ProfilePatchBody, RecalibrationView } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import {
  clientPreferences,
  clientProfiles,
  introductionFeedback,
  recalibrations,
} from "../../db/schema/index.js";
import { seedIntroduction } from "../../seed/introductions.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import { writeClientProfile } from "../profiles/service.js";
import type { UserRow } from "../users/service.js";

// Declines by reason, the proposal at three declines, accept and dismiss, through the real routes.

let t: TestApp;
let anna: UserRow; // the client's matchmaker
let boris: UserRow; // another agency: its candidates show only what they display
let carl: UserRow; // sees none of it
let olga: UserRow; // the client who keeps declining
const cookies: Record<string, string> = {};
const DAY_MS = 86_400_000;

/** A date of birth that makes someone `years` old for the next month. */
function bornYearsAgo(years: number): string {
  const d = new Date(Date.now() - 30 * DAY_MS);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

function profile(gender: "FEMALE" | "MALE", age: number, city: string): ProfilePatchBody {
  return { gender, dateOfBirth: bornYearsAgo(age), country: "RU", city, educationLevel: "MASTER" };
}

let made = 0;
/** A man of `matchmaker`'s base, `age` years old, living in `city`. */
async function candidate(age: number, city: string, matchmaker = anna) {
  const user = await seedClient(t.database.db, matchmaker.id, { firstName: `Cand${made++}` });
  await writeClientProfile(t.database.db, user, profile("MALE", age, city));
  return user;
}

/** Olga answers an introduction to `man` `daysAgo` days ago. */
async function answer(man: UserRow, daysAgo: number, answer: "yes" | "no", reason?: DeclineReason) {
  const at = new Date(Date.now() - daysAgo * DAY_MS);
  return seedIntroduction(t.database.db, {
    client: { clientId: olga.id, matchmakerId: anna.id, answer, reason, answeredAt: at },
    candidate: { clientId: man.id, matchmakerId: man.inviterId! },
    status: answer === "no" ? "declined" : "asking_clients",
    createdAt: at,
  });
}

const call = (who: string, method: "GET" | "POST", path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/clients/${olga.id}/recalibration${path}`,
    payload,
    headers: { cookie: cookies[who]! },
  });
const view = async (who = "anna") => {
  const res = await call(who, "GET", "");
  expect(res.statusCode).toBe(200);
  return res.json() as RecalibrationView;
};
const count = (v: RecalibrationView, reason: DeclineReason) =>
  v.byReason.find((r) => r.reason === reason)!.count;
const prefs = async () =>
  (await t.database.db.select().from(clientPreferences).where(eq(clientPreferences.userId, olga.id)))[0]!;
const records = () => t.database.db.select().from(recalibrations).where(eq(recalibrations.clientId, olga.id));

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  anna = await seedMatchmaker(db, { firstName: "Anna" });
  boris = await seedMatchmaker(db, { firstName: "Boris" });
  carl = await seedMatchmaker(db, { firstName: "Carl" });
  const admin = await seedAdmin(db);
  olga = await seedClient(db, anna.id, { firstName: "Olga" });
  await writeClientProfile(db, olga, {
    ...profile("FEMALE", 35, "Moscow"),
    preferences: { preferredGender: "MALE", minAge: 30, maxAge: 45, education: ["MASTER", "PHD"] },
  });
  for (const [who, user] of [
    ["anna", anna],
    ["boris", boris],
    ["carl", carl],
    ["admin", admin],
  ] as const) {
    cookies[who] = (await signIn(t.app, user.email)).cookie;
  }
});
afterAll(async () => {
  await t?.close();
});

describe("[recalibration] counts and proposal", () => {
  it("a client without answers has nothing to count", async () => {
    expect(await view()).toEqual({
      answers: 0,
      declines: 0,
      byReason: expect.arrayContaining([{ reason: "AGE", count: 0 }]),
      sinceAccepted: 0,
      proposal: null,
      history: [],
    });
  });

  it("counts the client's own declines by reason, not the other side's, and proposes nothing below three", async () => {
    await answer(await candidate(44, "Moscow"), 9, "no", "AGE");
    await answer(await candidate(43, "Moscow"), 8, "yes");
    // The other side said no with a reason: not Olga's decline.
    const refuser = await candidate(40, "Moscow");
    const at = new Date(Date.now() - 7 * DAY_MS);
    await seedIntroduction(t.database.db, {
      client: { clientId: refuser.id, matchmakerId: anna.id, answer: "no", reason: "AGE", answeredAt: at },
      candidate: { clientId: olga.id, matchmakerId: anna.id, answer: "yes", answeredAt: at },
      status: "declined",
    });
    // Too old for the window (180 days).
    await answer(await candidate(46, "Moscow"), 200, "no", "AGE");
    const v = await view();
    expect(v).toMatchObject({ answers: 3, declines: 1, sinceAccepted: 1, proposal: null });
    expect(count(v, "AGE")).toBe(1);
    expect(v.byReason.map((r) => r.reason)).toEqual([
      "ATTRACTION",
      "AGE",
      "DISTANCE",
      "LIFESTYLE_VALUES",
      "EDUCATION_CAREER",
      "FAMILY_PLANS",
      "RELIGION_CULTURE",
      "NOT_READY_OTHER",
    ]);
  });

  it("counts 'not again' after a date with its reasons, and proposes changes at three declines", async () => {
    await answer(await candidate(38, "Moscow"), 6, "no", "ATTRACTION");
    expect((await view()).proposal).toBeNull();
    // A yes, a date, then "not again": too old.
    const dated = await answer(await candidate(43, "Moscow"), 5, "yes");
    await t.database.db.insert(introductionFeedback).values({
      introductionId: dated.id,
      clientId: olga.id,
      happened: true,
      meetAgain: "no",
      reasons: ["AGE"],
      createdAt: new Date(Date.now() - 4 * DAY_MS),
    });
    const v = await view();
    expect(v).toMatchObject({ answers: 5, declines: 3, sinceAccepted: 3 });
    expect(count(v, "AGE")).toBe(2);
    expect(count(v, "ATTRACTION")).toBe(1);
    expect(v.proposal).toEqual({
      version: expect.any(String),
      declines: 3,
      changes: [
        {
          field: "maxAge",
          from: 45,
          to: 42,
          because: { reason: "AGE", declines: 2, total: 3, values: [43, 44] },
        },
      ],
      notes: [],
    });
  });

  it("another matchmaker's client is not found, an admin sees it", async () => {
    for (const [method, path, payload] of [
      ["GET", "", undefined],
      ["POST", "/accept", { version: "x" }],
      ["POST", "/dismiss", { version: "x" }],
    ] as const) {
      const res = await call("carl", method, path, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("CLIENT_NOT_FOUND");
    }
    expect((await view("admin")).proposal?.changes).toHaveLength(1);
    expect(await records()).toEqual([]);
  });
});

describe("[recalibration] accept", () => {
  it("refuses bad input with a 4xx and writes nothing", async () => {
    const { proposal } = await view();
    const before = await prefs();
    const bad: [object, number, string][] = [
      [{}, 400, "VALIDATION_FAILED"],
      [{ version: proposal!.version, fields: ["height"] }, 400, "VALIDATION_FAILED"],
      [{ version: proposal!.version, fields: [] }, 400, "VALIDATION_FAILED"],
      [{ version: proposal!.version, fields: ["maxAge", "maxAge"] }, 400, "VALIDATION_FAILED"],
      // A field the proposal does not hold.
      [{ version: proposal!.version, fields: ["minAge"] }, 400, "VALIDATION_FAILED"],
      [{ version: "stale" }, 409, "RECALIBRATION_CHANGED"],
    ];
    for (const [payload, status, code] of bad) {
      const res = await call("anna", "POST", "/accept", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect(await prefs()).toEqual(before);
    expect(await records()).toEqual([]);
  });

  it("applies the changes to the stored preferences and records who accepted them", async () => {
    const { proposal } = await view();
    const res = await call("anna", "POST", "/accept", { version: proposal!.version });
    expect(res.statusCode).toBe(200);
    const v = res.json() as RecalibrationView;
    expect(v.proposal).toBeNull();
    expect(v.sinceAccepted).toBe(0);
    // The counts over the window stay: the accept only starts the proposal's count again.
    expect(v.declines).toBe(3);
    expect(v.history).toEqual([
      {
        id: expect.any(String),
        action: "accepted",
        changes: proposal!.changes,
        declines: 3,
        byName: "Anna Matchmaker",
        at: expect.any(String),
      },
    ]);
    const stored = await prefs();
    expect(stored).toMatchObject({ minAge: 30, maxAge: 42, education: ["MASTER", "PHD"] });
    const [record] = await records();
    expect(record).toMatchObject({ action: "accepted", actorId: anna.id, declines: 3 });
    // Accepted once: nothing left to accept.
    const again = await call("anna", "POST", "/accept", { version: proposal!.version });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("RECALIBRATION_NOT_AVAILABLE");
  });

  it("applies only the chosen changes", async () => {
    // Since the accept (answers from now on): three declines for distance from Kazan and Sochi
    // (Boris's clients show their city) and two for age, both older than the middle of 30-42.
    await answer(await candidate(36, "Kazan", boris), 0, "no", "DISTANCE");
    await answer(await candidate(37, "Sochi", boris), 0, "no", "DISTANCE");
    await answer(await candidate(41, "Kazan", boris), 0, "no", "DISTANCE");
    await answer(await candidate(40, "Moscow", boris), 0, "no", "AGE");
    await answer(await candidate(41, "Moscow", boris), 0, "no", "AGE");
    const { proposal, sinceAccepted } = await view();
    expect(sinceAccepted).toBe(5);
    expect(proposal!.changes).toEqual([
      {
        field: "maxAge",
        from: 42,
        to: 39,
        because: { reason: "AGE", declines: 2, total: 5, values: [40, 41] },
      },
      {
        field: "preferredCities",
        from: [],
        to: ["Moscow"],
        because: { reason: "DISTANCE", declines: 3, total: 5, values: ["Kazan", "Sochi"] },
      },
    ]);
    const res = await call("anna", "POST", "/accept", {
      version: proposal!.version,
      fields: ["preferredCities"],
    });
    expect(res.statusCode).toBe(200);
    expect(await prefs()).toMatchObject({ maxAge: 42, preferredCities: ["Moscow"] });
    expect((res.json() as RecalibrationView).history[0]).toMatchObject({
      action: "accepted",
      changes: [proposal!.changes[1]],
      declines: 5,
    });
  });
});

describe("[recalibration] dismiss", () => {
  it("hides the card until the next decline", async () => {
    await answer(await candidate(39, "Moscow"), 0, "no", "LIFESTYLE_VALUES");
    await answer(await candidate(39, "Moscow"), 0, "no", "NOT_READY_OTHER");
    await answer(await candidate(39, "Moscow"), 0, "no", "ATTRACTION");
    const { proposal } = await view();
    expect(proposal).toMatchObject({ declines: 3, changes: [], notes: [] });
    // Nothing to apply: only a dismiss.
    const accept = await call("anna", "POST", "/accept", { version: proposal!.version });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().code).toBe("RECALIBRATION_NOT_AVAILABLE");

    expect((await call("anna", "POST", "/dismiss", {})).statusCode).toBe(400);
    expect((await call("anna", "POST", "/dismiss", { version: "stale" })).statusCode).toBe(409);
    const res = await call("anna", "POST", "/dismiss", { version: proposal!.version });
    expect(res.statusCode).toBe(200);
    const v = res.json() as RecalibrationView;
    expect(v.proposal).toBeNull();
    expect(v.history.map((h) => h.action)).toEqual(["dismissed", "accepted", "accepted"]);
    expect((await call("anna", "POST", "/dismiss", { version: proposal!.version })).statusCode).toBe(409);

    // A yes is not a decline: still hidden.
    await answer(await candidate(39, "Moscow"), 0, "yes");
    expect((await view()).proposal).toBeNull();
    await answer(await candidate(39, "Moscow"), 0, "no", "ATTRACTION");
    const shown = (await view()).proposal;
    expect(shown).toMatchObject({ declines: 4 });

    // Two matchmakers dismissing at once: one is recorded, the other is told it is gone.
    const both = await Promise.all([
      call("anna", "POST", "/dismiss", { version: shown!.version }),
      call("admin", "POST", "/dismiss", { version: shown!.version }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await records()).filter((r) => r.action === "dismissed")).toHaveLength(2);
  });

  it("keeps only the last answers of the window", async () => {
    const v = await view();
    // 13 answers within 180 days so far, the window keeps the last 10.
    expect(v.answers).toBe(10);
    expect(
      await t.database.db.select().from(clientProfiles).where(eq(clientProfiles.userId, olga.id)),
    ).toHaveLength(1);
  });
});

describe("[recalibration] what another agency's candidate does not show", () => {
  it("a hidden city is not used", async () => {
    const db = t.database.db;
    const matchmaker = await seedMatchmaker(db);
    const cookie = (await signIn(t.app, matchmaker.email)).cookie;
    const client = await seedClient(db, matchmaker.id);
    await writeClientProfile(db, client, profile("FEMALE", 30, "Moscow"));
    for (const [i, city] of ["Kazan", "Omsk", "Perm"].entries()) {
      const man = await candidate(33, city, boris);
      await db
        .update(clientProfiles)
        .set({ displaySettings: { city: false } })
        .where(eq(clientProfiles.userId, man.id));
      await seedIntroduction(db, {
        client: { clientId: client.id, matchmakerId: matchmaker.id, answer: "no", reason: "DISTANCE" },
        candidate: { clientId: man.id, matchmakerId: boris.id },
        status: "declined",
        createdAt: new Date(Date.now() - (i + 1) * DAY_MS),
      });
    }
    const res = await t.app.inject({
      method: "GET",
      url: `/api/clients/${client.id}/recalibration`,
      headers: { cookie },
    });
    expect(res.json().proposal).toMatchObject({ declines: 3, changes: [] });
  });
});
