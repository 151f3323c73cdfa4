import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/app.js";
import { linkIn, startSmtpServer } from "../../../test/smtp.js";
import { emailTokens, outbox } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";

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

const request = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/email/request", payload: { email } });
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

  it("refuses clients and admins with 403 EMAIL_SIGNIN_MATCHMAKERS_ONLY and sends nothing", async () => {
    const mm = await seedMatchmaker(t.database.db);
    await seedClient(t.database.db, mm.id, { email: "client@example.test" });
    await seedAdmin(t.database.db, { email: "boss@example.test" });
    const before = smtp.received.length;
    for (const email of ["client@example.test", "boss@example.test"]) {
      const res = await request(email);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("EMAIL_SIGNIN_MATCHMAKERS_ONLY");
    }
    expect(smtp.received.length).toBe(before);
  });

  it("answers an unknown address exactly like a known one, and sends nothing", async () => {
    const before = smtp.received.length;
    const res = await request("nobody-here@example.test");
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: "sent" });
    expect(smtp.received.length).toBe(before);
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
      const [mail] = await local.database.db.select().from(outbox);
      expect(mail!.toAddress).toBe("offline@example.test");
      expect(linkIn(mail!.body)).toContain("/auth/email?token=");
    } finally {
      await local.close();
    }
  });
});
