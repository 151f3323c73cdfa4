import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/app.js";
import { linkIn, startSmtpServer } from "../../../test/smtp.js";
import { knownSignIns, rateLimits } from "../../db/schema/index.js";
import { hashToken } from "../../platform/ids.js";
import { seedMatchmaker } from "../../seed/seed.js";
import { signInMailsSettled } from "./email-signin.js";
import { sweepExpiredSignIns } from "./expiry.js";

// Issue 16, finding 4: failures from anywhere locked the owner out. Now: a limit per (account,
// address) pair, a growing delay per account for browsers and addresses it never signed in from,
// and a known browser or address that always gets its password checked.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Attempt = { email: string; password: string; ip: string; device?: string };
const login = ({ email, password, ip, device }: Attempt) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: ip,
    payload: { email, password },
    ...(device && { cookies: { did: device } }),
  });
const deviceCookie = (res: Awaited<ReturnType<typeof login>>) => res.cookies.find((c) => c.name === "did");
const accountRow = async (email: string) =>
  (
    await t.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, hashToken(`login:account:${email}`)))
  )[0];
/** As if the account's current delay had passed: the next attempt may come now. */
const endDelay = (email: string) =>
  t.database.db
    .update(rateLimits)
    .set({ blockedUntil: new Date(Date.now() - 1000) })
    .where(eq(rateLimits.key, hashToken(`login:account:${email}`)));

