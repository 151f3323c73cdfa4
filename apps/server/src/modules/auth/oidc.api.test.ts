import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/app.js";
import { startOidcProvider } from "../../../test/oidc-provider.js";
import { knownSignIns, users } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";

const PUBLIC_URL = "http://app.test";
let t: TestApp;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  idp = await startOidcProvider(`${PUBLIC_URL}/auth/callback`);
  t = await buildTestApp({
    publicUrl: PUBLIC_URL,
    oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: "Test ID" },
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** The browser's part: start, log in at the provider, come back with code and state. */
async function signInThroughProvider(email: string, query = "redirect=%2Fadmin%2Fusers%3Fpage%3D2") {
  const start = await t.app.inject({ method: "GET", url: `/api/auth/oidc/start?${query}` });
  expect(start.statusCode).toBe(302);
  const stateCookie = start.cookies.find((c) => c.name === "oidc_state")!;
  expect(stateCookie.httpOnly).toBe(true);
  const authorization = new URL(start.headers.location as string);
  expect(authorization.origin).toBe(idp.issuer);
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorization.searchParams.get("nonce")).toBeTruthy();
  const back = await idp.signInAt(authorization.toString(), email);
  return {
    code: back.searchParams.get("code")!,
    state: back.searchParams.get("state")!,
    iss: back.searchParams.get("iss") ?? undefined,
    cookie: `oidc_state=${stateCookie.value}`,
  };
}

const callback = (b: { code: string; state: string; iss?: string; cookie: string }) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/oidc/callback",
    headers: { cookie: b.cookie },
    payload: { code: b.code, state: b.state, ...(b.iss && { iss: b.iss }) },
  });

describe("[auth] OpenID Connect against a real local provider", () => {
  it("announces the provider", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/methods" });
    expect(res.json()).toEqual({ password: true, emailLink: true, oidc: { enabled: true, name: "Test ID" } });
  });

  it("signs in an existing user and returns to the asked path", async () => {
    const mm = await seedMatchmaker(t.database.db, { email: "oidc.user@example.test" });
    const res = await callback(await signInThroughProvider("OIDC.user@example.test"));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: mm.id }, redirect: "/admin/users?page=2" });
    const sid = res.cookies.find((c) => c.name === "sid")!;
    const me = await t.app.inject({
      method: "GET",
      url: "/api/users/me",
      headers: { cookie: `sid=${sid.value}` },
    });
    expect(me.json().id).toBe(mm.id);
    // The browser is known from now on: the account's delay for strangers does not apply to it.
    const device = res.cookies.find((c) => c.name === "did")!;
    expect(device).toMatchObject({ path: "/api/auth", httpOnly: true });
    expect(await t.database.db.$count(knownSignIns, eq(knownSignIns.userId, mm.id))).toBe(2);
  });

  it("refuses an unknown e-mail without an invite, creating nothing", async () => {
    const res = await callback(await signInThroughProvider("stranger@example.test"));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("OIDC_NO_ACCOUNT");
    const rows = await t.database.db.select().from(users).where(eq(users.email, "stranger@example.test"));
    expect(rows).toEqual([]);
  });

  it("registers an unknown e-mail that came with an invite and accepted terms", async () => {
    const mm = await seedMatchmaker(t.database.db);
    idp.identities.set("newbie@example.test", {
      email: "newbie@example.test",
      given_name: "Nika",
      family_name: "Lis",
    });
    const noTerms = await t.app.inject({
      method: "GET",
      url: `/api/auth/oidc/start?invite=${mm.inviteCode}`,
    });
    expect(noTerms.statusCode).toBe(400);
    const res = await callback(
      await signInThroughProvider("newbie@example.test", `invite=${mm.inviteCode}&termsAccepted=true`),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      role: "INVITEE",
      firstName: "Nika",
      lastName: "Lis",
      termsAccepted: true,
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.email, "newbie@example.test"));
    expect(stored!.inviterId).toBe(mm.id);
  });

  it("refuses a callback whose state is not this browser's, and a replayed state", async () => {
    await seedMatchmaker(t.database.db, { email: "replay@example.test" });
    const flow = await signInThroughProvider("replay@example.test");
    const forged = await callback({ ...flow, cookie: "oidc_state=someone-else" });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe("OIDC_FAILED");
    expect((await callback(flow)).statusCode).toBe(200);
    expect((await callback(flow)).statusCode).toBe(401);
  });

  it("refuses an off-site redirect", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/oidc/start?redirect=%2F%2Fevil.example",
    });
    expect(res.statusCode).toBe(400);
  });

  it("answers 503 when OpenID Connect is not configured", async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({ method: "GET", url: "/api/auth/oidc/start" });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe("OIDC_NOT_CONFIGURED");
    } finally {
      await plain.close();
    }
  });
});
