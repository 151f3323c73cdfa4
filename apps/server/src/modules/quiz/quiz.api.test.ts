import type { ProfilePatchBody } from "@matchdesk/contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/app.js";
import { agencyProfiles, clientProfiles, users } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";
import { writeClientProfile } from "../profiles/service.js";
import { createUser } from "../users/service.js";
import { answersToFocus } from "./service.js";

let t: TestApp;
let london: string;
let moscow: string;
let n = 0;

const year = new Date().getUTCFullYear();
/** A complete man of 32 in London who shares the quiz taker's values. */
const MAN: ProfilePatchBody = {
  firstName: "Tom",
  lastName: "Reed",
  phone: "+44 20 7946 0000",
  gender: "MALE",
  dateOfBirth: `${year - 33}-01-15`,
  height: 182,
  ethnicity: "WHITE",
  incomeLevel: "FROM_100K_TO_500K",
  country: "GB",
  city: "London",
  profession: "Architect",
  aboutMe: "Calm and kind.",
  marriageStatus: "NEVER_MARRIED",
  relationshipStatus: "SINGLE",
  faith: "CHRISTIANITY",
  familyPlan: "WANT_CHILDREN",
  wantsMoreChildren: true,
  smoking: "NO",
  alcohol: "SOCIAL_DRINKER",
  loveLanguage: "QUALITY_TIME",
  interests: { music: ["music"] },
};

async function addClient(
  matchmakerId: string,
  patch: ProfilePatchBody,
  o: { published?: boolean; active?: boolean } = {},
) {
  const user = await createUser(t.database.db, {
    email: `quiz-${n++}@example.test`,
    firstName: "Quiz",
    lastName: "Profile",
    role: "INVITEE",
    inviterId: matchmakerId,
    termsAccepted: true,
  });
  await writeClientProfile(t.database.db, user, patch);
  await t.database.db
    .update(users)
    .set({ participatesInSearch: o.published ?? true, status: o.active === false ? "inactive" : "active" })
    .where(eq(users.id, user.id));
  return user.id;
}

const ANSWERS = {
  gender: "FEMALE",
  seeking: "MALE",
  age: "25-34",
  partnerAge: "25-40",
  city: "GB|London",
  lookingFor: "MARRIAGE",
  familyPlan: "WANT_CHILDREN",
  children: "YES",
  faith: "CHRISTIANITY",
  smoking: "NO",
  alcohol: "SOCIAL_DRINKER",
  loveLanguage: "QUALITY_TIME",
  interests: "music",
  lifestyle: "travel",
  relocation: "MAYBE",
};

const result = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/quiz/result",
    payload: payload as object,
    headers,
    remoteAddress,
  });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  london = (
    await seedMatchmaker(db, {
      agencyName: "Whitmore & Hart",
      login: "whitmore",
      city: "London",
      country: "GB",
    })
  ).id;
  await seedMatchmaker(db, {
    agencyName: "Manchester Matches",
    login: "manchester",
    city: "Manchester",
    country: "GB",
  });
  moscow = (
    await seedMatchmaker(db, { agencyName: "Сердце Москвы", login: "serdtse", city: "Moscow", country: "RU" })
  ).id;
  const hidden = await seedMatchmaker(db, {
    agencyName: "Hidden London",
    login: "hidden",
    city: "London",
    country: "GB",
  });
  await db.update(users).set({ participatesInSearch: false }).where(eq(users.id, hidden.id));

  // Counted: two published, complete, active men who fit.
  await addClient(london, MAN);
  await addClient(moscow, { ...MAN, country: "RU", city: "Moscow" });
  // Not counted: unpublished, inactive, incomplete, the wrong gender, outside the age range.
  await addClient(london, MAN, { published: false });
  await addClient(london, MAN, { active: false });
  await addClient(london, {
    firstName: "Half",
    lastName: "Done",
    gender: "MALE",
    dateOfBirth: `${year - 30}-02-01`,
  });
  await addClient(london, { ...MAN, gender: "FEMALE" });
  await addClient(london, { ...MAN, dateOfBirth: `${year - 61}-03-01` });
});
afterAll(() => t.close());

