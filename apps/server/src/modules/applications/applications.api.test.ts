import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { linkIn, startSmtpServer } from "../../../test/smtp.js";
import { contactMessages, matchmakerApplications, users } from "../../db/schema/index.js";
import { seedAdmin, seedMatchmaker } from "../../seed/seed.js";
import { createUser, updateUser } from "../users/service.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let adminCookie: string;
let adminId: string;
let ip = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test" });
  const db = t.database.db;
  const admin = await seedAdmin(db, { email: "ada@example.test", firstName: "Ada", lastName: "Admin" });
  adminId = admin.id;
  await createUser(db, {
    email: "ed@example.test",
    firstName: "Ed",
    lastName: "Admin",
    role: "ADMIN",
    locale: "en-US",
  });
  const retired = await seedAdmin(db, { email: "retired@example.test" });
  await updateUser(db, retired.id, { status: "inactive" });
  adminCookie = (await signIn(t.app, admin.email)).cookie;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const application = (over: Record<string, unknown> = {}) => ({
  agencyName: "Northern Hearts",
  firstName: "Vera",
  lastName: "Lee",
  email: "vera@example.test",
  phone: "+7 900 123 45 67",
  city: "Kazan",
  message: "Ten years of matchmaking.",
  ...over,
});
/** Each call from its own address unless told, so the per-address limit trips only where tested. */
const apply = (payload: Record<string, unknown>, o: { ip?: string; cookie?: string } = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/applications",
    payload,
    remoteAddress: o.ip ?? `10.1.0.${++ip}`,
    ...(o.cookie && { headers: { cookie: o.cookie } }),
  });
const stored = (email: string) =>
  t.database.db.select().from(matchmakerApplications).where(eq(matchmakerApplications.email, email));
const decide = (id: string, action: "approve" | "decline", cookie = adminCookie) =>
  t.app.inject({ method: "POST", url: `/api/admin/applications/${id}/${action}`, headers: { cookie } });

