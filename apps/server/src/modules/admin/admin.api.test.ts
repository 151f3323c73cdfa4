import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { linkIn, startSmtpServer } from "../../../test/smtp.js";
import { users } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let cookie: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test" });
  const admin = await seedAdmin(t.database.db);
  cookie = (await signIn(t.app, admin.email)).cookie;
  const anna = await seedMatchmaker(t.database.db, { firstName: "Anna", agencyName: "Northern Lights" });
  await seedMatchmaker(t.database.db, { firstName: "Boris", agencyName: "Southern Stars" });
  await seedClient(t.database.db, anna.id, { firstName: "Clara" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const list = (query: string) =>
  t.app.inject({ method: "GET", url: `/api/admin/users?${query}`, headers: { cookie } });

describe("[admin] users", () => {
  it("lists users with paging, search and filters", async () => {
    const all = await list("page=1&pageSize=2");
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(all.json().items).toHaveLength(2);
    const byAgency = await list("q=northern");
    expect(byAgency.json().items.map((u: { firstName: string }) => u.firstName)).toEqual(["Anna"]);
    expect(byAgency.json().items[0].agencyName).toBe("Northern Lights");
    const clients = await list("role=INVITEE");
    expect(clients.json().items.map((u: { firstName: string }) => u.firstName)).toEqual(["Clara"]);
    const unverified = await list("verified=false&role=INVITER");
    expect(unverified.json().total).toBe(0);
    expect((await list("q=%25")).json().total).toBe(0);
    expect((await list("role=KING")).statusCode).toBe(400);
    expect((await list("pageSize=1000")).statusCode).toBe(400);
  });

  it("verifies, deactivates and includes in search; refuses notifications for a client", async () => {
    const [clara] = await t.database.db.select().from(users).where(eq(users.firstName, "Clara"));
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: `/api/admin/users/${clara!.id}`, headers: { cookie }, payload });
    const res = await put({ verified: true, participatesInSearch: true, status: "inactive" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isVerified: true, participatesInSearch: true, status: "inactive" });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, clara!.id));
    expect(stored!.verifiedAt).not.toBeNull();

    const refused = await put({ emailNotifications: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("NOTIFICATIONS_NOT_FOR_CLIENTS");
    expect((await put({})).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: "PUT",
      url: "/api/admin/users/no-such-id",
      headers: { cookie },
      payload: { verified: true },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("creates a matchmaker who receives a welcome e-mail with a working sign-in link", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/matchmakers",
      headers: { cookie },
      payload: { email: "new.agency@example.test", firstName: "Vera", lastName: "Lee", locale: "en-US" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: "INVITER", isOnboardingComplete: false });
    const mail = await smtp.lastTo("new.agency@example.test");
    expect(mail.subject).toBe("Welcome to MatchDesk");
    const token = new URL(linkIn(mail.text)).searchParams.get("token")!;
    const verify = await t.app.inject({ method: "POST", url: "/api/auth/email/verify", payload: { token } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().email).toBe("new.agency@example.test");

    const dup = await t.app.inject({
      method: "POST",
      url: "/api/admin/matchmakers",
      headers: { cookie },
      payload: { email: "NEW.agency@example.test", firstName: "Vera", lastName: "Lee" },
    });
    expect(dup.statusCode).toBe(409);
  });
});
