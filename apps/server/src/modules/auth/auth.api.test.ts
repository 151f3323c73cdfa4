import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { rateLimits, sessions, users } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";

let t: TestApp;
let matchmaker: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  matchmaker = await seedMatchmaker(t.database.db, { email: "maria@example.test", password: "secret-pass" });
});
afterAll(() => t.close());

describe("[auth] password login and sessions", () => {
  it("signs in, stores only a hash of the session token, and answers the user", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "MARIA@example.test", password: "secret-pass" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: matchmaker.id, email: "maria@example.test", role: "INVITER" });
    expect(res.json()).not.toHaveProperty("passwordHash");
    const sid = res.cookies.find((c) => c.name === "sid")!;
    expect(sid.httpOnly).toBe(true);
    expect(sid.sameSite).toBe("Lax");
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, matchmaker.id));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((s) => s.tokenHash === sid.value)).toBe(false);
    // The lasting mark of activity (retention reads it after the session is gone).
    const [me] = await t.database.db.select().from(users).where(eq(users.id, matchmaker.id));
    expect(Date.now() - me!.lastActiveAt!.getTime()).toBeLessThan(60_000);
  });

  it("answers INVALID_CREDENTIALS alike for a wrong password and an unknown e-mail", async () => {
    for (const payload of [
      { email: "maria@example.test", password: "wrong-pass" },
      { email: "nobody@example.test", password: "secret-pass" },
    ]) {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        statusCode: 401,
        code: "INVALID_CREDENTIALS",
        message: "Invalid credentials",
      });
    }
  });

  it("reports the session in /api/auth/status and /api/users/me, and ends it at logout", async () => {
    const { cookie } = await signIn(t.app, "maria@example.test", "secret-pass");
    const status = await t.app.inject({ method: "GET", url: "/api/auth/status", headers: { cookie } });
    expect(status.json()).toMatchObject({ authenticated: true, user: { id: matchmaker.id } });
    const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe("maria@example.test");

    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: "GET", url: "/api/users/me", headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("UNAUTHENTICATED");
    const anon = await t.app.inject({ method: "GET", url: "/api/auth/status", headers: { cookie } });
    expect(anon.json()).toEqual({ authenticated: false, user: null });
  });

  it("answers 429 with Retry-After once an account's free guesses from unknown addresses are used", async () => {
    await seedMatchmaker(t.database.db, { email: "target@example.test" });
    const attempt = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: ip,
        payload: { email: "target@example.test", password: "guess-guess" },
      });
    // 5 free guesses, and the 6th starts the account's delay (sign-in-throttling.api.test.ts).
    for (let i = 0; i < 6; i++) expect((await attempt(`10.0.0.${i}`)).statusCode).toBe(401);
    const blocked = await attempt("10.0.1.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("RATE_LIMITED");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    await t.database.db.delete(rateLimits);
  });

  it("limits an address by its failures: people signing in from one office are not locked out", async () => {
    const login = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.0.2.1",
        payload: { email: "maria@example.test", password },
      });
    // More successes than the address's limit of 50 attempts.
    for (let i = 0; i < 55; i++) expect((await login("secret-pass")).statusCode).toBe(200);
    // Failures from that address still count: across accounts, the 51st is refused.
    const guess = (n: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.0.2.1",
        payload: { email: `nobody-${n}@example.test`, password: "guess-guess" },
      });
    for (let i = 0; i < 50; i++) expect((await guess(i)).statusCode).toBe(401);
    expect((await guess(50)).statusCode).toBe(429);
    await t.database.db.delete(rateLimits);
  });

  it("refuses a cross-origin mutation", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "https://evil.example" },
      payload: { email: "maria@example.test", password: "secret-pass" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("CROSS_ORIGIN_REQUEST");
  });
});