describe("[applications] apply as a matchmaker", () => {
  it("stores an application with the public page's language, waiting for a decision", async () => {
    const res = await apply(application({ email: "Vera@Example.test" }), { cookie: "public-locale=ru-RU" });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: "received" });
    const [row] = await stored("vera@example.test");
    expect(row).toMatchObject({
      status: "new",
      agencyName: "Northern Hearts",
      city: "Kazan",
      locale: "ru-RU",
      decidedAt: null,
      decidedBy: null,
    });
    // The language the form was sent in wins over the cookie.
    await apply(application({ email: "en@example.test", locale: "en-US" }), {
      cookie: "public-locale=ru-RU",
    });
    expect((await stored("en@example.test"))[0]!.locale).toBe("en-US");
  });

  it("never tells who is a member: a waiting address and an account's address get a new one's answer, storing nothing", async () => {
    const dup = await apply(application({ email: "vera@example.test", agencyName: "Other" }));
    expect(dup.statusCode).toBe(202);
    expect(dup.json()).toEqual({ status: "received" });
    const waiting = await stored("vera@example.test");
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.agencyName).not.toBe("Other");

    // A client's address, too: the account's owner is mailed to sign in instead.
    const mm = await seedMatchmaker(t.database.db, { email: "taken@example.test" });
    const taken = await apply(application({ email: mm.email }));
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual({ status: "received" });
    expect(await stored(mm.email)).toHaveLength(0);
    const note = await smtp.lastTo("taken@example.test");
    expect(note.text).toContain("http://app.test/login");
  });

  it("keeps the plan chosen on the pricing page, shows it in the inbox, and acknowledges only a new application", async () => {
    const res = await apply(application({ email: "plan@example.test", plan: "gold" }), {
      cookie: "public-locale=ru-RU",
    });
    expect(res.statusCode).toBe(202);
    expect((await stored("plan@example.test"))[0]!.plan).toBe("gold");
    const receipt = await smtp.lastTo("plan@example.test");
    expect(receipt.subject).toBe("Мы получили вашу заявку в MatchDesk");
    expect(receipt.text).toContain("«Northern Hearts»");
    expect(receipt.text).toContain("тариф «Gold»");

    await apply(application({ email: "noplan@example.test", locale: "en-US" }));
    expect((await stored("noplan@example.test"))[0]!.plan).toBeNull();
    const en = await smtp.lastTo("noplan@example.test");
    expect(en.subject).toBe("We received your application to MatchDesk");
    expect(en.text).not.toContain("plan");

    const list = await t.app.inject({
      method: "GET",
      url: "/api/admin/applications?status=new&pageSize=100",
      headers: { cookie: adminCookie },
    });
    const items = list.json().items as { email: string; plan: string | null }[];
    expect(items.find((i) => i.email === "plan@example.test")!.plan).toBe("gold");
    expect(items.find((i) => i.email === "noplan@example.test")!.plan).toBeNull();

    // A second application while one waits: the same answer, nothing stored, no second receipt.
    const before = smtp.received.filter((m) => m.to.includes("plan@example.test")).length;
    expect((await apply(application({ email: "plan@example.test", plan: "plus" }))).statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 150));
    expect(smtp.received.filter((m) => m.to.includes("plan@example.test"))).toHaveLength(before);
    expect(await stored("plan@example.test")).toHaveLength(1);

    // A member's address: the same answer; they get the sign-in note, never a receipt.
    const mm = await seedMatchmaker(t.database.db, { email: "member-plan@example.test" });
    const member = await apply(application({ email: mm.email, plan: "gold" }));
    expect(member.statusCode).toBe(202);
    expect(member.json()).toEqual(res.json());
    const note = await smtp.lastTo(mm.email);
    expect(note.text).toContain("http://app.test/login");
    await new Promise((r) => setTimeout(r, 150));
    expect(smtp.received.filter((m) => m.to.includes(mm.email))).toHaveLength(1);

    const unknownPlan = await apply(application({ email: "badplan@example.test", plan: "diamond" }));
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json().errors.plan).toBeDefined();
  });

  it("reads a phone without its country code in the region of the applicant's language", async () => {
    await apply(application({ email: "us-phone@example.test", locale: "en-US", phone: "(202) 555-0143" }));
    expect((await stored("us-phone@example.test"))[0]!.phone).toBe("+12025550143");
    await apply(application({ email: "ru-phone@example.test", phone: "8 900 123-45-67" }), {
      cookie: "public-locale=ru-RU",
    });
    expect((await stored("ru-phone@example.test"))[0]!.phone).toBe("+79001234567");
    // Not a number in that region: a field error, nothing stored.
    const refused = await apply(
      application({ email: "us-bad@example.test", locale: "en-US", phone: "8 900 123-45-67" }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.phone).toBeDefined();
    expect(await stored("us-bad@example.test")).toHaveLength(0);
  });

  it("refuses bad input with field errors and stores nothing", async () => {
    const res = await apply(application({ email: "not-an-email", phone: "12", agencyName: "" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_FAILED");
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(["email", "phone", "agencyName"]));
    expect(await stored("not-an-email")).toHaveLength(0);
  });

  it("answers a bot's filled honeypot alike, storing nothing", async () => {
    const res = await apply(application({ email: "bot@example.test", website: "spam.test" }));
    expect(res.statusCode).toBe(202);
    expect(await stored("bot@example.test")).toHaveLength(0);
  });

  it("limits applications per address, with Retry-After", async () => {
    const from = "10.9.9.9";
    for (let i = 0; i < 5; i++) {
      expect((await apply(application({ email: `burst-${i}@example.test` }), { ip: from })).statusCode).toBe(
        202,
      );
    }
    const refused = await apply(application({ email: "burst-6@example.test" }), { ip: from });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await stored("burst-6@example.test")).toHaveLength(0);
    // Another address is not held up.
    expect((await apply(application({ email: "burst-7@example.test" }))).statusCode).toBe(202);
  });
});

