import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { agencyProfiles, directoryWords, users } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";
import { setAgencyRating } from "./service.js";

let t: TestApp;
let whitmore: UserRow;
let neva: UserRow;
let berlin: UserRow;
let unverified: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  whitmore = await seedMatchmaker(db, {
    agencyName: "Whitmore & Hart Introductions",
    login: "whitmore-hart",
    city: "London",
    country: "GB",
  });
  neva = await seedMatchmaker(db, {
    agencyName: "Сердце Невы",
    login: "serdtse-nevy",
    city: "Saint Petersburg",
    country: "RU",
  });
  berlin = await seedMatchmaker(db, {
    agencyName: "Herzklopfen Partnervermittlung",
    city: "Berlin",
    country: "DE",
  });
  unverified = await seedMatchmaker(db, { agencyName: "Moscow Hearts", city: "Moscow", country: "RU" });
  await db.update(users).set({ isVerified: false, verifiedAt: null }).where(eq(users.id, unverified.id));
  await db
    .update(agencyProfiles)
    .set({ about: "Знакомства для серьёзных отношений в Москве", services: "Personal introductions" })
    .where(eq(agencyProfiles.userId, unverified.id));
  // Not in the directory: one who chose not to be listed, one switched off, one not onboarded.
  const hidden = await seedMatchmaker(db, {
    agencyName: "Hidden London Club",
    city: "London",
    country: "GB",
  });
  await db.update(users).set({ participatesInSearch: false }).where(eq(users.id, hidden.id));
  const off = await seedMatchmaker(db, { agencyName: "Inactive London Club", city: "London", country: "GB" });
  await db.update(users).set({ status: "inactive" }).where(eq(users.id, off.id));
  await seedMatchmaker(db, { onboarded: false });
  await setAgencyRating(db, whitmore.id, 4.5, 2);
  await setAgencyRating(db, neva.id, 3.2, 5);
  await setAgencyRating(db, unverified.id, 4, 1);
});
afterAll(() => t.close());

const names = async (query: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/directory${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { agencyName: string }[]).map((i) => i.agencyName).sort();
};

