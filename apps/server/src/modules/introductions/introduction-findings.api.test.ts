import type { ProfilePatchBody } from "@matchdesk/contract";
import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { introductionLinks, introductions, notifications, outbox, users } from "../../db/schema/index.js";
import { seedClient, seedMatchmaker } from "../../seed/seed.js";
import { writeClientProfile } from "../profiles/service.js";
import type { UserRow } from "../users/service.js";
import { runIntroductionJobs } from "./jobs.js";

// Introductions after the match through the real routes: both clients consent (portal and
// one-click link), contacts only on consent with a ledger, the date with an .ics, feedback from
// both sides, the nudges on a controllable clock, and every illegal move 409.

let t: TestApp;
const cookies: Record<string, string> = {};
const people: Record<string, UserRow> = {};
const DAY = 86_400_000;

function profile(gender: "FEMALE" | "MALE"): ProfilePatchBody {
  return {
    gender,
    dateOfBirth: gender === "FEMALE" ? "1992-05-01" : "1988-03-10",
    phone: gender === "FEMALE" ? "+7 911 555 01 01" : "+7 922 555 02 02",
    country: "RU",
    city: "Moscow",
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

async function addClient(name: string, matchmaker: UserRow, gender: "FEMALE" | "MALE", locale = "ru-RU") {
  const user = await seedClient(t.database.db, matchmaker.id, {
    firstName: name,
    email: `${name}-contact@example.test`,
  });
  await writeClientProfile(t.database.db, user, profile(gender));
  await t.database.db.update(users).set({ participatesInSearch: true, locale }).where(eq(users.id, user.id));
  people[name] = { ...user, locale };
  cookies[name] = (await signIn(t.app, user.email)).cookie;
  return user;
}

const call = (who: string | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: cookies[who]! } : {} });

const statusOf = async (id: string) =>
  (await t.database.db.select().from(introductions).where(eq(introductions.id, id)))[0]!.status;

/** The latest mail to a person, and the token of the link in it. */
async function lastMail(name: string) {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, people[name]!.email))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  const token = /token=([^\s&]+)/.exec(mail?.body ?? "")?.[1];
  return { mail: mail!, token: token ? decodeURIComponent(token) : undefined };
}

/** Proposes (anna -> boris) and accepts: an introduction at `match`. */
async function matched(client: string, candidate: string) {
  const res = await call("anna", "POST", "/api/introductions", {
    clientId: people[client]!.id,
    candidateId: people[candidate]!.id,
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  expect((await call("boris", "POST", `/api/introductions/${id}/accept`)).statusCode).toBe(200);
  return id;
}

/** Both asked and both said yes: an introduction at `introduced`. */
async function introduced(client: string, candidate: string) {
  const id = await matched(client, candidate);
  expect((await call("anna", "POST", `/api/introductions/${id}/ask-client`, {})).statusCode).toBe(200);
  expect((await call("boris", "POST", `/api/introductions/${id}/ask-client`, {})).statusCode).toBe(200);
  expect(
    (await call(client, "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" })).statusCode,
  ).toBe(200);
  expect(
    (await call(candidate, "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" })).statusCode,
  ).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const anna = await seedMatchmaker(db, { firstName: "Anna" });
  const boris = await seedMatchmaker(db, { firstName: "Boris", agencyName: "Boris Agency" });
  const carl = await seedMatchmaker(db, { firstName: "Carl" });
  for (const [who, u] of [
    ["anna", anna],
    ["boris", boris],
    ["carl", carl],
  ] as const) {
    people[who] = u;
    cookies[who] = (await signIn(t.app, u.email)).cookie;
  }
  await addClient("olga", anna, "FEMALE", "en-US");
  await addClient("vera", anna, "FEMALE");
  await addClient("zoya", anna, "FEMALE");
  await addClient("lena", anna, "FEMALE");
  await addClient("mila", anna, "FEMALE");
  await addClient("ivan", boris, "MALE");
  await addClient("igor", boris, "MALE");
  await addClient("ilya", boris, "MALE");
  await addClient("oleg", boris, "MALE");
  await addClient("anton", anna, "MALE");
});
afterAll(async () => {
  await t?.close();
});

const _nameOfId = (uid: string) => Object.keys(people).find((k) => people[k]!.id === uid) as string;