describe("[applications] the admin inbox", () => {
  it("lists applications newest first, filtered by status; only for admins", async () => {
    const list = await t.app.inject({
      method: "GET",
      url: "/api/admin/applications?status=new&pageSize=50",
      headers: { cookie: adminCookie },
    });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { email: string; createdAt: string; status: string }[];
    expect(items.length).toBeGreaterThan(3);
    expect(items.every((i) => i.status === "new")).toBe(true);
    const times = items.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(items.at(-1)!.email).toBe("vera@example.test");

    const mm = await seedMatchmaker(t.database.db);
    const mmCookie = (await signIn(t.app, mm.email)).cookie;
    const asMatchmaker = await t.app.inject({
      method: "GET",
      url: "/api/admin/applications",
      headers: { cookie: mmCookie },
    });
    expect(asMatchmaker.statusCode).toBe(403);
    const [row] = await stored("vera@example.test");
    expect((await decide(row!.id, "approve", mmCookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/applications" })).statusCode).toBe(401);
    expect((await stored("vera@example.test"))[0]!.status).toBe("new");
  });

  it("approval makes a matchmaker whose welcome e-mail (in their language) signs them in", async () => {
    const [row] = await stored("vera@example.test");
    const res = await decide(row!.id, "approve");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "approved", decidedByName: "Ada Admin" });

    const [account] = await t.database.db.select().from(users).where(eq(users.email, "vera@example.test"));
    expect(account).toMatchObject({ role: "INVITER", firstName: "Vera", lastName: "Lee", locale: "ru-RU" });
    const [after] = await stored("vera@example.test");
    expect(after).toMatchObject({ status: "approved", decidedBy: adminId, accountId: account!.id });
    expect(after!.decidedAt).toBeInstanceOf(Date);

    const mail = await smtp.lastTo("vera@example.test");
    expect(mail.subject).toBe("Добро пожаловать в MatchDesk");
    const link = new URL(linkIn(mail.text));
    expect(link.origin + link.pathname).toBe("http://app.test/auth/email");
    const verify = await t.app.inject({
      method: "POST",
      url: "/api/auth/email/verify",
      payload: { token: link.searchParams.get("token") },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ email: "vera@example.test", role: "INVITER" });
    expect(verify.cookies.some((c) => c.name === "sid")).toBe(true);

    // A second decision, either way, is a conflict and changes nothing.
    for (const action of ["approve", "decline"] as const) {
      const again = await decide(row!.id, action);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe("APPLICATION_ALREADY_DECIDED");
    }
    expect((await stored("vera@example.test"))[0]!.status).toBe("approved");
    // The address has an account now: a new application stores nothing, the owner is told to sign in.
    expect((await apply(application())).statusCode).toBe(202);
    expect(await stored("vera@example.test")).toHaveLength(1);
  });

  it("declining mails a polite answer in the applicant's language", async () => {
    await apply(application({ email: "ru@example.test", agencyName: "Сердца" }), {
      cookie: "public-locale=ru-RU",
    });
    const [ru] = await stored("ru@example.test");
    const res = await decide(ru!.id, "decline");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "declined", decidedByName: "Ada Admin" });
    const ruMail = await smtp.lastTo("ru@example.test");
    expect(ruMail.subject).toBe("Ваша заявка в MatchDesk");
    expect(ruMail.text).toContain("«Сердца»");
    const [after] = await stored("ru@example.test");
    expect(after).toMatchObject({ status: "declined", decidedBy: adminId, accountId: null });
    expect((await decide(ru!.id, "decline")).json().code).toBe("APPLICATION_ALREADY_DECIDED");

    const [en] = await stored("en@example.test");
    expect((await decide(en!.id, "decline")).statusCode).toBe(200);
    const enMail = await smtp.lastTo("en@example.test");
    expect(enMail.subject).toBe("Your application to MatchDesk");
    expect(enMail.text).toContain("Hello Vera");
    // No account was made for a declined applicant; they may apply again.
    expect((await t.database.db.select().from(users).where(eq(users.email, "en@example.test"))).length).toBe(
      0,
    );
    expect((await apply(application({ email: "en@example.test" }))).statusCode).toBe(202);
  });

  it("answers 404 for an unknown application", async () => {
    const res = await decide("no-such-id", "approve");
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("APPLICATION_NOT_FOUND");
  });
});

describe("[applications] the contact form", () => {
  const send = (payload: Record<string, unknown>, from?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload,
      remoteAddress: from ?? `10.2.0.${++ip}`,
      headers: { cookie: "public-locale=ru-RU" },
    });

  it("keeps the message in the inbox and mails a copy to every active admin", async () => {
    const before = smtp.received.length;
    const res = await send({
      name: "Pavel",
      email: "pavel@example.test",
      topic: "Partnership",
      message: "Can we talk about a partnership?",
    });
    expect(res.statusCode).toBe(202);
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "pavel@example.test"));
    expect(row).toMatchObject({ name: "Pavel", topic: "Partnership", locale: "ru-RU" });

    const ru = await smtp.lastTo("ada@example.test");
    expect(ru.subject).toBe("MatchDesk, форма связи: Partnership");
    expect(ru.text).toContain("Can we talk about a partnership?");
    const en = await smtp.lastTo("ed@example.test");
    expect(en.subject).toBe("MatchDesk contact form: Partnership");
    expect(en.text).toContain("pavel@example.test");
    // Delivered with the sender as Reply-To, so the admin's "Reply" answers them.
    expect(en.replyTo).toEqual(["pavel@example.test"]);
    expect(ru.replyTo).toEqual(["pavel@example.test"]);
    await new Promise((r) => setTimeout(r, 100));
    // (Receipts of applications sent before may still be arriving.)
    const copies = smtp.received.slice(before).filter((m) => m.replyTo.includes("pavel@example.test"));
    expect(copies.flatMap((m) => m.to).sort()).toEqual(["ada@example.test", "ed@example.test"]);

    const list = await t.app.inject({
      method: "GET",
      url: "/api/admin/contact-messages",
      headers: { cookie: adminCookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({
      name: "Pavel",
      email: "pavel@example.test",
      topic: "Partnership",
    });
  });

  it("refuses an empty message, and limits messages per address", async () => {
    const empty = await send({ name: "A", email: "a@example.test", message: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.message).toBeDefined();
    const from = "10.8.8.8";
    for (let i = 0; i < 5; i++) {
      expect((await send({ name: "B", email: "b@example.test", message: `m${i}` }, from)).statusCode).toBe(
        202,
      );
    }
    const refused = await send({ name: "B", email: "b@example.test", message: "one too many" }, from);
    expect(refused.statusCode).toBe(429);
    const rows = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "b@example.test"));
    expect(rows).toHaveLength(5);
  });
});