describe("[directory] search and filters", () => {
  it("lists only active, onboarded matchmakers who chose to be listed, best rated first", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/directory" });
    expect(res.json().total).toBe(4);
    expect(res.json().items.map((i: { agencyName: string }) => i.agencyName)).toEqual([
      "Whitmore & Hart Introductions",
      "Moscow Hearts",
      "Сердце Невы",
      "Herzklopfen Partnervermittlung",
    ]);
    expect(res.json().items[0]).toMatchObject({
      login: "whitmore-hart",
      rating: 4.5,
      ratingCount: 2,
      isVerified: true,
    });
  });

  it("filters by each of country, city, verified and minimum rating alone", async () => {
    expect(await names("?country=RU")).toEqual(["Moscow Hearts", "Сердце Невы"]);
    expect(await names("?city=london")).toEqual(["Whitmore & Hart Introductions"]);
    expect(await names("?verified=false")).toEqual(["Moscow Hearts"]);
    expect(await names("?verified=true")).toHaveLength(3);
    expect(await names("?minRating=4")).toEqual(["Moscow Hearts", "Whitmore & Hart Introductions"]);
    expect(await names("?minRating=5")).toEqual([]);
    expect(await names("?minRating=1")).toHaveLength(3);
  });

  it("combines filters", async () => {
    expect(await names("?country=RU&verified=true")).toEqual(["Сердце Невы"]);
    expect(await names("?country=RU&minRating=4")).toEqual(["Moscow Hearts"]);
    expect(await names("?country=RU&minRating=4&verified=true")).toEqual([]);
    expect(await names("?q=hearts&country=RU&city=Moscow")).toEqual(["Moscow Hearts"]);
  });

  it("finds names and agency text despite typos and partial words, in Latin and Cyrillic", async () => {
    expect(await names("?q=Whitmre")).toEqual(["Whitmore & Hart Introductions"]);
    expect(await names("?q=whit")).toEqual(["Whitmore & Hart Introductions"]);
    expect(await names("?q=Herzklopfn")).toEqual(["Herzklopfen Partnervermittlung"]);
    // A typo is fuzzy: other near words may match too, but the closest comes first.
    const typo = await t.app.inject({
      method: "GET",
      url: `/api/directory?q=${encodeURIComponent("Серце")}`,
    });
    expect(typo.json().items[0].agencyName).toBe("Сердце Невы");
    expect(await names("?q=невы")).toEqual(["Сердце Невы"]);
    expect(await names("?q=серьёзных отношений")).toEqual(["Moscow Hearts"]);
    expect(await names("?q=personal introductions")).toContain("Moscow Hearts");
    expect(await names("?q=qqqzzzxxx")).toEqual([]);
  });

  it("ranks the word itself, then names it begins, then near words; every word must match", async () => {
    const ranked = async (q: string) => {
      const res = await t.app.inject({ method: "GET", url: `/api/directory?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { agencyName: string }[]).map((i) => i.agencyName);
    };
    // "hearts" begins with "heart" (0.9); "hart", a word of Whitmore & Hart, is near to it (0.375).
    expect(await ranked("heart")).toEqual(["Moscow Hearts", "Whitmore & Hart Introductions"]);
    expect(await ranked("hart")).toEqual(["Whitmore & Hart Introductions"]);
    // Two words: each must match, a typo in either is forgiven, and the order does not matter.
    expect(await ranked("Whitmre introductions")).toEqual(["Whitmore & Hart Introductions"]);
    expect(await ranked("introductions whitmore")).toEqual(["Whitmore & Hart Introductions"]);
    expect(await ranked("whitmore berlin")).toEqual([]);
    // Short names: a missing or changed letter, and the first two letters, still find them.
    const short = await seedMatchmaker(t.database.db, { agencyName: "Cupid Smith", country: "FR" });
    for (const q of ["cupd", "cupif", "smth", "smitj", "cu", "sm"]) {
      expect(await ranked(q), q).toContain("Cupid Smith");
    }
    await t.database.db.delete(users).where(eq(users.id, short.id));
    // Punctuation, quotes and backslashes are only words' edges: no error, nothing odd found.
    for (const odd of ["o'brien", "\\", "a\\'b", "!!! ???", "'", ":*", "&|!()"]) {
      expect(await ranked(odd), odd).toEqual([]);
    }
    // A text search pages and counts like any other.
    const first = await t.app.inject({ method: "GET", url: "/api/directory?q=introductions&pageSize=1" });
    expect(first.json()).toMatchObject({ total: 2, page: 1 });
    expect(first.json().items[0].agencyName).toBe("Whitmore & Hart Introductions");
    const past = await t.app.inject({
      method: "GET",
      url: "/api/directory?q=introductions&pageSize=1&page=5",
    });
    expect(past.json()).toMatchObject({ items: [], total: 2, page: 5 });
  });

  it("keeps the vocabulary of names in step with every insert, rename and delete", async () => {
    const db = t.database.db;
    const vocabulary = async (...words: string[]) =>
      Object.fromEntries(
        (
          await db
            .select({ word: directoryWords.word, agencies: directoryWords.agencies })
            .from(directoryWords)
            .where(inArray(directoryWords.word, words))
        ).map((r) => [r.word, r.agencies]),
      );
    const before = await vocabulary("london");
    const first = await seedMatchmaker(db, { agencyName: "Quillon Partners", city: "London", country: "GB" });
    const second = await seedMatchmaker(db, { agencyName: "Quillon Match", country: "GB" });
    expect(await vocabulary("quillon", "london", "partners")).toEqual({
      quillon: 2,
      london: (before.london ?? 0) + 1,
      partners: 1,
    });
    expect(await names("?q=Quilon")).toEqual(["Quillon Match", "Quillon Partners"]);

    // A rename: the old word goes when no agency uses it any more, the new one is found by a typo.
    await db
      .update(agencyProfiles)
      .set({ agencyName: "Zephyrine Partners" })
      .where(eq(agencyProfiles.userId, first.id));
    expect(await vocabulary("quillon", "zephyrine", "partners")).toEqual({
      quillon: 1,
      zephyrine: 1,
      partners: 1,
    });
    expect(await names("?q=Zefyrine")).toEqual(["Zephyrine Partners"]);
    expect(await names("?q=Quilon")).toEqual(["Quillon Match"]);
    // An update that leaves the name alone counts nothing twice.
    await setAgencyRating(db, first.id, 5, 1);
    expect(await vocabulary("zephyrine", "partners")).toEqual({ zephyrine: 1, partners: 1 });

    // Deleting the users takes their agencies, and the words only they used, with them.
    await db.delete(users).where(inArray(users.id, [first.id, second.id]));
    expect(await vocabulary("quillon", "zephyrine", "partners", "london")).toEqual(before);
    expect(await names("?q=Quilon")).toEqual([]);
  });

  it("counts words right when many agencies sharing them change at once", async () => {
    const db = t.database.db;
    const count = async (word: string) =>
      (await db.select().from(directoryWords).where(eq(directoryWords.word, word)))[0]?.agencies ?? 0;
    // On PostgreSQL these run on separate connections and lock shared words in one order.
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        seedMatchmaker(db, { agencyName: `Tandem Orchard ${i % 2 ? "North" : "South"}` }),
      ),
    );
    expect([await count("tandem"), await count("orchard"), await count("north")]).toEqual([12, 12, 6]);
    await Promise.all(
      many.map((m, i) =>
        db
          .update(agencyProfiles)
          .set({ agencyName: `Orchard Tandem ${i % 3 ? "North" : "East"}` })
          .where(eq(agencyProfiles.userId, m.id)),
      ),
    );
    expect([await count("tandem"), await count("north"), await count("east"), await count("south")]).toEqual([
      12, 8, 4, 0,
    ]);
    await db.delete(users).where(
      inArray(
        users.id,
        many.map((m) => m.id),
      ),
    );
    expect([await count("tandem"), await count("orchard")]).toEqual([0, 0]);
  });

  it("follows a matchmaker's later changes at once: onboarding, switched off and on, verified, unlisted", async () => {
    const db = t.database.db;
    const late = await seedMatchmaker(db, { onboarded: false });
    const { cookie } = await signIn(t.app, late.email);
    // Onboarding as its service does it: the agency row first, then the user is marked onboarded.
    await db
      .insert(agencyProfiles)
      .values({ userId: late.id, agencyName: "Late Bloom Introductions", login: "late-bloom" });
    const stored = async () =>
      (
        await db
          .select({ listed: agencyProfiles.listed, verified: agencyProfiles.verified })
          .from(agencyProfiles)
          .where(eq(agencyProfiles.userId, late.id))
      )[0];
    await db.update(users).set({ onboardingCompletedAt: new Date() }).where(eq(users.id, late.id));
    // Listed only once the matchmaker chooses to be.
    expect(await names("?q=late bloom")).toEqual([]);
    expect(await stored()).toEqual({ listed: false, verified: false });
    await t.app.inject({
      method: "PATCH",
      url: "/api/agencies/me",
      headers: { cookie },
      payload: { isListed: true },
    });
    expect(await names("?q=late bloom")).toEqual(["Late Bloom Introductions"]);
    expect(await names("?q=late bloom&verified=false")).toEqual(["Late Bloom Introductions"]);

    await db.update(users).set({ isVerified: true }).where(eq(users.id, late.id));
    expect(await stored()).toEqual({ listed: true, verified: true });
    expect(await names("?q=late bloom&verified=true")).toEqual(["Late Bloom Introductions"]);
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, late.id));
    expect(await names("?q=late bloom")).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/directory" })).json().total).toBe(4);
    await db.update(users).set({ status: "active" }).where(eq(users.id, late.id));
    expect((await t.app.inject({ method: "GET", url: "/api/directory" })).json().total).toBe(5);
    await db.update(users).set({ participatesInSearch: false }).where(eq(users.id, late.id));
    expect(await stored()).toEqual({ listed: false, verified: true });
    expect((await t.app.inject({ method: "GET", url: "/api/directory" })).json().total).toBe(4);
  });

  it("pages and refuses bad filters with 400", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/directory?pageSize=2&page=2" });
    expect(page.json()).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(page.json().items).toHaveLength(2);
    const past = await t.app.inject({ method: "GET", url: "/api/directory?pageSize=2&page=9" });
    expect(past.json()).toMatchObject({ items: [], total: 4, page: 9 });
    for (const bad of ["?minRating=6", "?minRating=0", "?country=XX1", "?verified=maybe", "?pageSize=101"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/directory${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
  });
});

describe("[agencies] agency page and profile", () => {
  it("answers the page by id and by login, with the verified-since year; 404 for the unlisted-off", async () => {
    const byLogin = await t.app.inject({ method: "GET", url: "/api/agencies/whitmore-hart" });
    expect(byLogin.statusCode).toBe(200);
    expect(byLogin.json()).toMatchObject({
      userId: whitmore.id,
      agencyName: "Whitmore & Hart Introductions",
      isVerified: true,
      verifiedSince: new Date().getUTCFullYear(),
      reviews: [],
      rating: { count: 0, overall: null },
      myRating: null,
    });
    expect(byLogin.json()).not.toHaveProperty("passwordHash");
    const byId = await t.app.inject({ method: "GET", url: `/api/agencies/${neva.id}` });
    expect(byId.json().login).toBe("serdtse-nevy");
    const missing = await t.app.inject({ method: "GET", url: "/api/agencies/no-such-agency" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("AGENCY_NOT_FOUND");
  });

  it("lets the owner edit every field; a taken login is 409, bad values 400 and nothing stored", async () => {
    const { cookie } = await signIn(t.app, berlin.email);
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PATCH", url: "/api/agencies/me", headers: { cookie }, payload });
    const res = await patch({
      contactFirstName: "Greta",
      contactLastName: "Klein",
      services: "Matchmaking for professionals",
      about: "Seit 2010",
      awards: "Best agency 2024",
      link: "https://herz.example",
      currency: "EUR",
      introductionPrice: 500,
      turnkeyPrice: 9000,
      introductionFee: 100,
      payForIntroduction: true,
      clientToClientContract: true,
      acceptsFreeClients: true,
      experience: "MORE_THAN_7_YEARS",
      clientBaseSize: 120,
      successfulCases: 33,
      isListed: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ contactFirstName: "Greta", turnkeyPrice: 9000, isListed: false });
    const [stored] = await t.database.db
      .select()
      .from(agencyProfiles)
      .where(eq(agencyProfiles.userId, berlin.id));
    expect(stored).toMatchObject({ experience: "MORE_THAN_7_YEARS", currency: "EUR", successfulCases: 33 });
    expect(await names("?q=herzklopfen")).toEqual([]);
    await patch({ isListed: true });
    expect(await names("?q=herzklopfen")).toEqual(["Herzklopfen Partnervermittlung"]);

    const taken = await patch({ login: "whitmore-hart" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("AGENCY_LOGIN_TAKEN");
    for (const bad of [{ introductionPrice: -1 }, { login: "9bad" }, { link: "javascript:alert(1)" }]) {
      const r = await patch(bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const [after] = await t.database.db
      .select()
      .from(agencyProfiles)
      .where(eq(agencyProfiles.userId, berlin.id));
    expect(after).toMatchObject({ introductionPrice: 500, link: "https://herz.example" });
    expect(after!.login).not.toBe("whitmore-hart");

    const pw = await t.app.inject({
      method: "PUT",
      url: "/api/agencies/me/password",
      headers: { cookie },
      payload: { password: "secret1", confirmPassword: "secret1" },
    });
    expect(pw.json().hasPassword).toBe(true);
    const [hashed] = await t.database.db
      .select()
      .from(agencyProfiles)
      .where(eq(agencyProfiles.userId, berlin.id));
    expect(hashed!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe("[agencies] link previews", () => {
  it("serves /agency/{login} with the agency's title, description and image meta tags", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dist = mkdtempSync(path.join(tmpdir(), "md-web-"));
    writeFileSync(
      path.join(dist, "index.html"),
      '<html><head><meta name="description" content="Plain" /><title>MatchDesk</title></head><body></body></html>',
    );
    const { buildApp } = await import("../../app.js");
    const { testConfig } = await import("../../../test/app.js");
    const web = await buildApp({ config: testConfig({ webDistDir: dist }), database: t.database });
    try {
      await t.database.db
        .update(agencyProfiles)
        .set({ about: 'Trusted <introductions> & "care"' })
        .where(eq(agencyProfiles.userId, whitmore.id));
      const res = await web.inject({ method: "GET", url: "/agency/whitmore-hart" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("<title>Whitmore &amp; Hart Introductions | MatchDesk</title>");
      expect(res.body).toContain(
        '<meta property="og:title" content="Whitmore &amp; Hart Introductions | MatchDesk" />',
      );
      expect(res.body).toContain(
        '<meta property="og:description" content="Trusted &lt;introductions&gt; &amp; &quot;care&quot;" />',
      );
      expect(res.body).toContain('<meta name="description" content="Trusted');
      // Text that looks like a replacement pattern stays text.
      await t.database.db
        .update(agencyProfiles)
        .set({ about: "Costs $& more, $' less" })
        .where(eq(agencyProfiles.userId, whitmore.id));
      const patterned = await web.inject({ method: "GET", url: "/agency/whitmore-hart" });
      expect(patterned.body).toContain('<meta name="description" content="Costs $&amp; more, $');
      expect(patterned.body.match(/<title>/g)).toHaveLength(1);
      const unknown = await web.inject({ method: "GET", url: "/agency/nobody-here" });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).not.toContain("og:title");
    } finally {
      await web.close();
    }
  });
});
