import type { CandidateItem, CandidateProfileView, ProfilePatchBody } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { clientProfiles, photos, users } from "../../db/schema/index.js";
import { newId } from "../../platform/ids.js";
import { seedClient, seedMatchmaker } from "../../seed/seed.js";
import { writeClientProfile } from "../profiles/service.js";
import type { UserRow } from "../users/service.js";

// Issue 17 item 7: a candidate's card carries the main photo the shared view shows, and the card
// opens the candidate's shared profile (display settings applied, never contacts).

let t: TestApp;
let anna: UserRow; // matchmaker of Olga and Anton
let boris: UserRow; // another agency
let carl: UserRow; // sees none of it
const cookies: Record<string, string> = {};
const people: Record<string, UserRow> = {};

function profile(gender: "FEMALE" | "MALE"): ProfilePatchBody {
  return {
    gender,
    dateOfBirth: gender === "FEMALE" ? "1992-05-01" : "1988-03-10",
    phone: "+7 900 000 00 00",
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

async function addClient(
  name: string,
  matchmaker: UserRow,
  gender: "FEMALE" | "MALE",
  o: { published?: boolean; display?: Record<string, boolean>; photos?: number; mainAt?: number } = {},
) {
  const db = t.database.db;
  const user = await seedClient(db, matchmaker.id, { firstName: name, lastName: "Secretname" });
  await writeClientProfile(db, user, profile(gender));
  if (o.published) await db.update(users).set({ participatesInSearch: true }).where(eq(users.id, user.id));
  if (o.display) {
    await db
      .update(clientProfiles)
      .set({ displaySettings: o.display })
      .where(eq(clientProfiles.userId, user.id));
  }
  for (let i = 0; i < (o.photos ?? 0); i++) {
    await db.insert(photos).values({
      id: newId(),
      profileUserId: user.id,
      storageKey: `photos/${name}-${i}.webp`,
      thumbKey: `thumbs/${name}-${i}.webp`,
      width: 800,
      height: 800,
      bytes: 1000,
      isMain: i === (o.mainAt ?? 0),
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
    });
  }
  people[name] = user;
  return user;
}

const get = (who: string, url: string) =>
  t.app.inject({ method: "GET", url, headers: { cookie: cookies[who]! } });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  anna = await seedMatchmaker(db, { firstName: "Anna" });
  boris = await seedMatchmaker(db, { firstName: "Boris", agencyName: "Boris Agency" });
  carl = await seedMatchmaker(db, { firstName: "Carl" });
  await addClient("olga", anna, "FEMALE");
  // Anna's own client whose display settings hide photos: no photo on the card either.
  await addClient("anton", anna, "MALE", { display: { photos: false }, photos: 1 });
  // Another agency's: photos shown by default; the second of two is the main one.
  await addClient("ivan", boris, "MALE", { published: true, photos: 2, mainAt: 1 });
  await addClient("igor", boris, "MALE", { published: true, display: { photos: false }, photos: 2 });
  await addClient("ilya", boris, "MALE", { published: true });
  await addClient("petr", boris, "MALE", { photos: 1 }); // not published: Anna never sees him
  for (const [who, u] of [
    ["anna", anna],
    ["boris", boris],
    ["carl", carl],
  ] as const)
    cookies[who] = (await signIn(t.app, u.email)).cookie;
});
afterAll(async () => {
  await t?.close();
});

describe("candidate cards", () => {
  it("carry the main photo's thumbnail only when the candidate's display settings show photos", async () => {
    const res = await get("anna", `/api/clients/${people.olga!.id}/candidates`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as CandidateItem[];
    const thumbOf = (name: string) => items.find((c) => c.id === people[name]!.id)?.photoThumbUrl;
    expect(items.map((c) => c.id).sort()).toEqual(
      ["anton", "ivan", "igor", "ilya"].map((n) => people[n]!.id).sort(),
    );
    expect(thumbOf("ivan")).toBe("/api/files/thumbs/ivan-1.webp");
    expect(thumbOf("igor")).toBeNull();
    expect(thumbOf("ilya")).toBeNull();
    // The shared view's rule holds for an own client too.
    expect(thumbOf("anton")).toBeNull();
    // Another agency's hidden photos are not in the card's profile either.
    expect(items.find((c) => c.id === people.igor!.id)?.profile.photos).toBeUndefined();
  });
});

describe("a candidate's shared profile", () => {
  const url = (candidate: string, client = "olga") =>
    `/api/clients/${people[client]!.id}/candidates/${people[candidate]!.id}/profile`;

  it("shows what the display settings allow, never contacts or hidden fields", async () => {
    const res = await get("anna", url("ivan"));
    expect(res.statusCode).toBe(200);
    const view = res.json() as CandidateProfileView;
    expect(view.userId).toBe(people.ivan!.id);
    expect(view.isOwnClient).toBe(false);
    expect(view.agency).toEqual({ matchmakerId: boris.id, agencyName: "Boris Agency" });
    expect(view.fields.firstName).toBe("ivan");
    expect(view.fields.city).toBe("Moscow");
    expect(view.age).toBeGreaterThan(30);
    // Hidden by default: the last name, faith, income; contacts never.
    expect(view.fields).not.toHaveProperty("lastName");
    expect(view.fields).not.toHaveProperty("faith");
    expect(view.fields).not.toHaveProperty("incomeLevel");
    expect(JSON.stringify(view)).not.toMatch(/Secretname|\+7 900|@/);
    expect(view.photos?.map((p) => [p.thumbUrl, p.isMain])).toEqual([
      ["/api/files/thumbs/ivan-0.webp", false],
      ["/api/files/thumbs/ivan-1.webp", true],
    ]);
  });

  it("has no photos when they are hidden, for an own client too", async () => {
    const igor = (await get("anna", url("igor"))).json() as CandidateProfileView;
    expect(igor.photos).toBeUndefined();
    const anton = await get("anna", url("anton"));
    expect(anton.statusCode).toBe(200);
    expect(anton.json().isOwnClient).toBe(true);
    expect(anton.json().photos).toBeUndefined();
    expect(anton.json().fields).not.toHaveProperty("lastName");
  });

  it("is not found outside the client's pool or for another matchmaker's client", async () => {
    const unpublished = await get("anna", url("petr"));
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json().code).toBe("CANDIDATE_NOT_FOUND");
    const self = await get("anna", url("olga"));
    expect(self.json().code).toBe("CANDIDATE_NOT_FOUND");
    const unknown = await get("anna", `/api/clients/${people.olga!.id}/candidates/nobody/profile`);
    expect(unknown.json().code).toBe("CANDIDATE_NOT_FOUND");
    const stranger = await get("carl", url("ivan"));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe("CLIENT_NOT_FOUND");
  });
});
