import type { ProfilePatchBody } from "@matchdesk/contract";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { Config } from "../src/config.js";
import { introductions, outbox, users } from "../src/db/schema/index.js";
import { writeClientProfile } from "../src/modules/profiles/service.js";
import type { UserRow, UserWithEmail } from "../src/modules/users/service.js";
import { seedClient, seedMatchmaker } from "../src/seed/seed.js";
import { buildTestApp, signIn, type TestApp } from "./app.js";

// The introductions' API tests share these people and steps (introductions.api.test.ts and the
// review's probes): each file gets its own app and database.

export let t: TestApp;
export const cookies: Record<string, string> = {};
export const people: Record<string, UserWithEmail> = {};
export const DAY = 86_400_000;

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

export async function addClient(
  name: string,
  matchmaker: UserRow,
  gender: "FEMALE" | "MALE",
  locale = "ru-RU",
) {
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

export const call = (who: string | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? { cookie: cookies[who]! } : {} });

export const statusOf = async (id: string) =>
  (await t.database.db.select().from(introductions).where(eq(introductions.id, id)))[0]!.status;

/** The latest mail to a person, and the token of the link in it. */
export async function lastMail(name: string) {
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
export async function matched(client: string, candidate: string) {
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
export async function introduced(client: string, candidate: string) {
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

/**
 * A fresh app per test file with three matchmakers (Anna, Boris of "Boris Agency", Carl) and ten
 * clients with complete, published profiles (Olga in English, the rest in Russian). `overrides`
 * is read when the app is built (a stand-in's address known by then).
 */
export function setupIntroductionsApp(overrides: () => Partial<Config> = () => ({})) {
  beforeAll(async () => {
    t = await buildTestApp(overrides());
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
}
