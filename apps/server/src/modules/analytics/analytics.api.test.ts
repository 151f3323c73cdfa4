import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { profileViews } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";
import { viewCountry, viewSource } from "./service.js";

let t: TestApp;
let agency: UserRow;
let other: UserRow;
let client: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  agency = await seedMatchmaker(t.database.db, { login: "viewed-agency" });
  other = await seedMatchmaker(t.database.db);
  client = await seedClient(t.database.db, agency.id);
  await seedAdmin(t.database.db);
});
afterAll(() => t.close());

const view = (
  profileId: string,
  ip: string,
  extra: { referrer?: string; utmSource?: string; country?: string; ua?: string } = {},
) =>
  t.app.inject({
    method: "POST",
    url: "/api/analytics/views",
    remoteAddress: ip,
    headers: {
      "user-agent": extra.ua ?? "Mozilla/5.0",
      ...(extra.country && { "cf-ipcountry": extra.country }),
    },
    payload: { profileId, referrer: extra.referrer, utmSource: extra.utmSource },
  });

describe("[analytics] views", () => {
  it("counts repeated views by one visitor once as unique, without storing the address", async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await view(agency.id, "10.7.0.1", { referrer: "https://www.google.com/search?q=x", country: "de" }))
          .statusCode,
      ).toBe(204);
    }
    await view(agency.id, "10.7.0.2", { utmSource: "Newsletter", country: "GB" });
    await view(agency.id, "10.7.0.1", { ua: "Other browser" });
    const stored = await t.database.db
      .select()
      .from(profileViews)
      .where(eq(profileViews.profileUserId, agency.id));
    expect(stored).toHaveLength(5);
    expect(JSON.stringify(stored)).not.toContain("10.7.0.1");
    expect(new Set(stored.map((s) => s.visitorHash)).size).toBe(3);

    const { cookie } = await signIn(t.app, agency.email);
    const res = await t.app.inject({ method: "GET", url: "/api/analytics/views", headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ profileId: agency.id, total: 5, unique: 3 });
    expect(body.sources).toEqual([
      { key: "google.com", views: 3 },
      { key: "direct", views: 1 },
      { key: "newsletter", views: 1 },
    ]);
    expect(body.countries).toEqual([
      { key: "DE", views: 3 },
      { key: "GB", views: 1 },
      { key: "unknown", views: 1 },
    ]);
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), views: 5, unique: 3 });
    expect(body.daily[0].views).toBe(0);
  });

  it("shows views only to the profile's owner, their matchmaker and admins", async () => {
    await view(client.id, "10.7.1.1");
    const asOwner = await t.app.inject({
      method: "GET",
      url: `/api/analytics/views?profileId=${client.id}`,
      headers: { cookie: (await signIn(t.app, agency.email)).cookie },
    });
    expect(asOwner.json().total).toBe(1);
    const asOther = await t.app.inject({
      method: "GET",
      url: `/api/analytics/views?profileId=${agency.id}`,
      headers: { cookie: (await signIn(t.app, other.email)).cookie },
    });
    expect(asOther.statusCode).toBe(404);
    const unknown = await view("no-such-profile", "10.7.1.2");
    expect(unknown.statusCode).toBe(404);
  });

  it("takes a date range and refuses a reversed or too long one", async () => {
    const { cookie } = await signIn(t.app, agency.email);
    const get = (q: string) =>
      t.app.inject({ method: "GET", url: `/api/analytics/views${q}`, headers: { cookie } });
    const past = await get("?from=2020-01-01&to=2020-01-07");
    expect(past.json()).toMatchObject({ total: 0, unique: 0, from: "2020-01-01", to: "2020-01-07" });
    expect(past.json().daily).toHaveLength(7);
    const reversed = await get("?from=2020-02-01&to=2020-01-01");
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().code).toBe("ANALYTICS_RANGE_INVALID");
    expect((await get("?from=2020-01-01&to=2022-01-01")).statusCode).toBe(400);
    expect((await get("?from=yesterday")).statusCode).toBe(400);
  });

  it("derives the source and country", () => {
    expect(viewSource(undefined, " Insta ", "localhost")).toBe("insta");
    expect(viewSource("https://www.Bing.com/x", undefined, "localhost")).toBe("bing.com");
    expect(viewSource("http://localhost/directory", undefined, "localhost")).toBe("direct");
    expect(viewSource("not a url", undefined, "localhost")).toBe("direct");
    expect(viewCountry("ru")).toBe("RU");
    expect(viewCountry("XX")).toBe("unknown");
    expect(viewCountry("T1")).toBe("unknown");
    expect(viewCountry(undefined)).toBe("unknown");
  });
});
