import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/app.js";
import { linkIn, startSmtpServer } from "../../../test/smtp.js";
import { emailTokens, outbox, users } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import { signInMailsSettled } from "./email-signin.js";

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

/** Asks for a link and waits for the mail that goes out after the answer, if any. */
const request = async (email: string) => {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/email/request", payload: { email } });
  await signInMailsSettled();
  return res;
};
const verify = (token: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/email/verify", payload: { token } });
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describe("[auth] e-mail sign-in links", () => {
  it("mails a matchmaker a one-time link over SMTP, in their language, that signs them in once", async () => {
    const mm = await seedMatchmaker(t.database.db, { email: "irina@example.test", firstName: "Ирина" });
    const res = await request("irina@example.test");
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: "sent" });
    const mail = await smtp.lastTo("irina@example.test");
    expect(mail.subject).toContain("Ссылка для входа");
    const link = linkIn(mail.text);
    expect(link).toMatch(/^http:\/\/app\.test\/auth\/email\?token=/);

    const [stored] = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, mm.id));
    expect(stored!.tokenHash).not.toBe(tokenOf(link));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const first = await verify(tokenOf(link));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: mm.id, role: "INVITER" });
    const sid = first.cookies.find((c) => c.name === "sid")!;
    const me = await t.app.inject({
      method: "GET",
      url: "/api/users/me",
      headers: { cookie: `sid=${sid.value}` },
    });
    expect(me.json().id).toBe(mm.id);

    const reused = await verify(tokenOf(link));
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe("SIGNIN_LINK_EXPIRED");
  });

  it("refuses an expired link with SIGNIN_LINK_EXPIRED", async () => {
    const mm = await seedMatchmaker(t.database.db, { email: "late@example.test" });
    await request("late@example.test");
    const link = linkIn((await smtp.lastTo("late@example.test")).text);
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, mm.id));
    const res = await verify(tokenOf(link));
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe("SIGNIN_LINK_EXPIRED");
  });

  it("a new link revokes the previous one", async () => {
    await seedMatchmaker(t.database.db, { email: "twice@example.test" });
    await request("twice@example.test");
    const old = linkIn((await smtp.lastTo("twice@example.test")).text);
    await request("twice@example.test");
    const fresh = linkIn((await smtp.lastTo("twice@example.test")).text);
    expect(fresh).not.toBe(old);
    expect((await verify(tokenOf(old))).statusCode).toBe(410);
    expect((await verify(tokenOf(fresh))).statusCode).toBe(200);
  });

  it("answers clients and admins like anyone else, and mails them, in their language, that the link is for matchmakers", async () => {
    // Issue 16, finding 5: a 403 here told anyone which addresses have an account.
    const mm = await seedMatchmaker(t.database.db);
    const client = await seedClient(t.database.db, mm.id, {
      email: "client@example.test",
      firstName: "Олег",
    });
    const admin = await seedAdmin(t.database.db, { email: "boss@example.test", firstName: "Ann" });
    await t.database.db.update(users).set({ locale: "en-US" }).where(eq(users.id, admin.id));
    const answers = [];
    for (const email of ["client@example.test", "boss@example.test", "no-account@example.test"]) {
      const res = await request(email);
      answers.push({ status: res.statusCode, body: res.body, type: res.headers["content-type"] });
    }
    expect(answers[0]).toEqual({ status: 202, body: '{"status":"sent"}', type: answers[0]!.type });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    const ru = await smtp.lastTo("client@example.test");
    expect(client.locale).toBe("ru-RU");
    expect(ru.subject).toBe("Вход в MatchDesk");
    expect(ru.text).toContain("Здравствуйте, Олег!");
    expect(ru.text).toContain("вход по ссылке из письма доступен только свахам");
    expect(linkIn(ru.text)).toBe("http://app.test/login");
    const en = await smtp.lastTo("boss@example.test");
    expect(en.subject).toBe("Signing in to MatchDesk");
    expect(en.text).toContain("Hello Ann,");
    expect(en.text).toContain("e-mail sign-in is only for matchmakers");
    expect(linkIn(en.text)).toBe("http://app.test/login");
    // No sign-in token for either of them, and no mail to the unknown address.
    expect(smtp.received.some((m) => m.to.includes("no-account@example.test"))).toBe(false);
    const tokens = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, client.id));
    expect(tokens).toEqual([]);
  });

  it("answers before it looks the address up: a failing mail server changes nothing in the answer", async () => {
    const offline = await buildTestApp({ smtpUrl: "smtp://127.0.0.1:9", publicUrl: "http://app.test" });
    try {
      await seedMatchmaker(offline.database.db, { email: "unlucky@example.test" });
      const res = await offline.app.inject({
        method: "POST",
        url: "/api/auth/email/request",
        payload: { email: "unlucky@example.test" },
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ status: "sent" });
      await signInMailsSettled();
    } finally {
      await offline.close();
    }
  });

  it("rate-limits link requests per address", async () => {
    await seedMatchmaker(t.database.db, { email: "spam@example.test" });
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await request("spam@example.test")).statusCode);
    expect(codes.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(codes[5]).toBe(429);
  });

  it("rejects a garbage token", async () => {
    expect((await verify("x".repeat(43))).statusCode).toBe(410);
    expect((await verify("short")).statusCode).toBe(400);
  });
});

describe("[auth] without SMTP the mail lands in the outbox", () => {
  it("stores the message with its link", async () => {
    const local = await buildTestApp();
    try {
      await seedMatchmaker(local.database.db, { email: "offline@example.test" });
      const res = await local.app.inject({
        method: "POST",
        url: "/api/auth/email/request",
        payload: { email: "offline@example.test" },
      });
      expect(res.statusCode).toBe(202);
      await signInMailsSettled();
      const [mail] = await local.database.db.select().from(outbox);
      expect(mail!.toAddress).toBe("offline@example.test");
      expect(linkIn(mail!.body)).toContain("/auth/email?token=");
    } finally {
      await local.close();
    }
  });
});
