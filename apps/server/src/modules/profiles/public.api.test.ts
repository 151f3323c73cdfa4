import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { jpegWithGps, multipart } from "../../../test/images.js";
import { linkIn, startSmtpServer } from "../../../test/smtp.js";
import {
  clientProfiles,
  emailTokens,
  notifications,
  profileAccessGrants,
  rateLimits,
} from "../../db/schema/index.js";
import { hashToken } from "../../platform/ids.js";
import { seedClient, seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";
import { sweepExpiredProfileAccess } from "./public.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let client: UserRow;
let cookie: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test" });
  const owner = await seedMatchmaker(t.database.db, { agencyName: "Amber Hearts" });
  client = await seedClient(t.database.db, owner.id, {
    firstName: "Olga",
    lastName: "Secretova",
    email: "olga@example.test",
  });
  cookie = (await signIn(t.app, owner.email)).cookie;
  await t.app.inject({
    method: "PATCH",
    url: `/api/profiles/${client.id}`,
    headers: { cookie },
    payload: {
      phone: "+7 912 345 67 89",
      dateOfBirth: "1990-06-01",
      city: "Moscow",
      aboutMe: "Hello",
      faith: "ATHEISM",
    },
  });
  const form = multipart("photos", [{ name: "a.jpg", data: await jpegWithGps() }]);
  await t.app.inject({
    method: "POST",
    url: `/api/profiles/${client.id}/gallery`,
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const setPassword = (password: string, confirmPassword = password) =>
  t.app.inject({
    method: "PUT",
    url: `/api/profiles/${client.id}/password`,
    headers: { cookie },
    payload: { password, confirmPassword },
  });
const access = (password: string, ip = "203.0.113.1") =>
  t.app.inject({
    method: "POST",
    url: `/api/public/profiles/${client.id}/access`,
    remoteAddress: ip,
    payload: { password },
  });

describe("[public profile] password and display settings", () => {
  it("is not public without a password", async () => {
    expect((await access("anything")).statusCode).toBe(404);
  });

  it("validates the password: at least 6 characters, matching its confirmation", async () => {
    expect((await setPassword("12345")).json().errors.password).toBeDefined();
    expect((await setPassword("secret-1", "secret-2")).json().errors.confirmPassword).toEqual([
      "Passwords must match",
    ]);
    const ok = await setPassword("open-sesame");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ hasPassword: true });
    const [row] = await t.database.db
      .select()
      .from(clientProfiles)
      .where(eq(clientProfiles.userId, client.id));
    expect(row!.accessPasswordHash).toMatch(/^\$argon2id\$/);
  });

  it("shows only displayed fields, an age instead of the birth date, and never contacts", async () => {
    const res = await access("open-sesame");
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.fields.firstName).toBe("Olga");
    expect(view.fields.city).toBe("Moscow");
    expect(view.fields).not.toHaveProperty("lastName");
    expect(view.fields).not.toHaveProperty("faith");
    expect(view.fields).not.toHaveProperty("phone");
    expect(view.fields).not.toHaveProperty("dateOfBirth");
    expect(view.age).toBeGreaterThanOrEqual(35);
    expect(view.photos).toHaveLength(1);
    expect(JSON.stringify(view)).not.toContain("Secretova");
  });

  it("stays open for an hour in the browser that gave the password, and no other", async () => {
    const opened = await access("open-sesame", "203.0.113.50");
    expect(opened.statusCode).toBe(200);
    const cookie = opened.cookies.find((c) => c.name === "profile_access")!;
    expect(cookie).toMatchObject({ path: `/api/public/profiles/${client.id}`, httpOnly: true, maxAge: 3600 });
    // Only the token's hash is stored, with its hour.
    const [grant] = await t.database.db
      .select()
      .from(profileAccessGrants)
      .where(eq(profileAccessGrants.tokenHash, hashToken(cookie.value)));
    expect(grant).toMatchObject({ profileUserId: client.id });
    expect(
      await t.database.db.$count(profileAccessGrants, eq(profileAccessGrants.tokenHash, cookie.value)),
    ).toBe(0);

    const read = (id: string, value?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/public/profiles/${id}`,
        ...(value !== undefined && { cookies: { profile_access: value } }),
      });
    const again = await read(client.id, cookie.value);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(opened.json());
    // Without the cookie, with a made-up one, or for another profile: locked, existing or not.
    for (const res of [
      await read(client.id),
      await read(client.id, "made-up"),
      await read("no-such-profile", cookie.value),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("PROFILE_LOCKED");
    }

    // Past its hour it is locked, and housekeeping deletes it.
    await t.database.db
      .update(profileAccessGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(profileAccessGrants.tokenHash, hashToken(cookie.value)));
    expect((await read(client.id, cookie.value)).statusCode).toBe(401);
    await sweepExpiredProfileAccess(t.database.db, new Date());
    expect(
      await t.database.db.$count(
        profileAccessGrants,
        eq(profileAccessGrants.tokenHash, hashToken(cookie.value)),
      ),
    ).toBe(0);

    // The visitor's "lock" ends it at once.
    const second = (await access("open-sesame", "203.0.113.51")).cookies.find(
      (c) => c.name === "profile_access",
    )!;
    const locked = await t.app.inject({
      method: "DELETE",
      url: `/api/public/profiles/${client.id}/access`,
      cookies: { profile_access: second.value },
    });
    expect(locked.statusCode).toBe(204);
    expect(locked.cookies.find((c) => c.name === "profile_access")).toMatchObject({ value: "" });
    expect((await read(client.id, second.value)).statusCode).toBe(401);

    // A new password ends every grant of the profile.
    const third = (await access("open-sesame", "203.0.113.52")).cookies.find(
      (c) => c.name === "profile_access",
    )!;
    expect((await read(client.id, third.value)).statusCode).toBe(200);
    expect((await setPassword("new-sesame")).statusCode).toBe(200);
    expect((await read(client.id, third.value)).statusCode).toBe(401);
    expect((await setPassword("open-sesame")).statusCode).toBe(200);

    // A grant is for the password it was given for: one changed under it (a change racing the
    // grant, whose delete came first) does not open the profile either.
    const fourth = (await access("open-sesame", "203.0.113.53")).cookies.find(
      (c) => c.name === "profile_access",
    )!;
    await t.database.db
      .update(clientProfiles)
      .set({ accessPasswordHash: "$argon2id$v=19$m=19456,t=2,p=1$other$other" })
      .where(eq(clientProfiles.userId, client.id));
    expect((await read(client.id, fourth.value)).statusCode).toBe(401);
    expect((await setPassword("open-sesame")).statusCode).toBe(200);
  });

  it("follows the display settings the matchmaker chose", async () => {
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${client.id}/display-settings`,
      headers: { cookie },
      payload: { fields: { city: false, faith: true, photos: false } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ city: false, faith: true, photos: false, firstName: true });
    const view = (await access("open-sesame")).json();
    expect(view.fields).not.toHaveProperty("city");
    expect(view.fields.faith).toBe("ATHEISM");
    expect(view).not.toHaveProperty("photos");
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${client.id}/display-settings`,
      headers: { cookie },
      payload: { fields: { phone: true } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("answers INCORRECT_PASSWORD, then 429 after 5 wrong tries a minute from one address", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await access("wrong-guess", "198.51.100.7");
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("INCORRECT_PASSWORD");
    }
    expect((await access("open-sesame", "198.51.100.7")).statusCode).toBe(429);
    expect((await access("open-sesame", "198.51.100.8")).statusCode).toBe(200);
    expect((await access("")).statusCode).toBe(400);
  });

  it("stops one address at 10 wrong passwords an hour, under the profile's 30", async () => {
    const ip = "198.51.100.9";
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push((await access("wrong-guess", ip)).statusCode);
      // Past the minute's limit, as if a minute had gone by: only the hour's limit is left.
      await t.database.db
        .delete(rateLimits)
        .where(eq(rateLimits.key, hashToken(`profile-access:${ip}:${client.id}`)));
    }
    expect(codes).toEqual([...Array(10).fill(401), 429]);
    expect((await access("open-sesame", "198.51.100.10")).statusCode).toBe(200);
  });

  it("limits a profile to 30 wrong passwords an hour from all addresses, and tells its matchmaker once", async () => {
    // Issue 16, finding 6: 20 addresses got 100 guesses a minute at one profile.
    const mm = await seedMatchmaker(t.database.db, { email: "guarded@example.test", firstName: "Вера" });
    const guarded = await seedClient(t.database.db, mm.id, { firstName: "Anna", lastName: "Guarded" });
    const mmCookie = (await signIn(t.app, mm.email)).cookie;
    const set = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${guarded.id}/password`,
      headers: { cookie: mmCookie },
      payload: { password: "right-one", confirmPassword: "right-one" },
    });
    expect(set.statusCode).toBe(200);
    const guess = (password: string, ip: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/public/profiles/${guarded.id}/access`,
        remoteAddress: ip,
        payload: { password },
      });
    // A visitor with the right password is not a guess: it does not use up the profile's hour.
    expect((await guess("right-one", "192.0.2.200")).statusCode).toBe(200);

    // 40 guesses at once, each from an address of its own (no per-address limit applies).
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => guess("wrong-guess", `192.0.2.${i}`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBe(30);
    expect(codes.filter((c) => c === 429).length).toBe(10);
    // Closed for the hour to every address, the right password too.
    const closed = await guess("right-one", "192.0.2.201");
    expect(closed.statusCode).toBe(429);
    expect(closed.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(closed.json().retryAfterSeconds).toBeGreaterThan(3000);
    expect(closed.headers["retry-after"]).toBe(String(closed.json().retryAfterSeconds));
    // Other profiles are not affected.
    expect((await access("open-sesame", "192.0.2.202")).statusCode).toBe(200);

    // One notice for the whole burst, in the app and by e-mail in the matchmaker's language.
    const stored = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mm.id), eq(notifications.kind, "profile_password_attempts")));
    expect(stored.length).toBe(1);
    expect(stored[0]!.params).toEqual({ clientId: guarded.id, clientName: "Anna Guarded" });
    const mail = await smtp.lastTo("guarded@example.test");
    expect(mail.text).toContain("Здравствуйте, Вера!");
    expect(mail.text).toContain("неверный пароль к публичной анкете Anna Guarded");
    const list = await t.app.inject({
      method: "GET",
      url: "/api/notifications",
      headers: { cookie: mmCookie },
    });
    expect(list.json().items[0]).toMatchObject({
      kind: "profile_password_attempts",
      params: { clientId: guarded.id, clientName: "Anna Guarded" },
    });
  });

  it("removes the password when both fields are left empty", async () => {
    const hasPassword = async () =>
      (
        await t.app.inject({ method: "GET", url: `/api/profiles/${client.id}/password`, headers: { cookie } })
      ).json();
    expect(await hasPassword()).toEqual({ hasPassword: true });
    expect((await setPassword("")).json()).toEqual({ hasPassword: false });
    expect(await hasPassword()).toEqual({ hasPassword: false });
    expect((await access("open-sesame")).statusCode).toBe(404);
  });
});

describe("[public profile] edit links", () => {
  const editUrl = (token: string, id = client.id) =>
    `/api/public/edit-profile/${id}?token=${encodeURIComponent(token)}`;
  const sendLink = () =>
    t.app.inject({ method: "POST", url: `/api/clients/${client.id}/edit-link`, headers: { cookie } });

  it("e-mails a 7-day link that opens and saves this client's anketa without a login", async () => {
    const res = await sendLink();
    expect(res.statusCode).toBe(201);
    const mail = await smtp.lastTo("olga@example.test");
    expect(mail.subject).toContain("Amber Hearts");
    const link = new URL(linkIn(mail.text));
    expect(link.pathname).toBe(`/edit-profile/${client.id}`);
    const token = link.searchParams.get("token")!;
    const [stored] = await t.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.purpose, "edit_profile"));
    expect(stored!.tokenHash).not.toBe(token);

    const read = await t.app.inject({ method: "GET", url: editUrl(token) });
    expect(read.statusCode).toBe(200);
    expect(read.json().fields.city).toBe("Moscow");
    const saved = await t.app.inject({
      method: "PATCH",
      url: editUrl(token),
      payload: { profession: "Pianist" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().fields.profession).toBe("Pianist");
    expect((await t.app.inject({ method: "GET", url: editUrl(token) })).statusCode).toBe(200);

    const someoneElse = await seedClient(t.database.db, client.inviterId!);
    expect((await t.app.inject({ method: "GET", url: editUrl(token, someoneElse.id) })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "PATCH", url: editUrl(token), payload: { height: 20 } })).statusCode,
    ).toBe(400);

    await sendLink();
    const revoked = await t.app.inject({ method: "GET", url: editUrl(token) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe("EDIT_LINK_INVALID");
  });

  it("answers 410 for an expired link", async () => {
    await sendLink();
    const token = new URL(linkIn((await smtp.lastTo("olga@example.test")).text)).searchParams.get("token")!;
    await t.database.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await t.app.inject({ method: "GET", url: editUrl(token) });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe("EDIT_LINK_EXPIRED");
  });
});
