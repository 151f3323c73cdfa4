import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { agencyProfiles, agencyRatings, reviews } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";

let t: TestApp;
let agency: UserRow;
let rater: UserRow;
let client: UserRow;
let admin: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  agency = await seedMatchmaker(db, { agencyName: "Reviewed Agency", login: "reviewed-agency" });
  rater = await seedMatchmaker(db);
  client = await seedClient(db, agency.id);
  admin = await seedAdmin(db);
});
afterAll(() => t.close());

const review = (payload: Record<string, unknown>, ip = "10.1.1.1", cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/agencies/reviewed-agency/reviews",
    payload,
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
const good = {
  authorName: "Olga",
  authorEmail: "olga@example.test",
  text: "A wonderful, careful matchmaker.",
};
const page = async () => (await t.app.inject({ method: "GET", url: "/api/agencies/reviewed-agency" })).json();

describe("[reviews] submit, moderate, publish", () => {
  it("stores a review as pending and shows it only after an admin approves it", async () => {
    const res = await review(good);
    expect(res.statusCode, res.body).toBe(202);
    const [stored] = await t.database.db.select().from(reviews).where(eq(reviews.agencyUserId, agency.id));
    expect(stored).toMatchObject({
      status: "pending",
      authorEmail: "olga@example.test",
      fromAgencyUserId: null,
    });
    expect((await page()).reviews).toEqual([]);

    const { cookie } = await signIn(t.app, admin.email);
    const queue = await t.app.inject({
      method: "GET",
      url: "/api/admin/reviews?status=pending",
      headers: { cookie },
    });
    expect(queue.json().items.map((r: { id: string }) => r.id)).toEqual([stored!.id]);
    expect(queue.json().items[0]).toMatchObject({
      agencyName: "Reviewed Agency",
      agencyLogin: "reviewed-agency",
    });
    const approved = await t.app.inject({
      method: "PUT",
      url: `/api/admin/reviews/${stored!.id}`,
      headers: { cookie },
      payload: { status: "approved" },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", moderatedAt: expect.any(String) });
    const shown = (await page()).reviews;
    expect(shown).toEqual([
      { id: stored!.id, authorName: "Olga", text: good.text, createdAt: expect.any(String) },
    ]);
    expect(shown[0]).not.toHaveProperty("authorEmail");

    await t.app.inject({
      method: "PUT",
      url: `/api/admin/reviews/${stored!.id}`,
      headers: { cookie },
      payload: { status: "rejected" },
    });
    expect((await page()).reviews).toEqual([]);
    const rejected = await t.app.inject({
      method: "GET",
      url: "/api/admin/reviews?status=rejected",
      headers: { cookie },
    });
    expect(rejected.json().total).toBe(1);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/reviews/${stored!.id}`,
      headers: { cookie },
    });
    expect(del.statusCode).toBe(204);
    expect(await t.database.db.select().from(reviews).where(eq(reviews.id, stored!.id))).toEqual([]);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/reviews/${stored!.id}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("REVIEW_NOT_FOUND");
  });

  it("refuses short texts and bad e-mails, ignores a filled honeypot, limits each address", async () => {
    const before = (await t.database.db.select().from(reviews)).length;
    const short = await review({ ...good, text: "too short" }, "10.2.2.2");
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.text).toBeDefined();
    const email = await review({ ...good, authorEmail: "nope" }, "10.2.2.2");
    expect(email.json().errors.authorEmail).toBeDefined();
    const bot = await review({ ...good, website: "http://spam.example" }, "10.2.2.3");
    expect(bot.statusCode).toBe(202);
    expect((await t.database.db.select().from(reviews)).length).toBe(before);

    for (let i = 0; i < 5; i++) expect((await review(good, "10.3.3.3")).statusCode).toBe(202);
    const limited = await review(good, "10.3.3.3");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    expect((await t.database.db.select().from(reviews)).length).toBe(before + 5);
    expect((await review(good, "10.3.3.4")).statusCode).toBe(202);
  });

  it("remembers the matchmaker who wrote a review; unknown agency is 404", async () => {
    const { cookie } = await signIn(t.app, rater.email);
    await review({ ...good, authorName: "Colleague" }, "10.4.4.4", cookie);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.authorName, "Colleague"));
    expect(row!.fromAgencyUserId).toBe(rater.id);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/agencies/nobody/reviews",
      payload: good,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("AGENCY_NOT_FOUND");
  });
});

describe("[ratings] only matchmakers, never their own agency, one each", () => {
  const stars = { trust: 5, friendliness: 4, speed: 3, resultPerCost: 4, overall: 5 };
  const rate = (cookie: string, payload: Record<string, unknown>, target = "reviewed-agency") =>
    t.app.inject({ method: "POST", url: `/api/agencies/${target}/ratings`, headers: { cookie }, payload });

  it("refuses a client, the agency itself and out-of-range stars, storing nothing", async () => {
    const asClient = await rate((await signIn(t.app, client.email)).cookie, stars);
    expect(asClient.statusCode).toBe(403);
    const own = await rate((await signIn(t.app, agency.email)).cookie, stars);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe("RATING_OWN_AGENCY");
    const { cookie } = await signIn(t.app, rater.email);
    for (const bad of [
      { ...stars, trust: 0 },
      { ...stars, overall: 6 },
      { ...stars, speed: 2.5 },
      { trust: 3 },
    ]) {
      const res = await rate(cookie, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.database.db.select().from(agencyRatings)).toEqual([]);
  });

  it("a second rating by the same matchmaker updates the first, and the directory rating follows", async () => {
    const { cookie } = await signIn(t.app, rater.email);
    const first = await rate(cookie, stars);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().summary).toMatchObject({ count: 1, overall: 5, trust: 5 });
    const second = await rate(cookie, { ...stars, overall: 2, trust: 3 });
    expect(second.json().summary).toMatchObject({ count: 1, overall: 2, trust: 3 });
    const rows = await t.database.db.select().from(agencyRatings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ overall: 2, trust: 3 });

    const another = await seedMatchmaker(t.database.db);
    await rate((await signIn(t.app, another.email)).cookie, { ...stars, overall: 5 });
    const [profile] = await t.database.db
      .select()
      .from(agencyProfiles)
      .where(eq(agencyProfiles.userId, agency.id));
    expect(profile).toMatchObject({ ratingOverall: 3.5, ratingCount: 2 });
    const listed = await t.app.inject({ method: "GET", url: "/api/directory?q=reviewed" });
    expect(listed.json().items[0]).toMatchObject({ rating: 3.5, ratingCount: 2 });
    expect(
      (await t.app.inject({ method: "GET", url: "/api/directory?minRating=4&q=reviewed" })).json().total,
    ).toBe(0);
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/agencies/reviewed-agency",
      headers: { cookie },
    });
    expect(mine.json().myRating).toMatchObject({ overall: 2, trust: 3 });
  });
});
