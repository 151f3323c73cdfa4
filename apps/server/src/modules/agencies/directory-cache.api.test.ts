import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/app.js";
import { agencyProfiles, users } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";
import { setAgencyRating } from "./service.js";

let t: TestApp;
let agency: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  agency = await seedMatchmaker(t.database.db, { agencyName: "Quillfeather Introductions", country: "IE" });
});
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/directory${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    total: number;
    items: { agencyName: string; rating: number | null; logoUrl: string | null }[];
  };
};
const rename = (agencyName: string) =>
  t.database.db.update(agencyProfiles).set({ agencyName }).where(eq(agencyProfiles.userId, agency.id));

describe("[directory] answers kept in memory", () => {
  it("answers a repeated search from memory, one entry for searches that differ only in case", async () => {
    expect((await search("?q=quillfeather")).items.map((i) => i.agencyName)).toEqual([
      "Quillfeather Introductions",
    ]);
    // On PostgreSQL every pooled connection hears the seeding's announcements too, some after the
    // write resolved; an answer loaded while one arrives is (rightly) not kept. Once it is kept:
    await vi.waitFor(async () => {
      await search("?q=quillfeather");
      expect(t.app.deps.directory.size).toBe(1);
    });
    await search("?q=QuillFeather");
    expect(t.app.deps.directory.size).toBe(1);
    // With the announcement switched off, a change is not heard: the kept answer is what comes back.
    await t.database.db.execute(
      sql`alter table agency_profiles disable trigger agency_profiles_directory_notify`,
    );
    try {
      // A late announcement of the seeding (PostgreSQL) may still empty the cache once; then the
      // next attempt keeps a fresh answer and renames again.
      let attempt = 0;
      await vi.waitFor(async () => {
        const kept = (await search("?q=quillfeather")).items[0]!.agencyName;
        expect(t.app.deps.directory.size).toBe(1);
        await rename(`Quillfeather Unheard ${++attempt}`);
        expect((await search("?q=quillfeather")).items[0]!.agencyName).toBe(kept);
      });
    } finally {
      await t.database.db.execute(
        sql`alter table agency_profiles enable trigger agency_profiles_directory_notify`,
      );
    }
    await rename("Quillfeather & Co");
    expect((await search("?q=quillfeather")).items[0]!.agencyName).toBe("Quillfeather & Co");
  });

  it("shows every kind of change at once: rating, logo, listing", async () => {
    expect((await search("?country=IE")).items[0]).toMatchObject({ rating: null, logoUrl: null });
    await setAgencyRating(t.database.db, agency.id, 4.6, 3);
    expect((await search("?country=IE")).items[0]!.rating).toBe(4.6);
    expect((await search("?country=IE&minRating=4")).total).toBe(1);

    await t.database.db
      .update(users)
      .set({ avatarKey: "avatars/q.webp", avatarThumbKey: "avatars/q-thumb.webp" })
      .where(eq(users.id, agency.id));
    expect((await search("?country=IE")).items[0]!.logoUrl).toContain("q-thumb.webp");

    await t.database.db.update(users).set({ status: "inactive" }).where(eq(users.id, agency.id));
    expect(await search("?country=IE")).toMatchObject({ total: 0, items: [] });
    await t.database.db.update(users).set({ status: "active" }).where(eq(users.id, agency.id));
    expect((await search("?country=IE")).total).toBe(1);
  });
});
