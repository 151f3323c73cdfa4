import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { agencyProfiles } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";

// The agency's focus: a fixed list the owner picks from on the profile editor, shown on the
// public agency page. (The quiz's use of it is in quiz.api.test.ts.)

let t: TestApp;
let owner: UserRow;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await seedMatchmaker(t.database.db, {
    agencyName: "Bosphorus Bridges",
    login: "bosphorus",
    city: "Istanbul",
    country: "TR",
  });
  cookie = (await signIn(t.app, owner.email)).cookie;
});
afterAll(() => t.close());

const patch = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "PATCH", url: "/api/agencies/me", headers: { cookie }, payload });
const stored = async () =>
  (
    await t.database.db
      .select({ focus: agencyProfiles.focus })
      .from(agencyProfiles)
      .where(eq(agencyProfiles.userId, owner.id))
  )[0]!.focus;

describe("[agencies] focus", () => {
  it("starts empty, is saved by the owner and shown on the public agency page", async () => {
    const before = await t.app.inject({ method: "GET", url: "/api/agencies/me", headers: { cookie } });
    expect(before.json().focus).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/agencies/bosphorus" })).json().focus).toEqual([]);

    const res = await patch({ focus: ["INTERNATIONAL", "MARRIAGE", "FAITH"] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().focus).toEqual(["INTERNATIONAL", "MARRIAGE", "FAITH"]);
    expect(await stored()).toEqual(["INTERNATIONAL", "MARRIAGE", "FAITH"]);

    const page = await t.app.inject({ method: "GET", url: "/api/agencies/bosphorus" });
    expect(page.statusCode).toBe(200);
    expect(page.json().focus).toEqual(["INTERNATIONAL", "MARRIAGE", "FAITH"]);

    // Other edits leave it alone; an empty list clears it.
    await patch({ about: "Turkish-European couples since 2012" });
    expect(await stored()).toEqual(["INTERNATIONAL", "MARRIAGE", "FAITH"]);
    expect((await patch({ focus: [] })).json().focus).toEqual([]);
    expect(await stored()).toEqual([]);
    await patch({ focus: ["LGBTQ", "EXECUTIVE", "MATURE"] });
  });

  it("refuses an unknown focus, a repeated one and a wrong type with 400, storing nothing", async () => {
    for (const focus of [["MARRIAGE", "POLYAMORY"], ["MARRIAGE", "MARRIAGE"], "MARRIAGE", [42], null]) {
      const res = await patch({ focus, about: "changed" });
      expect(res.statusCode, JSON.stringify(focus)).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
      expect(Object.keys(res.json().errors ?? {}).some((k) => k.startsWith("focus"))).toBe(true);
    }
    expect(await stored()).toEqual(["LGBTQ", "EXECUTIVE", "MATURE"]);
    const [row] = await t.database.db
      .select()
      .from(agencyProfiles)
      .where(eq(agencyProfiles.userId, owner.id));
    expect(row!.about).toBe("Turkish-European couples since 2012");
  });
});