describe("GET /api/quiz", () => {
  it("answers 10 to 15 questions in English by default and in Russian by cookie or query", async () => {
    const en = await t.app.inject({ method: "GET", url: "/api/quiz" });
    expect(en.statusCode, en.body).toBe(200);
    const quiz = en.json();
    expect(quiz.locale).toBe("en-US");
    expect(quiz.questions.length).toBeGreaterThanOrEqual(10);
    expect(quiz.questions.length).toBeLessThanOrEqual(15);
    expect(quiz.questions[0]).toMatchObject({ id: "gender", text: "I am" });
    const city = quiz.questions.find((q: { id: string }) => q.id === "city");
    // Cities of listed matchmakers only: the hidden agency's city counts once, through Whitmore.
    expect(city.options.map((o: { value: string }) => o.value)).toEqual([
      "GB|London",
      "GB|Manchester",
      "RU|Moscow",
      "OTHER",
    ]);
    expect(city.options[0].label).toBe("London, United Kingdom");

    const byCookie = await t.app.inject({
      method: "GET",
      url: "/api/quiz",
      headers: { cookie: "public-locale=ru-RU" },
    });
    expect(byCookie.json().locale).toBe("ru-RU");
    expect(byCookie.json().questions[0]).toMatchObject({ id: "gender", text: "Я" });
    expect(byCookie.json().questions[0].options[1].label).toBe("Женщина");
    const byQuery = await t.app.inject({ method: "GET", url: "/api/quiz?locale=ru-RU" });
    expect(byQuery.json().questions[4].text).toBe("Где вы живёте?");
    const bad = await t.app.inject({ method: "GET", url: "/api/quiz?locale=de-DE" });
    expect(bad.statusCode).toBe(400);
  });
});

describe("POST /api/quiz/result", () => {
  it("counts only complete, active, published profiles that fit, shows matchmakers of the city first, stores nothing", async () => {
    const db = t.database.db;
    const before = await db.select({ n: count() }).from(clientProfiles);
    const res = await result({ answers: ANSWERS });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.compatibleCount).toBe(2);
    expect(body.locale).toBe("en-US");
    expect(body.agencies.map((a: { login: string }) => a.login)).toEqual([
      "whitmore",
      "manchester",
      "serdtse",
    ]);
    expect(body.agencies[0]).toMatchObject({ agencyName: "Whitmore & Hart", city: "London" });
    expect(body.traits[0]).toMatchObject({ id: "familyPlan", title: "Family" });
    expect(body.traits.map((x: { id: string }) => x.id)).toEqual([
      "familyPlan",
      "faith",
      "children",
      "lookingFor",
      "partnerAge",
    ]);
    expect(body.summary).toContain("2 published profiles");
    // Nobody is revealed: no ids or names of profiles in the answer.
    expect(res.body).not.toContain("Tom");
    expect(res.body).not.toContain("Reed");
    const after = await db.select({ n: count() }).from(clientProfiles);
    expect(after).toEqual(before);
  });

  it("answers in Russian by cookie, and a different answer set changes the count", async () => {
    const ru = await result(
      { answers: { ...ANSWERS, gender: "MALE", seeking: "FEMALE" } },
      { cookie: "public-locale=ru-RU" },
    );
    expect(ru.statusCode, ru.body).toBe(200);
    expect(ru.json().locale).toBe("ru-RU");
    // Only the woman who fits, published with no wishes of her own.
    expect(ru.json().compatibleCount).toBe(1);
    expect(ru.json().traits[0]).toMatchObject({ title: "Семья" });
    expect(ru.json().summary).toContain("опубликованных анкет: 1");
    const none = await result({
      answers: { ...ANSWERS, gender: "MALE", seeking: "FEMALE", partnerAge: "55-80" },
    });
    expect(none.json().compatibleCount).toBe(0);
    expect(none.json().summary).toContain("No published profile fits");
    const wide = await result({ answers: { ...ANSWERS, partnerAge: "ANY" } });
    // The man of 61 fits once age does not matter.
    expect(wide.json().compatibleCount).toBe(3);
  });

  it("refuses missing, unknown and malformed answers with 400", async () => {
    const { city: _, ...missing } = ANSWERS;
    const r1 = await result({ answers: missing });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().code).toBe("QUIZ_ANSWERS_INVALID");
    expect(r1.json().errors).toHaveProperty(["answers.city"]);
    const r2 = await result({ answers: { ...ANSWERS, smoking: "SOMETIMES" } });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().code).toBe("QUIZ_ANSWERS_INVALID");
    const r3 = await result({ answers: { ...ANSWERS, city: "DE|Berlin" } });
    expect(r3.statusCode).toBe(400);
    const r4 = await result({ answers: { ...ANSWERS, colour: "blue" } });
    expect(r4.statusCode).toBe(400);
    const r5 = await result({ answers: "all" });
    expect(r5.statusCode).toBe(400);
  });

  it("limits each address: the 61st request within an hour answers 429", async () => {
    for (let i = 0; i < 60; i++) {
      const ok = await result({ answers: {} }, {}, "10.9.9.9");
      expect(ok.statusCode).toBe(400);
    }
    const limited = await result({ answers: ANSWERS }, {}, "10.9.9.9");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    // Another address is not affected.
    expect((await result({ answers: ANSWERS }, {}, "10.9.9.10")).statusCode).toBe(200);
  });
});