describe("[auth] sign-in throttling: the attacker", () => {
  it("gives unknown addresses 5 free guesses per account, then one per growing delay, with Retry-After", async () => {
    const email = "delayed@example.test";
    await seedMatchmaker(t.database.db, { email });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await login({ email, password: "guess-guess", ip: `10.20.0.${i}` })).statusCode);
    // 5 free, the 6th is checked and starts a 15 s delay, the next ones are refused unchecked.
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);

    const refused = await login({ email, password: "password123", ip: "10.20.1.1" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    const seconds = refused.json().retryAfterSeconds;
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(15);
    expect(refused.headers["retry-after"]).toBe(String(seconds));
    // Refused attempts were not counted: the stored count is the 6 checked ones.
    expect((await accountRow(email))!.count).toBe(6);

    // The delay doubles with each checked guess: 15 s, then 30 s.
    await endDelay(email);
    expect((await login({ email, password: "guess-guess", ip: "10.20.1.2" })).statusCode).toBe(401);
    const longer = (await login({ email, password: "guess-guess", ip: "10.20.1.3" })).json();
    expect(longer.retryAfterSeconds).toBeGreaterThan(15);
    expect(longer.retryAfterSeconds).toBeLessThanOrEqual(30);

    // ... and stops growing at 15 minutes.
    await t.database.db
      .update(rateLimits)
      .set({ count: 60, blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, hashToken(`login:account:${email}`)));
    expect((await login({ email, password: "guess-guess", ip: "10.20.1.4" })).statusCode).toBe(401);
    const capped = (await login({ email, password: "guess-guess", ip: "10.20.1.5" })).json();
    expect(capped.retryAfterSeconds).toBeGreaterThan(450);
    expect(capped.retryAfterSeconds).toBeLessThanOrEqual(900);

    // Days of guessing (a count in the thousands) stay at the cap: no overflow into a 500.
    await t.database.db
      .update(rateLimits)
      .set({ count: 5000, blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, hashToken(`login:account:${email}`)));
    expect((await login({ email, password: "guess-guess", ip: "10.20.1.6" })).statusCode).toBe(401);
    const late = await login({ email, password: "guess-guess", ip: "10.20.1.7" });
    expect(late.statusCode).toBe(429);
    expect(late.json().retryAfterSeconds).toBeLessThanOrEqual(900);
  });

  it("throttles an unknown e-mail exactly like a real account", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push(
        (await login({ email: "ghost@example.test", password: "guess-guess", ip: `10.21.0.${i}` }))
          .statusCode,
      );
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it("holds the account's delay against 20 parallel guesses from 20 addresses", async () => {
    const email = "parallel@example.test";
    await seedMatchmaker(t.database.db, { email });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login({ email, password: "guess-guess", ip: `10.22.0.${i}` })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBe(6);
    expect(codes.filter((c) => c === 429).length).toBe(14);
    expect((await accountRow(email))!.count).toBe(6);
  });

  it("limits each (account, address) pair to 10 guesses, even from an address the account knows", async () => {
    const email = "pair@example.test";
    const owner = await seedMatchmaker(t.database.db, { email });
    // The office address the owner signed in from: known, so no account delay applies to it.
    expect((await login({ email, password: "password123", ip: "10.23.0.1" })).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => login({ email, password: "guess-guess", ip: "10.23.0.1" })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBe(10);
    expect(codes.filter((c) => c === 429).length).toBe(4);
    // That pair is done for the window, the right password too ...
    const pairDone = await login({ email, password: "password123", ip: "10.23.0.1" });
    expect(pairDone.statusCode).toBe(429);
    expect(Number(pairDone.headers["retry-after"])).toBeGreaterThan(0);
    // ... while the same account from another address, and that address for another account, are not.
    expect((await login({ email, password: "password123", ip: "10.23.0.2" })).statusCode).toBe(200);
    await seedMatchmaker(t.database.db, { email: "colleague@example.test" });
    expect(
      (await login({ email: "colleague@example.test", password: "password123", ip: "10.23.0.1" })).statusCode,
    ).toBe(200);
    // The known-address failures never slowed the account down for others.
    expect((await accountRow(email))?.blockedUntil ?? null).toBeNull();
    expect(owner.id).toBeTruthy();
  });
});

describe("[auth] sign-in throttling: the owner", () => {
  it("signs in from a browser or an address used before while the account is under attack elsewhere", async () => {
    const email = "owner@example.test";
    const owner = await seedMatchmaker(t.database.db, { email });
    const first = await login({ email, password: "password123", ip: "10.30.0.1" });
    expect(first.statusCode).toBe(200);
    const did = deviceCookie(first)!;
    expect(did.httpOnly).toBe(true);
    expect(did.path).toBe("/api/auth");
    expect(did.maxAge).toBe(90 * 86_400);

    // An attack from 30 addresses: the account is delayed for every unknown browser.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => login({ email, password: "guess-guess", ip: `10.31.0.${i}` })),
    );
    expect((await login({ email, password: "password123", ip: "10.31.1.1" })).statusCode).toBe(429);

    // The owner's browser, now on another network (a phone on mobile data): signed in.
    const roaming = await login({ email, password: "password123", ip: "10.32.0.9", device: did.value });
    expect(roaming.statusCode).toBe(200);
    expect(roaming.json()).toMatchObject({ id: owner.id });
    expect(deviceCookie(roaming)!.value).toBe(did.value);
    // The owner's address, from a browser without the cookie (another computer at home): signed in.
    expect((await login({ email, password: "password123", ip: "10.30.0.1" })).statusCode).toBe(200);
    // A wrong password from the known browser is still just a wrong password.
    expect(
      (await login({ email, password: "guess-guess", ip: "10.32.0.9", device: did.value })).statusCode,
    ).toBe(401);
    // A device cookie of another account, or a made-up one, opens nothing.
    expect(
      (await login({ email, password: "password123", ip: "10.33.0.1", device: "x".repeat(43) })).statusCode,
    ).toBe(429);

    // Stored as hashes only: neither the device token nor the address.
    const stored = await t.database.db.select().from(knownSignIns).where(eq(knownSignIns.userId, owner.id));
    // Two browsers (the second got a cookie of its own) and two addresses.
    expect(stored.length).toBe(4);
    const text = JSON.stringify(stored);
    expect(text).not.toContain(did.value);
    expect(text).not.toContain("10.30.0.1");
    expect(stored.every((row) => row.expiresAt.getTime() > Date.now() + 89 * 86_400_000)).toBe(true);
  });

  it("forgets a browser after its time: an expired entry is no longer known", async () => {
    const email = "forgotten@example.test";
    const owner = await seedMatchmaker(t.database.db, { email });
    const first = await login({ email, password: "password123", ip: "10.34.0.1" });
    const did = deviceCookie(first)!.value;
    await t.database.db
      .update(knownSignIns)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(knownSignIns.userId, owner.id));
    for (let i = 0; i < 7; i++) await login({ email, password: "guess-guess", ip: `10.35.0.${i}` });
    expect((await login({ email, password: "password123", ip: "10.34.0.1", device: did })).statusCode).toBe(
      429,
    );
    // Housekeeping deletes what has expired.
    await sweepExpiredSignIns(t.database.db, new Date());
    expect(await t.database.db.select().from(knownSignIns).where(eq(knownSignIns.userId, owner.id))).toEqual(
      [],
    );
  });

  it("lets a throttled matchmaker in by an e-mail link, which makes the browser known", async () => {
    const email = "linked@example.test";
    await seedMatchmaker(t.database.db, { email });
    for (let i = 0; i < 7; i++) await login({ email, password: "guess-guess", ip: `10.36.0.${i}` });
    expect((await login({ email, password: "password123", ip: "10.37.0.1" })).statusCode).toBe(429);

    await t.app.inject({
      method: "POST",
      url: "/api/auth/email/request",
      remoteAddress: "10.37.0.1",
      payload: { email },
    });
    await signInMailsSettled();
    const token = new URL(linkIn((await smtp.lastTo(email)).text)).searchParams.get("token")!;
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/auth/email/verify",
      remoteAddress: "10.37.0.1",
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    const did = deviceCookie(verified)!.value;
    expect((await login({ email, password: "password123", ip: "10.38.0.1", device: did })).statusCode).toBe(
      200,
    );
  });
});