describe("what a review found (each a test that failed before its fix)", () => {
  it("a client who has not answered does not learn the other's no from the answer (portal and link)", async () => {
    const id = await matched("olga", "ivan");
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    const { token } = await lastMail("olga");
    await call("boris", "POST", `/api/introductions/${id}/ask-client`, {});
    await call("ivan", "POST", `/api/me/introductions/${id}/answer`, { answer: "no", reason: "AGE" });
    // Olga has not answered yet.
    const viaPortal = await call("olga", "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" });
    const viaLink = await call(null, "POST", `/api/public/introductions/${id}/answer?token=${token}`, {
      answer: "yes",
    });
    // The link still shows the candidate after the decline.
    const _view = await call(null, "GET", `/api/public/introductions/${id}/answer?token=${token}`);
    expect(viaPortal.body).not.toMatch(/declined/);
    expect(viaLink.body).not.toMatch(/declined/);
  });

  it("a cancelled introduction's answer link no longer shows the candidate", async () => {
    const id = await matched("vera", "igor");
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    const { token } = await lastMail("vera");
    expect((await call("anna", "POST", `/api/introductions/${id}/cancel`)).statusCode).toBe(200);
    const view = await call(null, "GET", `/api/public/introductions/${id}/answer?token=${token}`);
    expect(view.statusCode).toBeGreaterThanOrEqual(400);
  });

  it("feedback given before the job marks the date past still asks the other client for theirs", async () => {
    const id = await introduced("zoya", "ilya");
    const startsAt = new Date(Date.now() + 3 * DAY);
    expect(
      (
        await call("anna", "PUT", `/api/introductions/${id}/date`, {
          startsAt: startsAt.toISOString(),
          place: "Cafe",
        })
      ).statusCode,
    ).toBe(200);
    // The date passes (we move it into the past, as time would).
    await t.database.db
      .update(introductions)
      .set({ dateStartsAt: new Date(Date.now() - 60_000) })
      .where(eq(introductions.id, id));
    const fb = await call("zoya", "POST", `/api/me/introductions/${id}/feedback`, {
      happened: true,
      meetAgain: "yes",
      ratings: { attraction: 4, conversation: 4, values: 4, manners: 4 },
    });
    expect(fb.statusCode).toBe(200);
    expect(await statusOf(id)).toBe("dated");
    const run = await runIntroductionJobs(t.app.deps, new Date());
    expect(run.dated.map((r) => r.id)).not.toContain(id);
    const ilyaFeedbackLinks = await t.database.db
      .select()
      .from(introductionLinks)
      .where(
        and(
          eq(introductionLinks.introductionId, id),
          eq(introductionLinks.clientId, people.ilya!.id),
          eq(introductionLinks.purpose, "feedback"),
        ),
      );
    const _ilyaNotices = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, people.ilya!.id),
          eq(notifications.kind, "introduction_feedback_requested"),
        ),
      );
    expect(ilyaFeedbackLinks.length).toBeGreaterThan(0);
  });

  it("a confirmation of a date that moved meanwhile is refused", async () => {
    const id = await introduced("lena", "oleg");
    const first = new Date(Date.now() + 3 * DAY);
    await call("anna", "PUT", `/api/introductions/${id}/date`, {
      startsAt: first.toISOString(),
      place: "Cafe A",
    });
    // Lena reads her portal: date A. Meanwhile Boris moves it to another day and place.
    const seen = (await call("lena", "GET", "/api/me/introductions"))
      .json()
      .items.find((i: { id: string }) => i.id === id);
    const second = new Date(Date.now() + 5 * DAY);
    await call("boris", "PUT", `/api/introductions/${id}/date`, {
      startsAt: second.toISOString(),
      place: "Bar B",
    });
    // Lena presses "confirm" on the page she read.
    const r = await call("lena", "POST", `/api/me/introductions/${id}/date-response`, {
      response: "confirmed",
      startsAt: seen.date.startsAt,
    });
    const _detail = (await call("anna", "GET", `/api/introductions/${id}`)).json();
    expect(r.statusCode).toBe(409);
  });

  it("the expiry notice names the client who stayed silent, whichever side", async () => {
    const id = await matched("mila", "ilya");
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, {});
    await call("boris", "POST", `/api/introductions/${id}/ask-client`, {});
    // Mila (Anna's) answers yes; Ilya (Boris's) stays silent until the question expires.
    await call("mila", "POST", `/api/me/introductions/${id}/answer`, { answer: "yes" });
    const run = await runIntroductionJobs(t.app.deps, new Date(Date.now() + 9 * DAY));
    expect(run.expired.map((r) => r.id)).toContain(id);
    const [n] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.anna!.id), eq(notifications.kind, "introduction_expired")))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    const [_m] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, people.anna!.email), like(outbox.body, "%expired%")))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    // Mila answered yes; Ilya was the silent one. Anna reads "The question to mila about ilya expired".
    expect(n!.params.clientName).not.toBe("mila");
  });

  it("a date in year 0 is a 400, not a 500", async () => {
    const id = await introduced("olga", "igor");
    const r = await call("anna", "PUT", `/api/introductions/${id}/date`, {
      startsAt: "0000-06-01T10:00:00Z",
      place: "Cafe",
    });
    expect(r.statusCode).toBe(400);
  });

  it("within one agency, 'X said no' names the client who answered", async () => {
    const res = await call("anna", "POST", "/api/introductions", {
      clientId: people.lena!.id,
      candidateId: people.anton!.id,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, { clientId: people.lena!.id });
    await call("anna", "POST", `/api/introductions/${id}/ask-client`, { clientId: people.anton!.id });
    expect(
      (await call("anton", "POST", `/api/me/introductions/${id}/answer`, { answer: "no", reason: "AGE" }))
        .statusCode,
    ).toBe(200);
    const [n] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.anna!.id), eq(notifications.kind, "introduction_client_no")))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    // Anton said no; Anna reads "lena said no to meeting anton".
    expect(n!.params.clientName).toBe("anton");
  });
});
