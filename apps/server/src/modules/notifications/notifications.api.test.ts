import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { startSmtpServer } from "../../../test/smtp.js";
import { connectSocket, listenOnLoopback } from "../../../test/ws.js";
import { notifications, users } from "../../db/schema/index.js";
import { createMailer } from "../../platform/mail.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import type { UserWithEmail } from "../users/service.js";
import { notify, notifyAdmins } from "./service.js";

let t: TestApp;
let base: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let matchmaker: UserWithEmail;
let other: UserWithEmail;
let client: UserWithEmail;
const cookies: Record<string, string> = {};
// The same SMTP mailer the app uses, for calling notify() as other modules do.
const deps = () => ({
  db: t.database.db,
  mailer: createMailer({
    db: t.database.db,
    log: t.app.log,
    smtpUrl: smtp.url,
    from: "md@app.test",
    printKeptMail: false,
  }),
  config: { publicUrl: "http://app.test" },
});

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test" });
  base = await listenOnLoopback(t.app);
  matchmaker = await seedMatchmaker(t.database.db, { email: "mm-notify@example.test" });
  other = await seedMatchmaker(t.database.db);
  client = await seedClient(t.database.db, matchmaker.id);
  for (const [name, user] of Object.entries({ matchmaker, other, client })) {
    cookies[name] = (await signIn(t.app, user.email)).cookie;
  }
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const stored = (userId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);

describe("[notifications] a client registered through an invite", () => {
  it("stores a notification for the matchmaker, pushes it to their socket and e-mails them in their language", async () => {
    await t.database.db.update(users).set({ locale: "en-US" }).where(eq(users.id, matchmaker.id));
    const socket = await connectSocket(base, { cookie: cookies.matchmaker, origin: "http://app.test" });
    const otherSocket = await connectSocket(base, { cookie: cookies.other, origin: "http://app.test" });
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: {
          inviteCode: matchmaker.inviteCode,
          firstName: "Nina",
          lastName: "Orlova",
          email: "nina-notify@example.test",
          password: "secret-pass",
          confirmPassword: "secret-pass",
          termsAccepted: true,
        },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await stored(matchmaker.id);
      expect(row).toMatchObject({
        kind: "client_registered",
        params: { clientId: res.json().id, clientName: "Nina Orlova" },
        readAt: null,
      });
      const event = await socket.next((e) => e.type === "notification");
      expect(event).toEqual({
        type: "notification",
        notification: {
          id: row!.id,
          kind: "client_registered",
          params: { clientId: res.json().id, clientName: "Nina Orlova" },
          isRead: false,
          createdAt: row!.createdAt.toISOString(),
        },
      });
      await otherSocket.none((e) => e.type === "notification");
      const mail = await smtp.lastTo(matchmaker.email);
      expect(mail.text).toContain("Nina Orlova has registered through your invitation.");
      expect(mail.text).toContain("http://app.test/admin/dashboard");
    } finally {
      await Promise.all([socket.close(), otherSocket.close()]);
    }
  });
});

describe("[notifications] e-mail copies", () => {
  it("go to matchmakers with e-mail notifications on, in Russian by default; never to clients", async () => {
    const before = smtp.received.length;
    await t.database.db.update(users).set({ locale: "ru-RU" }).where(eq(users.id, other.id));
    await notify(deps(), other.id, "credits_added", { amount: 500 });
    const mail = await smtp.lastTo(other.email);
    expect(mail.text).toContain("На ваш баланс начислено кредитов: 500.");

    await t.database.db.update(users).set({ emailNotifications: false }).where(eq(users.id, other.id));
    await notify(deps(), other.id, "review_approved", { authorName: "Ivan" });
    await notify(deps(), client.id, "introduction_proposed", { clientName: "A", candidateName: "B" });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.length).toBe(before + 1);
    expect((await stored(other.id)).map((n) => n.kind)).toEqual(["credits_added", "review_approved"]);
    expect((await stored(client.id)).map((n) => n.kind)).toEqual(["introduction_proposed"]);
  });

  it("notifyAdmins reaches every active admin", async () => {
    const a1 = await seedAdmin(t.database.db);
    const a2 = await seedAdmin(t.database.db);
    await t.database.db.update(users).set({ status: "inactive" }).where(eq(users.id, a2.id));
    await notifyAdmins(deps(), "review_pending", { authorName: "Olga" });
    expect((await stored(a1.id)).map((n) => n.params)).toEqual([{ authorName: "Olga" }]);
    expect(await stored(a2.id)).toEqual([]);
    expect((await smtp.lastTo(a1.email)).subject).toContain("Новое уведомление");
  });
});

describe("[notifications] list and mark read", () => {
  it("lists the caller's own, newest first, with the unread count", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/notifications",
      headers: { cookie: cookies.other },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 2,
      unread: 2,
      page: 1,
      items: [{ kind: "review_approved", isRead: false }, { kind: "credits_added" }],
    });
    const asClient = await t.app.inject({
      method: "GET",
      url: "/api/notifications",
      headers: { cookie: cookies.client },
    });
    expect(asClient.json()).toMatchObject({ total: 1, items: [{ kind: "introduction_proposed" }] });
    expect((await t.app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
  });

  it("marks listed ones read (others' ids change nothing), then all", async () => {
    const [first, second] = await stored(other.id);
    const [clientOne] = await stored(client.id);
    const read = (cookie: string | undefined, payload: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/notifications/read",
        payload: payload as object,
        headers: { cookie: cookie ?? "" },
      });
    const one = await read(cookies.other, { ids: [first!.id, clientOne!.id] });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ updated: 1, unread: 1 });
    expect((await stored(client.id))[0]!.readAt).toBeNull();
    expect((await stored(other.id)).map((n) => n.readAt !== null)).toEqual([true, false]);

    for (const bad of [{}, { ids: [] }, { all: false }, { ids: [second!.id], all: true }]) {
      const res = await read(cookies.other, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    expect((await stored(other.id))[1]!.readAt).toBeNull();
    const all = await read(cookies.other, { all: true });
    expect(all.json()).toEqual({ updated: 1, unread: 0 });
    expect((await stored(other.id)).every((n) => n.readAt !== null)).toBe(true);
    expect((await read(undefined, { all: true })).statusCode).toBe(401);
  });
});
