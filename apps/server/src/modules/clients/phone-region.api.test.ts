import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { users } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";

// Issue 17 follow-up A: a number typed without its country code is read in the client's country
// (questionnaire, then agency, then the matchmaker's language), and a stored number the phone
// migration could not normalize never blocks saving the rest of the questionnaire.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function matchmaker(o: { country?: string; locale?: "ru-RU" | "en-US"; onboarded?: boolean }) {
  const mm = await seedMatchmaker(t.database.db, { country: o.country, onboarded: o.onboarded ?? true });
  if (o.locale) await t.database.db.update(users).set({ locale: o.locale }).where(eq(users.id, mm.id));
  return (await signIn(t.app, mm.email)).cookie;
}
const send = (cookie: string, method: "POST" | "PATCH", url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { cookie } });
const phoneOf = async (id: string) =>
  (await t.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, id)))[0]!.phone;

describe("[clients] the country of a number without its code", () => {
  it("is the agency's country when the client has none", async () => {
    const us = await matchmaker({ country: "US" });
    const made = await send(us, "POST", "/api/clients", {
      firstName: "A",
      lastName: "B",
      phone: "(202) 555-0143",
    });
    expect(made.statusCode).toBe(201);
    expect(await phoneOf(made.json().id)).toBe("+12025550143");
    const de = await matchmaker({ country: "DE" });
    const berlin = await send(de, "POST", "/api/clients", {
      firstName: "A",
      lastName: "B",
      phone: "030 1234567",
    });
    expect(await phoneOf(berlin.json().id)).toBe("+49301234567");
    // Written with "+", a number is read as written wherever the agency is.
    const ru = await send(us, "POST", "/api/clients", {
      firstName: "A",
      lastName: "B",
      phone: "+7 912 000-00-01",
    });
    expect(await phoneOf(ru.json().id)).toBe("+79120000001");
  });

  it("is the matchmaker's language's region when the agency names no country, else Russia", async () => {
    const en = await matchmaker({ locale: "en-US" });
    const us = await send(en, "POST", "/api/clients", {
      firstName: "A",
      lastName: "B",
      phone: "202-555-0144",
    });
    expect(us.statusCode).toBe(201);
    expect(await phoneOf(us.json().id)).toBe("+12025550144");
    const ru = await matchmaker({ locale: "ru-RU" });
    const home = await send(ru, "POST", "/api/clients", {
      firstName: "A",
      lastName: "B",
      phone: "8 912 000-00-02",
    });
    expect(await phoneOf(home.json().id)).toBe("+79120000002");
    // Not a valid number in that country: a field error, nothing stored.
    const bad = await send(ru, "POST", "/api/clients", {
      firstName: "A",
      lastName: "B",
      phone: "202-555-0144",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.phone).toBeDefined();
  });

  it("is the questionnaire's country first, the one saved with it or before", async () => {
    const ru = await matchmaker({ country: "RU" });
    const made = await send(ru, "POST", "/api/clients", {
      firstName: "A",
      lastName: "B",
      phone: "+79120000003",
    });
    const id = made.json().id as string;
    const both = await send(ru, "PATCH", `/api/profiles/${id}`, { country: "US", phone: "202 555 0145" });
    expect(both.statusCode).toBe(200);
    expect(await phoneOf(id)).toBe("+12025550145");
    const later = await send(ru, "PATCH", `/api/profiles/${id}`, { phone: "(202) 555-0146" });
    expect(later.statusCode).toBe(200);
    expect(later.json().fields.phone).toBe("+12025550146");
  });
});

describe("[clients] a stored number the migration could not normalize", () => {
  it("stays as it is while other fields are saved; only a new number is checked", async () => {
    const cookie = await matchmaker({ country: "RU" });
    const made = await send(cookie, "POST", "/api/clients", {
      firstName: "A",
      lastName: "B",
      phone: "+79120000004",
    });
    const id = made.json().id as string;
    // As migration 0033 left it: neither E.164 nor valid.
    await t.database.db.update(users).set({ phone: "ext. 12-34 (office)" }).where(eq(users.id, id));
    const saved = await send(cookie, "PATCH", `/api/profiles/${id}`, { city: "Kazan", height: 180 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().fields).toMatchObject({ city: "Kazan", height: 180, phone: "ext. 12-34 (office)" });
    expect(await phoneOf(id)).toBe("ext. 12-34 (office)");

    const edited = await send(cookie, "PATCH", `/api/profiles/${id}`, { phone: "12-34" });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors.phone).toBeDefined();
    expect(await phoneOf(id)).toBe("ext. 12-34 (office)");
    const fixed = await send(cookie, "PATCH", `/api/profiles/${id}`, { phone: "8 912 000-00-05" });
    expect(fixed.statusCode).toBe(200);
    expect(await phoneOf(id)).toBe("+79120000005");
  });
});
