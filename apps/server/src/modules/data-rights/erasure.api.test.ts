import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ErasureReport } from "@matchdesk/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn } from "../../../test/app.js";
import { jpegWithGps, multipart } from "../../../test/images.js";
import {
  addClient,
  call,
  cookies,
  DAY,
  introduced,
  people,
  setupIntroductionsApp,
  t,
} from "../../../test/introductions.js";
import {
  agencyLeads,
  chatMembers,
  chatMessages,
  chats,
  clientAccessLog,
  contactReleases,
  introductionFeedback,
  introductions,
  payments,
  photos,
  profileViews,
  reviews,
  telegramLinks,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema/index.js";
import { newId } from "../../platform/ids.js";
import { seedAdmin } from "../../seed/seed.js";
import { runIntroductionJobs } from "../introductions/jobs.js";
import { learnerFor } from "../matching/learner.js";
import { notify } from "../notifications/service.js";

// Issue 20, erasure (GDPR art. 17): after it, no row of any table and no stored file holds the
// person's name, e-mail, phone or photos; what is kept for the other party or by law is kept
// without them; the person cannot sign in; a matchmaker with clients is refused.

setupIntroductionsApp();

const upload = (who: string, url: string, field: string, data: Buffer) => {
  const form = multipart(field, [{ name: "a.jpg", data }]);
  return t.app.inject({
    method: "POST",
    url,
    headers: { ...form.headers, cookie: cookies[who]! },
    payload: form.payload,
  });
};
const ok = (status: number) => status >= 200 && status < 300;

/** Every text-like column of every table of the schema (information_schema), as text. */
async function columnsHolding(needles: string[]): Promise<string[]> {
  const db = t.database.db;
  const columns = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
     where table_schema = current_schema()
       and data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY', 'USER-DEFINED', 'tsvector')
     order by table_name, column_name`)) as unknown as {
    rows: { table_name: string; column_name: string }[];
  };
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    for (const needle of needles) {
      const hit = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), lower(${needle})) > 0`,
      )) as unknown as { rows: { n: number }[] };
      if (hit.rows[0]!.n > 0) found.push(`${table_name}.${column_name} holds ${needle}`);
    }
  }
  return found;
}

/** Every file under the local storage's root. */
function storedFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** Mila's first date with Oleg, moved past its time so both may give feedback. */
async function dated(client: string, candidate: string) {
  const id = await introduced(client, candidate);
  const startsAt = new Date(Date.now() + 3 * DAY);
  const set = await call("anna", "PUT", `/api/introductions/${id}/date`, {
    startsAt: startsAt.toISOString(),
    place: "Cafe",
  });
  expect(set.statusCode).toBe(200);
  await runIntroductionJobs(t.app.deps, new Date(startsAt.getTime() + 3 * 3_600_000));
  return id;
}

