import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { linkIn, startSmtpServer } from "../../../test/smtp.js";
import { users } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let matchmaker: UserRow;
let mmCookie: string;
let admin: UserRow;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test" });
  matchmaker = await seedMatchmaker(t.database.db, { agencyName: "Golden Hearts", email: "mm@example.test" });
  admin = await seedAdmin(t.database.db);
  mmCookie = (await signIn(t.app, matchmaker.email)).cookie;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const registration = (over: Record<string, unknown> = {}) => ({
  inviteCode: matchmaker.inviteCode,
  firstName: "Nina",
  lastName: "Orlova",
  email: `nina-${Math.random().toString(36).slice(2)}@example.test`,
  password: "secret-pass",
  confirmPassword: "secret-pass",
  termsAccepted: true,
  ...over,
});

describe("[invites] codes, links and QR", () => {
  it("shows whose invite a code is, and what it makes you", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/invites/${matchmaker.inviteCode}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: matchmaker.inviteCode,
      grantsRole: "INVITEE",
      inviter: { firstName: "Maria", lastName: "Matchmaker", agencyName: "Golden Hearts" },
    });
    const adminInvite = await t.app.inject({ method: "GET", url: `/api/invites/${admin.inviteCode}` });
    expect(adminInvite.json().grantsRole).toBe("INVITER");
    const unknown = await t.app.inject({ method: "GET", url: "/api/invites/zzzzzzzzzz" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("INVITE_NOT_FOUND");
  });

  it("gives a matchmaker their code, link and a QR code as PNG and SVG", async () => {
    const me = await t.app.inject({ method: "GET", url: "/api/invites/me", headers: { cookie: mmCookie } });
    expect(me.json()).toEqual({
      code: matchmaker.inviteCode,
      link: `http://app.test/app/register?invite=${matchmaker.inviteCode}`,
    });
    const png = await t.app.inject({
      method: "GET",
      url: "/api/invites/me/qr.png",
      headers: { cookie: mmCookie },
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers["content-disposition"]).toContain("attachment");
    expect(png.rawPayload.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    const svg = await t.app.inject({
      method: "GET",
      url: "/api/invites/me/qr.png?format=svg",
      headers: { cookie: mmCookie },
    });
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
    expect(svg.body).toContain("<svg");
  });
});

describe("[invites] registration", () => {
  it("registers a client of the matchmaker through the code and signs them in", async () => {
    const body = registration();
    const res = await t.app.inject({ method: "POST", url: "/api/auth/register", payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: body.email, role: "INVITEE", termsAccepted: true });
    expect(res.cookies.some((c) => c.name === "sid")).toBe(true);
    const [stored] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, body.email as string));
    expect(stored!.inviterId).toBe(matchmaker.id);
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("an admin's code makes a matchmaker who still has to onboard", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: registration({ inviteCode: admin.inviteCode }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: "INVITER", isOnboardingComplete: false });
  });

  it("refuses unaccepted terms, short or mismatched passwords, and a bad code, writing nothing", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ termsAccepted: false }, 400, "termsAccepted"],
      [{ password: "12345", confirmPassword: "12345" }, 400, "password"],
      [{ confirmPassword: "other-pass" }, 400, "confirmPassword"],
      [{ firstName: "" }, 400, "firstName"],
      [{ email: "not-mail" }, 400, "email"],
    ];
    for (const [over, status, field] of cases) {
      const body = registration(over);
      const res = await t.app.inject({ method: "POST", url: "/api/auth/register", payload: body });
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      expect(res.json().errors).toHaveProperty(field);
      const rows = await t.database.db
        .select()
        .from(users)
        .where(eq(users.email, String(body.email)));
      expect(rows).toEqual([]);
    }
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: registration({ inviteCode: "zzzzzzzzzz" }),
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().code).toBe("INVITE_NOT_FOUND");
  });

  it("refuses an e-mail that already has an account", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: registration({ email: matchmaker.email }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("EMAIL_TAKEN");
  });
});

describe("[invites] invitation e-mails", () => {
  it("creates the client, e-mails the invitation, and the client claims the account with its link", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/invites",
      headers: { cookie: mmCookie },
      payload: { email: "olga@example.test", firstName: "Olga", lastName: "Petrova", locale: "en-US" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: "INVITEE", termsAccepted: false });
    const mail = await smtp.lastTo("olga@example.test");
    expect(mail.subject).toBe("Golden Hearts invites you to MatchDesk");
    const link = new URL(linkIn(mail.text));
    expect(link.pathname).toBe("/app/register");
    expect(link.searchParams.get("invite")).toBe(matchmaker.inviteCode);

    const withoutToken = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: registration({ email: "olga@example.test" }),
    });
    expect(withoutToken.statusCode).toBe(409);

    // Resend revokes the first link.
    const resent = await t.app.inject({
      method: "POST",
      url: `/api/clients/${res.json().id}/resend-invite`,
      headers: { cookie: mmCookie },
    });
    expect(resent.statusCode).toBe(204);
    const second = new URL(linkIn((await smtp.lastTo("olga@example.test")).text));
    const stale = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: registration({ email: "olga@example.test", inviteToken: link.searchParams.get("token") }),
    });
    expect(stale.statusCode).toBe(410);
    expect(stale.json().code).toBe("INVITE_TOKEN_INVALID");

    const claimed = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: registration({ email: "olga@example.test", inviteToken: second.searchParams.get("token") }),
    });
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json()).toMatchObject({ id: res.json().id, termsAccepted: true, firstName: "Nina" });

    const again = await t.app.inject({
      method: "POST",
      url: `/api/clients/${res.json().id}/resend-invite`,
      headers: { cookie: mmCookie },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("ALREADY_REGISTERED");
  });

  it("another matchmaker cannot resend an invite of a client that is not theirs", async () => {
    const other = await seedMatchmaker(t.database.db);
    const client = await seedClient(t.database.db, matchmaker.id);
    const { cookie } = await signIn(t.app, other.email);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/clients/${client.id}/resend-invite`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(404);
  });
});
