import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { jpegWithGps, multipart } from "../../../test/images.js";
import { agencyProfiles } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await buildTestApp();
  await seedMatchmaker(t.database.db, { login: "taken-login" });
  const fresh = await seedMatchmaker(t.database.db, { onboarded: false, email: "new@example.test" });
  userId = fresh.id;
  cookie = (await signIn(t.app, fresh.email)).cookie;
});
afterAll(() => t.close());

const complete = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/profiles/me/complete-onboarding", headers: { cookie }, payload });
const send = async (url: string, field: string) => {
  const body = multipart(field, [{ name: "img.jpg", data: await jpegWithGps(300, 300) }]);
  return t.app.inject({ method: "POST", url, headers: { ...body.headers, cookie }, payload: body.payload });
};
const valid = { agencyName: "Silk Road Matchmaking", login: "silk-road", termsAccepted: true };

describe("[onboarding] a new matchmaker", () => {
  it("starts with onboarding not complete", async () => {
    const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: { cookie } });
    expect(me.json().isOnboardingComplete).toBe(false);
  });

  it("validates the agency login, name and terms", async () => {
    for (const [login, ok] of [
      ["1agency", false],
      ["Agency", false],
      ["my_agency", false],
      ["агентство", false],
      ["ab", false],
      ["silk-road-2", true],
    ] as const) {
      const res = await complete({ ...valid, login });
      if (ok) expect(res.json().code).not.toBe("VALIDATION_FAILED");
      else expect(res.json().errors?.login, login).toBeDefined();
    }
    expect((await complete({ ...valid, termsAccepted: false })).json().errors.termsAccepted).toBeDefined();
    expect((await complete({ ...valid, agencyName: " " })).json().errors.agencyName).toBeDefined();
  });

  it("needs a logo or avatar, then at least one photo", async () => {
    const noAvatar = await complete(valid);
    expect(noAvatar.statusCode).toBe(400);
    expect(noAvatar.json().code).toBe("AVATAR_REQUIRED");
    expect((await send("/api/profiles/me/avatar", "avatar")).statusCode).toBe(200);
    const noPhoto = await complete(valid);
    expect(noPhoto.json().code).toBe("PHOTO_REQUIRED");
    expect((await send("/api/profiles/me/gallery", "photos")).statusCode).toBe(200);
  });

  it("refuses a login another agency has", async () => {
    const res = await complete({ ...valid, login: "taken-login" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "AGENCY_LOGIN_TAKEN",
      errors: { login: ["This agency login is taken"] },
    });
  });

  it("completes, answers the updated user, and cannot run twice", async () => {
    const res = await complete(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: userId, isOnboardingComplete: true, termsAccepted: true });
    const [agency] = await t.database.db
      .select()
      .from(agencyProfiles)
      .where(eq(agencyProfiles.userId, userId));
    // Listed in the public directory by default.
    expect(agency).toMatchObject({ agencyName: "Silk Road Matchmaking", login: "silk-road", listed: true });
    const again = await complete(valid);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("ONBOARDING_UNAVAILABLE");
  });
});