describe("agencies by city and focus", () => {
  it("maps the answers to the agency focus they ask for", () => {
    expect(answersToFocus(ANSWERS)).toEqual(["MARRIAGE", "FAITH"]);
    expect(
      answersToFocus({
        ...ANSWERS,
        seeking: "FEMALE",
        age: "55-70",
        lookingFor: "MEET_NEW_PEOPLE",
        faith: "ATHEISM",
        relocation: "YES",
      }),
    ).toEqual(["INTERNATIONAL", "MATURE", "LGBTQ"]);
    expect(answersToFocus({ ...ANSWERS, partnerAge: "45-60", seeking: "EVERYONE" })).toContain("MATURE");
    expect(
      answersToFocus({ ...ANSWERS, lookingFor: "NOT_SURE", faith: "NOT_IMPORTANT", relocation: "NO" }),
    ).toEqual([]);
  });

  it("ranks an agency of the person's city with the focus they need first, never above the city", async () => {
    const db = t.database.db;
    // After Whitmore & Hart in the directory's own order (no rating, name after it).
    const windsor = await seedMatchmaker(db, {
      agencyName: "Windsor Vows",
      login: "windsor",
      city: "London",
      country: "GB",
    });
    const setFocus = (userId: string, focus: (typeof agencyProfiles.$inferSelect)["focus"]) =>
      db.update(agencyProfiles).set({ focus }).where(eq(agencyProfiles.userId, userId));
    await setFocus(windsor.id, ["FAITH", "MARRIAGE", "EXECUTIVE"]);
    // Another city of the same country with every focus asked for: the person's city still comes first.
    const [manchester] = await db.select().from(agencyProfiles).where(eq(agencyProfiles.login, "manchester"));
    await setFocus(manchester!.userId, ["MARRIAGE", "FAITH", "INTERNATIONAL"]);

    const logins = (body: { agencies: { login: string }[] }) => body.agencies.map((a) => a.login);
    const res = await result({ answers: ANSWERS });
    expect(res.statusCode, res.body).toBe(200);
    expect(logins(res.json())).toEqual(["windsor", "whitmore", "manchester"]);
    expect(res.json().agencies[0]).toMatchObject({
      agencyName: "Windsor Vows",
      focus: ["FAITH", "MARRIAGE", "EXECUTIVE"],
      matchedFocus: ["FAITH", "MARRIAGE"],
    });
    expect(res.json().agencies[1]).toMatchObject({ focus: [], matchedFocus: [] });
    // Still nobody revealed.
    expect(res.body).not.toContain("Tom");

    // Answers that ask for none of it keep the directory's order within the city.
    const plain = await result({
      answers: { ...ANSWERS, lookingFor: "MEET_NEW_PEOPLE", faith: "NOT_IMPORTANT" },
    });
    expect(logins(plain.json())).toEqual(["whitmore", "windsor", "manchester"]);
    expect(plain.json().agencies[0].matchedFocus).toEqual([]);

    // Without a city, focus orders everyone: Manchester has the most in common.
    const anywhere = await result({ answers: { ...ANSWERS, city: "OTHER", relocation: "YES" } });
    expect(logins(anywhere.json())[0]).toBe("manchester");
    expect(anywhere.json().agencies[0].matchedFocus).toEqual(["MARRIAGE", "FAITH", "INTERNATIONAL"]);
  });
});
