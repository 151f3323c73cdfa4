import type { ProfilePatchBody } from "@matchdesk/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { linkIn, startSmtpServer } from "../../../test/smtp.js";
import { creditTransactions, users } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import { writeClientProfile } from "../profiles/service.js";

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

describe("[admin] AI matching enabled by support", () => {
  const profile = (gender: "FEMALE" | "MALE") =>
    ({
      gender,
      dateOfBirth: gender === "FEMALE" ? "1991-04-02" : "1987-09-15",
      phone: "+7 900 000 00 01",
      country: "RU",
      city: "Kazan",
      ethnicity: "WHITE",
      incomeLevel: "FROM_100K_TO_500K",
      profession: "Teacher",
      aboutMe: "Warm and curious.",
      marriageStatus: "NEVER_MARRIED",
      relationshipStatus: "SINGLE",
      faith: "CHRISTIANITY",
      height: gender === "FEMALE" ? 166 : 184,
      preferences: { preferredGender: gender === "FEMALE" ? "MALE" : "FEMALE", minAge: 25, maxAge: 50 },
    }) as ProfilePatchBody;

  it("an admin switches it on for a matchmaker, whose compatibility checks then cost nothing", async () => {
    const db = t.database.db;
    const mm = await seedMatchmaker(db, { firstName: "Dina", agencyName: "Kazan Hearts" });
    const [client, candidate] = [await seedClient(db, mm.id), await seedClient(db, mm.id)];
    await writeClientProfile(db, client!, profile("FEMALE"));
    await writeClientProfile(db, candidate!, profile("MALE"));
    const mmCookie = (await signIn(t.app, mm.email)).cookie;
    const check = () =>
      t.app.inject({
        method: "POST",
        url: "/api/matching/compatibility",
        headers: { cookie: mmCookie },
        payload: { clientId: client!.id, candidateId: candidate!.id },
      });
    const put = (payload: Record<string, unknown>, who = cookie) =>
      t.app.inject({ method: "PUT", url: `/api/admin/users/${mm.id}`, headers: { cookie: who }, payload });

    // Without credits and without support's switch the check is refused.
    expect((await list("role=INVITER&q=kazan")).json().items[0].aiMatchingEnabled).toBe(false);
    expect((await check()).statusCode).toBe(402);

    // Neither the matchmaker nor a client may switch it.
    const clientCookie = (await signIn(t.app, client!.email)).cookie;
    for (const who of [mmCookie, clientCookie]) {
      const refused = await put({ aiMatchingEnabled: true }, who);
      expect(refused.statusCode).toBe(403);
    }
    const [unchanged] = await db.select().from(users).where(eq(users.id, mm.id));
    expect(unchanged!.aiMatchingEnabled).toBe(false);

    const on = await put({ aiMatchingEnabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: mm.id, aiMatchingEnabled: true });
    const [stored] = await db.select().from(users).where(eq(users.id, mm.id));
    expect(stored!.aiMatchingEnabled).toBe(true);
    expect((await list("role=INVITER&q=kazan")).json().items[0].aiMatchingEnabled).toBe(true);

    const res = await check();
    expect(res.statusCode).toBe(201);
    expect(res.json().creditsCharged).toBe(0);
    const debits = await db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, mm.id), eq(creditTransactions.type, "aiMatch")));
    expect(debits).toHaveLength(0);

    const off = await put({ aiMatchingEnabled: false });
    expect(off.json().aiMatchingEnabled).toBe(false);
    const price = await t.app.inject({
      method: "GET",
      url: `/api/matching/price?clientId=${client!.id}`,
      headers: { cookie: mmCookie },
    });
    expect(price.json()).toMatchObject({ freeReason: null });
    expect(price.json().charge).toBeGreaterThan(0);
  });

  it("is for matchmakers only; a wrong value is a 400 that changes nothing", async () => {
    const [clara] = await t.database.db.select().from(users).where(eq(users.firstName, "Clara"));
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: `/api/admin/users/${clara!.id}`, headers: { cookie }, payload });
    const refused = await put({ aiMatchingEnabled: true, verified: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("AI_MATCHING_MATCHMAKERS_ONLY");
    const bad = await put({ aiMatchingEnabled: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("VALIDATION_FAILED");
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, clara!.id));
    expect(stored!.aiMatchingEnabled).toBe(false);
    expect(stored!.isVerified).toBe(true);
  });
});