describe("erasure", () => {
  it("leaves no row or file with the client's name, e-mail, phone or photos, and keeps the other party's records", async () => {
    const db = t.database.db;
    const anna = people.anna!;
    // A client with a name, an address and a phone nobody else has.
    const subject = await addClient("miroslava", anna, "FEMALE");
    await db
      .update(users)
      .set({ lastName: "Erasova", phone: "+79137771234" })
      .where(eq(users.id, subject.id));
    const S = subject.id;
    const needles = [
      "miroslava",
      "Erasova",
      "miroslava-contact@example.test",
      "+79137771234",
      "+7 913 777 12 34",
      "9137771234",
    ];

    // One of each kind of record.
    expect(
      ok(
        (await upload("anna", `/api/profiles/${S}/gallery`, "photos", await jpegWithGps(64, 48))).statusCode,
      ),
    ).toBe(true);
    expect(
      ok(
        (await upload("anna", `/api/profiles/${S}/certificates`, "certificates", await jpegWithGps(40, 30)))
          .statusCode,
      ),
    ).toBe(true);
    expect(
      ok((await upload("anna", `/api/profiles/${S}/avatar`, "avatar", await jpegWithGps(64, 64))).statusCode),
    ).toBe(true);
    expect(
      (await call("anna", "PUT", `/api/profiles/${S}/display-settings`, { fields: { city: false } }))
        .statusCode,
    ).toBe(200);
    // Both consents recorded: the shared search and a public profile.
    expect((await call("anna", "PUT", `/api/clients/${S}/search`, { participates: true })).statusCode).toBe(
      200,
    );
    expect(
      (
        await call("anna", "PUT", `/api/profiles/${S}/password`, {
          password: "open-sesame-1",
          confirmPassword: "open-sesame-1",
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call("anna", "POST", `/api/clients/${S}/packages`, {
          introductionsPromised: 5,
          startsOn: new Date().toISOString().slice(0, 10),
          endsOn: new Date(Date.now() + 180 * DAY).toISOString().slice(0, 10),
          price: 1000,
          currency: "EUR",
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await call("anna", "PUT", `/api/clients/${S}/candidates/${people.igor!.id}`, { priority: "yes" }))
        .statusCode,
    ).toBe(200);
    const introId = await dated("miroslava", "oleg");
    const feedback = {
      happened: true,
      meetAgain: "yes",
      ratings: { attraction: 4, conversation: 5, values: 4, manners: 5 },
    };
    expect(
      (
        await call("miroslava", "POST", `/api/me/introductions/${introId}/feedback`, {
          ...feedback,
          note: "Lovely",
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call("oleg", "POST", `/api/me/introductions/${introId}/feedback`, {
          ...feedback,
          note: "A fine evening",
        })
      ).statusCode,
    ).toBe(200);
    // Her contacts go to Oleg (her consent ledger); his go to her (his ledger, kept).
    expect((await call("oleg", "GET", `/api/introductions/${introId}/contacts`)).statusCode).toBe(200);
    expect((await call("miroslava", "GET", `/api/introductions/${introId}/contacts`)).statusCode).toBe(200);
    expect((await call("anna", "GET", `/api/clients/${S}`)).statusCode).toBe(200);
    await notify(t.app.deps, S, "introduction_proposed", { introductionId: introId });
    await notify(t.app.deps, anna.id, "client_registered", { clientId: S, clientName: "miroslava Erasova" });
    const chatId = newId();
    await db.insert(chats).values({ id: chatId, pairKey: `${S}:${anna.id}` });
    await db.insert(chatMembers).values([
      { chatId, userId: S },
      { chatId, userId: anna.id },
    ]);
    await db.insert(chatMessages).values({ id: newId(), chatId, senderId: S, body: "Hello from Miroslava" });
    await db.insert(chatMessages).values({ id: newId(), chatId, senderId: anna.id, body: "Hi" });
    await db.insert(agencyLeads).values({
      id: newId(),
      agencyUserId: people.boris!.id,
      clientUserId: S,
      firstName: "miroslava",
      lastName: "Erasova",
      email: "miroslava-contact@example.test",
      phone: "+79137771234",
    });
    await db.insert(reviews).values({
      id: newId(),
      agencyUserId: anna.id,
      authorName: "miroslava Erasova",
      authorEmail: "miroslava-contact@example.test",
      text: "Anna found me someone",
    });
    await db
      .insert(profileViews)
      .values({ id: newId(), profileUserId: S, visitorHash: "h", source: "link", country: "RU" });
    // A webhook event about her, queued for her matchmaker's endpoint.
    const hookId = newId();
    await db.insert(webhookEndpoints).values({
      id: hookId,
      userId: anna.id,
      url: "https://hooks.example.test/in",
      events: ["client.updated", "client.erased"],
      secret: "whsec_test",
    });
    await db.insert(webhookDeliveries).values({
      id: newId(),
      endpointId: hookId,
      eventId: newId(),
      type: "client.updated",
      body: JSON.stringify({
        type: "client.updated",
        data: { id: S, firstName: "miroslava", phone: "+79137771234" },
      }),
    });

    const [introBefore] = await db.select().from(introductions).where(eq(introductions.id, introId));
    expect(introBefore?.status).toBe("second_date");
    const [me] = await db.select().from(users).where(eq(users.id, S));
    const gallery = await db.select().from(photos).where(eq(photos.profileUserId, S));
    const keys = [me!.avatarKey!, me!.avatarThumbKey!, ...gallery.flatMap((p) => [p.storageKey, p.thumbKey])];
    const filesRoot = path.join(t.dataDir, "files");
    const before = storedFiles(filesRoot);
    for (const key of keys) expect(before).toContain(key);
    // The seeding reached every place the search looks.
    expect((await columnsHolding(needles)).length).toBeGreaterThan(10);

    // The learner knows her answers before.
    const learner = learnerFor(db);
    await learner.refit();
    expect(learner.hasHistory(S)).toBe(true);

    // Anything but { confirm: true } erases nothing; another agency's matchmaker cannot.
    for (const payload of [{}, { confirm: false }, { confirm: "true" }, { confirm: 1 }]) {
      const res = await call("anna", "POST", `/api/clients/${S}/erase`, payload);
      expect([res.statusCode, res.json().code]).toEqual([400, "ERASURE_NOT_CONFIRMED"]);
    }
    const boris = await call("boris", "POST", `/api/clients/${S}/erase`, { confirm: true });
    expect([boris.statusCode, boris.json().code]).toEqual([404, "CLIENT_NOT_FOUND"]);
    expect((await db.select().from(users).where(eq(users.id, S)))[0]!.firstName).toBe("miroslava");

    const res = await call("anna", "POST", `/api/clients/${S}/erase`, { confirm: true });
    expect(res.statusCode).toBe(200);
    const report = ErasureReport.parse(res.json());
    const erased = Object.fromEntries(report.erased.map((e) => [e.part, e.count]));
    expect(erased).toMatchObject({
      account: 1,
      questionnaire: 1,
      preferences: 1,
      photos: 1,
      certificates: 1,
      files: keys.length + 1,
      feedback: 1,
      consentLedger: 1,
      packages: 1,
      candidateMarks: 1,
      chatMessages: 1,
      leads: 1,
      reviews: 1,
      profileViews: 1,
      consents: 2,
    });
    expect(erased.sessions).toBeGreaterThan(0);
    expect(erased.notifications).toBeGreaterThanOrEqual(2);
    expect(report.kept).toEqual(
      expect.arrayContaining([
        { part: "introductions", count: 1, reason: "otherPartyHistory" },
        { part: "otherFeedback", count: 1, reason: "otherPartyOwnRecord" },
        { part: "contactsReceived", count: 1, reason: "otherPartyOwnRecord" },
      ]),
    );

    // No text column of any table holds her name, address or phone; no file of hers is stored.
    expect(await columnsHolding([...needles, ...keys])).toEqual([]);
    // Her matchmaker's tools hear of the erasure by her id alone; the queued event that named her is gone.
    const queued = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hookId));
    expect(queued.map((d) => [d.type, JSON.parse(d.body).data])).toEqual([
      ["client.erased", { client: { id: S } }],
    ]);
    const after = storedFiles(filesRoot);
    for (const key of keys) expect(after).not.toContain(key);
    expect(after.length).toBe(before.length - keys.length - 1);
    for (const key of keys)
      expect((await t.app.inject({ method: "GET", url: `/api/files/${key}` })).statusCode).toBe(404);

    // She cannot sign in, and her session is over.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "miroslava-contact@example.test", password: "password123" },
    });
    expect(login.statusCode).toBe(401);
    expect((await call("miroslava", "GET", "/api/users/me")).statusCode).toBe(401);
    // She is no one's client: not in the list, not found again, not erased twice.
    expect((await call("anna", "GET", `/api/clients/${S}`)).statusCode).toBe(404);
    expect((await call("anna", "GET", "/api/clients?pageSize=100")).body).not.toContain(S);
    expect((await call("anna", "POST", `/api/clients/${S}/erase`, { confirm: true })).statusCode).toBe(404);

    // Oleg's side stays whole: the introduction, his feedback, his ledger; his matchmaker reads it.
    const [intro] = await db.select().from(introductions).where(eq(introductions.id, introId));
    expect(intro).toEqual(introBefore);
    const fb = await db
      .select()
      .from(introductionFeedback)
      .where(eq(introductionFeedback.introductionId, introId));
    expect(fb.map((f) => [f.clientId, f.note])).toEqual([[people.oleg!.id, "A fine evening"]]);
    const released = await db
      .select()
      .from(contactReleases)
      .where(and(eq(contactReleases.introductionId, introId)));
    expect(released.map((r) => [r.subjectId, r.recipientId])).toEqual([[people.oleg!.id, S]]);
    const detail = await call("boris", "GET", `/api/introductions/${introId}`);
    expect([detail.statusCode, detail.statusCode === 200 ? "" : detail.body]).toEqual([200, ""]);
    expect((await call("oleg", "GET", "/api/me/introductions")).body).toContain(introId);
    expect((await call("boris", "GET", `/api/clients/${people.oleg!.id}/consent-ledger`)).statusCode).toBe(
      200,
    );
    // Out of the candidate pool and the learner's ledger.
    const candidates = await call("boris", "GET", `/api/clients/${people.ivan!.id}/candidates`);
    expect(candidates.statusCode).toBe(200);
    expect(candidates.body).not.toContain(S);
    expect(learner.hasHistory(S)).toBe(false);
  });

  it("lets a client erase themselves from the portal, and signs them out", async () => {
    const vera = people.vera!;
    // A linked Telegram chat (a fixture: the bot's linking is telegram.api.test.ts's).
    await t.database.db.insert(telegramLinks).values({ userId: vera.id, chatId: 424242, sentUntil: newId() });
    const res = await call("vera", "POST", "/api/me/erase", { confirm: true });
    expect(res.statusCode).toBe(200);
    expect(ErasureReport.parse(res.json()).userId).toBe(vera.id);
    expect(ErasureReport.parse(res.json()).erased).toContainEqual({ part: "telegram", count: 1 });
    expect(await t.database.db.select().from(telegramLinks).where(eq(telegramLinks.userId, vera.id))).toEqual(
      [],
    );
    const sid = res.cookies.find((c) => c.name === "sid");
    expect(sid?.value).toBe("");
    expect((await call("vera", "GET", "/api/users/me")).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, vera.id));
    expect(row).toMatchObject({ email: null, phone: null, firstName: "—", lastName: "", passwordHash: null });
    expect(row!.erasedAt).not.toBeNull();
  });

  it("refuses a matchmaker with clients, erases one without, and keeps their payments without personal fields", async () => {
    const db = t.database.db;
    const anna = people.anna!;
    const refused = await call("anna", "POST", "/api/me/erase", { confirm: true });
    expect([refused.statusCode, refused.json().code]).toEqual([409, "MATCHMAKER_HAS_CLIENTS"]);
    expect((await db.select().from(users).where(eq(users.id, anna.id)))[0]!.erasedAt).toBeNull();
    expect((await call("anna", "GET", "/api/users/me")).statusCode).toBe(200);

    const carl = people.carl!;
    const key = await call("carl", "POST", "/api/api-keys", { name: "CRM" });
    expect(key.statusCode).toBe(201);
    // Carl's keys read another agency's client (shared search): with this key, and with one he
    // deleted before (its id gone, its name kept). A key's name is his words: erased with him.
    const zoya = people.zoya!;
    const logged = [newId(), newId()];
    await db.insert(clientAccessLog).values(
      [
        { id: logged[0]!, apiKeyId: key.json().id as string, apiKeyName: "CRM of Carl Kay" },
        { id: logged[1]!, apiKeyId: null, apiKeyName: "Carl's old laptop" },
      ].map((row) => ({
        ...row,
        clientId: zoya.id,
        actorKind: "api_key",
        actorId: carl.id,
        actorRole: "INVITER" as const,
        action: "view",
        what: "GET /api/introductions/:id",
        ip: "192.0.2.7",
      })),
    );
    await db.insert(payments).values({
      id: newId(),
      userId: carl.id,
      product: "pack_10",
      provider: "manual",
      amountCents: 1000,
      url: `https://pay.example.test/?email=${carl.email}`,
    });
    const res = await call("carl", "POST", "/api/me/erase", { confirm: true });
    expect(res.statusCode).toBe(200);
    const report = ErasureReport.parse(res.json());
    expect(report.kept).toContainEqual({ part: "payments", count: 1, reason: "accountingLaw" });
    expect(report.erased.map((e) => e.part)).toContain("agencyProfile");
    expect(report.erased).toContainEqual({ part: "apiKeys", count: 1 });
    // The erased account acts through no key either.
    const byKey = await t.app.inject({
      method: "GET",
      url: "/api/users/me",
      headers: { authorization: `Bearer ${key.json().secret}` },
    });
    expect(byKey.statusCode).toBe(401);
    const [kept] = await db.select().from(payments).where(eq(payments.userId, carl.id));
    expect(kept).toMatchObject({ amountCents: 1000, url: null });
    expect(kept!.invoiceNumber).toMatch(/^MD-/);
    expect(await columnsHolding([carl.email])).toEqual([]);
    await expect(signIn(t.app, carl.email)).rejects.toThrow(/401/);
    // Zoya's log keeps that someone of that agency read her data, without which key by name.
    const entries = await db.select().from(clientAccessLog).where(inArray(clientAccessLog.id, logged));
    expect(entries.map((e) => [e.actorId, e.actorKind, e.apiKeyId, e.apiKeyName, e.what])).toEqual([
      [carl.id, "api_key", null, null, "GET /api/introductions/:id"],
      [carl.id, "api_key", null, null, "GET /api/introductions/:id"],
    ]);
  });

  it("lets an admin erase any client; an admin cannot erase themselves", async () => {
    const admin = await seedAdmin(t.database.db);
    cookies.admin = (await signIn(t.app, admin.email)).cookie;
    const zoya = people.zoya!;
    expect((await call("admin", "POST", `/api/clients/${zoya.id}/erase`, { confirm: true })).statusCode).toBe(
      200,
    );
    expect((await call("admin", "POST", "/api/me/erase", { confirm: true })).statusCode).toBe(403);
  });
});
