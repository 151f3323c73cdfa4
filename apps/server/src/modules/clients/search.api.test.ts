import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { seedClient, seedMatchmaker } from "../../seed/seed.js";

let t: TestApp;
let viewer: string;

const COMPLETE = {
  phone: "+7 912 000 00 00",
  gender: "FEMALE",
  height: 170,
  ethnicity: "WHITE",
  incomeLevel: "UP_TO_100K",
  country: "RU",
  profession: "Designer",
  aboutMe: "Kind and curious",
  marriageStatus: "NEVER_MARRIED",
  relationshipStatus: "SINGLE",
  faith: "OTHER",
};

async function publishedClient(
  cookie: string,
  mmId: string,
  fields: Record<string, unknown>,
  publish = true,
) {
  const client = await seedClient(t.database.db, mmId, { lastName: "Hiddenova" });
  await t.app.inject({
    method: "PATCH",
    url: `/api/profiles/${client.id}`,
    headers: { cookie },
    payload: { ...COMPLETE, ...fields },
  });
  if (publish) {
    await t.app.inject({
      method: "PUT",
      url: `/api/clients/${client.id}/search`,
      headers: { cookie },
      payload: { participates: true },
    });
  }
  return client;
}

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await seedMatchmaker(t.database.db, { agencyName: "Neva Hearts" });
  const ownerCookie = (await signIn(t.app, owner.email)).cookie;
  await publishedClient(ownerCookie, owner.id, { dateOfBirth: "1990-01-01", city: "Kazan" });
  await publishedClient(ownerCookie, owner.id, { dateOfBirth: "1975-01-01", city: "Moscow", gender: "MALE" });
  await publishedClient(ownerCookie, owner.id, { dateOfBirth: "1995-01-01", city: "Kazan" }, false);
  await publishedClient(ownerCookie, owner.id, { dateOfBirth: "1992-01-01", city: "Kazan", aboutMe: null });
  viewer = (await signIn(t.app, (await seedMatchmaker(t.database.db)).email)).cookie;
});
afterAll(() => t.close());

const search = (query: string) =>
  t.app.inject({ method: "GET", url: `/api/search/profiles?${query}`, headers: { cookie: viewer } });

describe("[search] published profiles", () => {
  it("finds only complete profiles their matchmakers published, with shown fields only", async () => {
    const res = await search("page=1");
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    const item = res.json().items[0];
    expect(item.agency.agencyName).toBe("Neva Hearts");
    expect(item.isOwnClient).toBe(false);
    expect(JSON.stringify(res.json())).not.toContain("Hiddenova");
    expect(item.fields).not.toHaveProperty("phone");
  });

  it("filters by gender, city and age", async () => {
    expect((await search("gender=MALE")).json().total).toBe(1);
    expect((await search("city=kazan")).json().total).toBe(1);
    expect((await search("minAge=40")).json().total).toBe(1);
    expect((await search("maxAge=40")).json().total).toBe(1);
    expect((await search("minAge=50&maxAge=40")).statusCode).toBe(400);
  });
});
