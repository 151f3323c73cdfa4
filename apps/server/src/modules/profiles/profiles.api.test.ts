import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { clientPreferences, clientProfiles, users } from "../../db/schema/index.js";
import { seedClient, seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";

let t: TestApp;
let owner: UserRow;
let client: UserRow;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await seedMatchmaker(t.database.db);
  client = await seedClient(t.database.db, owner.id, { firstName: "Olga", lastName: "Petrova" });
  cookie = (await signIn(t.app, owner.email)).cookie;
});
afterAll(() => t.close());

const patch = (payload: Record<string, unknown>, id = client.id, c = cookie) =>
  t.app.inject({ method: "PATCH", url: `/api/profiles/${id}`, headers: { cookie: c }, payload });
const get = (id = client.id, c = cookie) =>
  t.app.inject({ method: "GET", url: `/api/profiles/${id}`, headers: { cookie: c } });

const REQUIRED = {
  phone: "+7 (912) 345-67-89",
  gender: "FEMALE",
  dateOfBirth: "1992-04-18",
  height: 168,
  ethnicity: "WHITE",
  incomeLevel: "FROM_1M_TO_5M",
  country: "RU",
  city: "Moscow",
  profession: "Architect",
  aboutMe: "Calm, curious, loves long walks and good books.",
  marriageStatus: "NEVER_MARRIED",
  relationshipStatus: "SINGLE",
  faith: "CHRISTIANITY",
};

describe("[profiles] anketa", () => {
  it("starts incomplete, listing the missing required fields", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("incomplete");
    expect(body.completeness).toMatchObject({ filled: 2, total: 15 });
    expect(body.completeness.missing).toContain("dateOfBirth");
    expect(body.fields.firstName).toBe("Olga");
  });

  it("becomes complete when every SPEC 5 required field is filled, and stores them", async () => {
    const res = await patch({
      ...REQUIRED,
      interests: { travel: ["Italy", "hiking"], music: ["jazz"] },
      psychology: { empathy: 82 },
      preferences: {
        preferredGender: "MALE",
        minAge: 30,
        maxAge: 42,
        dealBreakers: ["age"],
        weights: { education: "high" },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "complete", completeness: { percent: 100, missing: [] } });
    const [row] = await t.database.db
      .select()
      .from(clientProfiles)
      .where(eq(clientProfiles.userId, client.id));
    expect(row).toMatchObject({
      height: 168,
      city: "Moscow",
      isComplete: true,
      empathy: 82,
      narcissism: null,
    });
    const [prefs] = await t.database.db
      .select()
      .from(clientPreferences)
      .where(eq(clientPreferences.userId, client.id));
    expect(prefs).toMatchObject({
      minAge: 30,
      maxAge: 42,
      dealBreakers: ["age"],
      weights: { education: "high" },
    });
  });

  it("merges partial preferences with what is stored", async () => {
    const res = await patch({ preferences: { maxAge: 45 } });
    expect(res.json().preferences).toMatchObject({ minAge: 30, maxAge: 45, preferredGender: "MALE" });
  });

  it("rejects each SPEC 5 rule with its field and writes nothing", async () => {
    const before = (await get()).json();
    const cases: [Record<string, unknown>, string][] = [
      [{ height: 99 }, "height"],
      [{ height: 251 }, "height"],
      [{ childrenCount: -1 }, "childrenCount"],
      [{ childrenCount: 21 }, "childrenCount"],
      [{ phone: "call me" }, "phone"],
      [{ phone: "12345" }, "phone"],
      [{ dateOfBirth: "2015-01-01" }, "dateOfBirth"],
      [{ dateOfBirth: "1990-02-31" }, "dateOfBirth"],
      [{ firstName: "" }, "firstName"],
      [{ gender: "OTHER" }, "gender"],
      [{ country: "XX" }, "country"],
      [{ faith: "PASTAFARIANISM" }, "faith"],
      [{ psychology: { empathy: 101 } }, "psychology.empathy"],
      [{ weight: -5 }, "weight"],
      [{ preferences: { minAge: 50 } }, "preferences.maxAge"],
      [{ preferences: { minHeight: 190, maxHeight: 170 } }, "preferences.maxHeight"],
      [{ preferences: { dealBreakers: ["eye colour"] } }, "preferences.dealBreakers.0"],
      [{ childrenAges: [3, 5] }, "childrenAges"],
    ];
    for (const [payload, field] of cases) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect((await get()).json()).toEqual(before);
  });

  it("saves of one questionnaire at the same moment all succeed, and the search text follows the last", async () => {
    // A save with a name locks the user and then the questionnaire; a save of a city alone must
    // lock in the same order (its trigger rewrites the user's search text), or on PostgreSQL one
    // of two such saves would be killed as a deadlock.
    for (let round = 0; round < 8; round++) {
      const results = await Promise.all([
        patch({ lastName: `Petrova${round}`, city: `Kazan${round}` }),
        patch({ city: `Samara${round}` }),
        patch({ firstName: "Olga", city: `Tver${round}` }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    }
    const [stored] = await t.database.db
      .select({ searchText: users.searchText, city: clientProfiles.city, lastName: users.lastName })
      .from(users)
      .innerJoin(clientProfiles, eq(clientProfiles.userId, users.id))
      .where(eq(users.id, client.id));
    // Kept in lowercase (migration client_search_text_lowercase).
    expect(stored!.searchText).toContain(stored!.lastName!.toLowerCase());
    expect(stored!.searchText!.endsWith(` ${stored!.city!.toLowerCase()}`)).toBe(true);
    expect((await patch({ lastName: "Petrova", city: "Moscow" })).statusCode).toBe(200);
  });

  it("the database refuses out-of-range values too", async () => {
    await expect(
      t.database.db.execute(sql`update client_profiles set height = 300 where user_id = ${client.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(
        sql`update client_preferences set min_age = 60, max_age = 40 where user_id = ${client.id}`,
      ),
    ).rejects.toThrow();
  });

  it("only the client, their matchmaker and admins see or edit it", async () => {
    const other = (await signIn(t.app, (await seedMatchmaker(t.database.db)).email)).cookie;
    expect((await get(client.id, other)).statusCode).toBe(404);
    expect((await patch({ city: "Paris" }, client.id, other)).statusCode).toBe(404);
    expect((await get()).json().fields.city).toBe("Moscow");
    const own = (await signIn(t.app, client.email)).cookie;
    const me = await t.app.inject({
      method: "PATCH",
      url: "/api/profiles/me",
      headers: { cookie: own },
      payload: { city: "Kazan" },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().fields.city).toBe("Kazan");
    expect((await get(owner.id)).statusCode).toBe(404);
  });
});
