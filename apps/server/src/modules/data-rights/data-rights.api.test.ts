import { AccessLogView, AccessSummaryView, DataExport, endpointId } from "@matchdesk/contract";
import { ENDPOINTS } from "@matchdesk/contract/endpoints";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn } from "../../../test/app.js";
import { jpegWithGps, multipart } from "../../../test/images.js";
import {
  call,
  cookies,
  DAY,
  introduced,
  matched,
  people,
  setupIntroductionsApp,
  t,
} from "../../../test/introductions.js";
import {
  chatMembers,
  chatMessages,
  chats,
  clientAccessLog,
  exportLinks,
  introductionFeedback,
} from "../../db/schema/index.js";
import { newId } from "../../platform/ids.js";
import { seedAdmin } from "../../seed/seed.js";
import { runIntroductionJobs } from "../introductions/jobs.js";
import { notify } from "../notifications/service.js";
import { createUser } from "../users/service.js";
import { sweepAccessLog } from "./access-log.js";
import { sweepExportLinks } from "./export.js";

// Issue 20, first slice: the export holds every kind of record kept about a client, and every
// route that reads or changes a client's data leaves a row in the client's access log.

setupIntroductionsApp();

const upload = (who: string, url: string, field: string, data: Buffer, name = "a.jpg") => {
  const form = multipart(field, [{ name, data }]);
  return t.app.inject({
    method: "POST",
    url,
    headers: { ...form.headers, cookie: cookies[who]! },
    payload: form.payload,
  });
};
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** Any method, as `call` does for GET, POST and PUT. */
const send = (who: string, method: "PATCH" | "DELETE", url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: cookies[who]! } });
const rowsOf = (clientId: string) =>
  t.database.db.select().from(clientAccessLog).where(eq(clientAccessLog.clientId, clientId));
const ok = (status: number) => status >= 200 && status < 300;

/** An introduction moved past its date, so feedback may be given. */
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

describe("the export", () => {
  it("holds one of each kind of record, for the client and for their matchmaker, and no one else", async () => {
    const db = t.database.db;
    const mila = people.mila!;
    // Questionnaire and preferences come from the fixture; the rest is added here.
    const photo = await upload(
      "anna",
      `/api/profiles/${mila.id}/gallery`,
      "photos",
      await jpegWithGps(64, 48),
    );
    expect(ok(photo.statusCode)).toBe(true);
    const cert = await upload(
      "anna",
      `/api/profiles/${mila.id}/certificates`,
      "certificates",
      await jpegWithGps(40, 30),
    );
    expect(ok(cert.statusCode)).toBe(true);
    const display = await call("anna", "PUT", `/api/profiles/${mila.id}/display-settings`, {
      fields: { city: false },
    });
    expect(display.statusCode).toBe(200);
    // Her place in the shared search, switched by her matchmaker: a line of her consents.
    expect(
      (await call("anna", "PUT", `/api/clients/${mila.id}/search`, { participates: true })).statusCode,
    ).toBe(200);
    const pkg = await call("anna", "POST", `/api/clients/${mila.id}/packages`, {
      introductionsPromised: 5,
      startsOn: day(0),
      endsOn: day(180),
      price: 1000,
      currency: "EUR",
    });
    expect(pkg.statusCode).toBe(201);
    const introId = await dated("mila", "oleg");
    const feedback = await call("mila", "POST", `/api/me/introductions/${introId}/feedback`, {
      happened: true,
      meetAgain: "yes",
      ratings: { attraction: 4, conversation: 5, values: 4, manners: 5 },
      note: "Lovely evening",
    });
    expect(feedback.statusCode).toBe(200);
    // Oleg opens the contacts: Mila's are released to him, a line of her consent ledger.
    expect((await call("oleg", "GET", `/api/introductions/${introId}/contacts`)).statusCode).toBe(200);
    await notify(t.app.deps, mila.id, "introduction_proposed", { introductionId: introId });
    // Clients do not chat in the app today; a message they wrote would still be theirs to export.
    const chatId = newId();
    await db.insert(chats).values({ id: chatId, pairKey: `${mila.id}:${people.anna!.id}` });
    await db.insert(chatMembers).values([
      { chatId, userId: mila.id },
      { chatId, userId: people.anna!.id },
    ]);
    await db.insert(chatMessages).values({ id: newId(), chatId, senderId: mila.id, body: "Hello, Anna" });
    await db.insert(chatMessages).values({ id: newId(), chatId, senderId: people.anna!.id, body: "Hi" });

    const mine = await call("mila", "GET", "/api/me/export");
    expect(mine.statusCode).toBe(200);
    const doc = DataExport.parse(mine.json());
    expect(doc).toMatchObject({ format: "matchdesk-data-export", version: 1 });
    expect(doc.account).toMatchObject({ id: mila.id, email: mila.email, role: "INVITEE" });
    expect(doc.profile).toMatchObject({
      userId: mila.id,
      fields: { city: "Moscow", profession: "Engineer" },
    });
    expect(doc.profile?.preferences).toMatchObject({ preferredGender: "MALE", minAge: 25, maxAge: 45 });
    expect(doc.displaySettings).toMatchObject({ city: false });
    const base = t.app.deps.config.publicUrl;
    expect(doc.photos).toHaveLength(1);
    expect(doc.certificates).toHaveLength(1);
    // Files by links of this export, valid for a day; the files' lasting keys are not in it.
    const fileLinks = [doc.photos[0]!.url, doc.photos[0]!.thumbUrl, doc.certificates[0]!.url];
    for (const url of fileLinks)
      expect(url).toMatch(new RegExp(`^${base}/api/export-files/[A-Za-z0-9_-]{20,}$`));
    expect(JSON.stringify(doc)).not.toContain("/api/files/");
    const links = await db.select().from(exportLinks).where(eq(exportLinks.userId, mila.id));
    expect(links).toHaveLength(fileLinks.length + (doc.account.avatarUrl ? 1 : 0));
    for (const link of links)
      expect(link.expiresAt.getTime()).toBe(new Date(doc.generatedAt).getTime() + 24 * 3_600_000);
    // The file behind each link is there.
    const photoFile = await t.app.inject({ method: "GET", url: doc.photos[0]!.url.slice(base.length) });
    expect(photoFile.statusCode).toBe(200);
    expect(photoFile.headers["content-type"]).toMatch(/^image\//);
    expect(photoFile.headers["content-security-policy"]).toBe("sandbox");
    expect(photoFile.rawPayload.length).toBeGreaterThan(0);
    const certFile = await t.app.inject({ method: "GET", url: doc.certificates[0]!.url.slice(base.length) });
    expect(certFile.statusCode).toBe(200);
    // An image certificate is shown, a PDF downloaded, under a sandbox, as the files route does.
    expect(certFile.headers["content-security-policy"]).toBe("sandbox");
    // A day later (the stored expiry moved back, as time passing does): 410, the same for each link.
    await db
      .update(exportLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exportLinks.userId, mila.id));
    for (const url of fileLinks) {
      const expired = await t.app.inject({ method: "GET", url: url.slice(base.length) });
      expect([expired.statusCode, expired.json().code]).toEqual([410, "EXPORT_LINK_EXPIRED"]);
    }
    // A forged link is no file.
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/export-files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    });
    expect([forged.statusCode, forged.json().code]).toEqual([404, "FILE_NOT_FOUND"]);
    // Swept a day after expiry; then a link that was is a 404 too.
    await sweepExportLinks(db, new Date(Date.now() + 23 * 3_600_000));
    expect(await db.select().from(exportLinks).where(eq(exportLinks.userId, mila.id))).toHaveLength(
      links.length,
    );
    await sweepExportLinks(db, new Date(Date.now() + 25 * 3_600_000));
    expect(await db.select().from(exportLinks).where(eq(exportLinks.userId, mila.id))).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: fileLinks[0]!.slice(base.length) })).statusCode).toBe(
      404,
    );
    const intro = doc.introductions.find((i) => i.id === introId);
    expect(intro).toMatchObject({
      otherClientId: people.oleg!.id,
      status: "dated",
      datePlace: "Cafe",
      myAnswer: { answer: "yes" },
      myFeedback: { happened: true, meetAgain: "yes", attraction: 4, note: "Lovely evening" },
    });
    // The other client by name; a matchmaker or an admin who saw the contacts, by role only.
    expect(doc.consentLedger.map((e) => [e.introductionId, e.recipientRole, e.recipientName])).toContainEqual(
      [introId, "client", "oleg Client"],
    );
    for (const entry of doc.consentLedger) {
      expect(entry).not.toHaveProperty("recipientId");
      if (entry.recipientRole !== "client") expect(entry.recipientName).toBeNull();
    }
    expect(doc.packages.map((p) => p.id)).toEqual([pkg.json().id]);
    expect(doc.notifications.map((n) => n.kind)).toContain("introduction_proposed");
    expect(doc.chatMessages.map((m) => [m.chatId, m.body])).toEqual([[chatId, "Hello, Anna"]]);
    expect(doc.consents).toEqual([
      expect.objectContaining({ kind: "shared_search", grantedByRole: "INVITER", withdrawnAt: null }),
    ]);
    expect(doc.credits).toBeNull();
    // Every part of the document holds something (credits are a matchmaker's, never a client's).
    for (const [key, value] of Object.entries(doc)) {
      if (key === "credits") continue;
      expect([key, Array.isArray(value) ? value.length > 0 : value !== null]).toEqual([key, true]);
    }
    // The feedback in the export is what is stored.
    const [stored] = await db
      .select()
      .from(introductionFeedback)
      .where(
        and(eq(introductionFeedback.introductionId, introId), eq(introductionFeedback.clientId, mila.id)),
      );
    expect(stored?.note).toBe("Lovely evening");

    // Her matchmaker gets the same document; another matchmaker gets 404 and nothing is logged.
    const forAnna = await call("anna", "GET", `/api/clients/${mila.id}/export`);
    expect(forAnna.statusCode).toBe(200);
    // The same document, but for its time and its own file links (each export makes new ones).
    const same = (body: string) =>
      JSON.parse(body.replace(/\/api\/export-files\/[A-Za-z0-9_-]+/g, "/api/export-files/…"));
    expect({ ...same(forAnna.body), generatedAt: null }).toEqual({ ...same(mine.body), generatedAt: null });
    const before = (await rowsOf(mila.id)).length;
    const forBoris = await call("boris", "GET", `/api/clients/${mila.id}/export`);
    expect([forBoris.statusCode, forBoris.json().code]).toEqual([404, "CLIENT_NOT_FOUND"]);
    expect((await rowsOf(mila.id)).length).toBe(before);
  });
});

/** How a walker step calls a route: who, which request, whose data it touches. */
type Step = {
  who: string;
  request: () => Promise<{ statusCode: number; json: () => { id?: string } }>;
  subjects: string[];
  /** A change by one side's matchmaker is not in the other agency's client's log. */
  untouched?: string[];
};

describe("the access log", () => {
  it("records a row for every route that reads or changes a client's data, and none for the client's own", async () => {
    const olga = people.olga!;
    const O = olga.id;
    const pending = await createUser(t.database.db, {
      email: "pending-rights@example.test",
      firstName: "Pat",
      lastName: "Pending",
      role: "INVITEE",
      inviterId: people.anna!.id,
    });
    people.pat = pending;
    const ivanIntro = await dated("olga", "ivan");
    const asking = await matched("vera", "igor");
    const datable = await introduced("lena", "igor");
    const proposal = await call("anna", "POST", "/api/introductions", {
      clientId: people.zoya!.id,
      candidateId: people.ilya!.id,
    });
    expect(proposal.statusCode).toBe(201);
    const gallery = await upload("anna", `/api/profiles/${O}/gallery`, "photos", await jpegWithGps(64, 48));
    const [photoA] = gallery.json().items as { id: string }[];
    const photoB = await upload("anna", `/api/profiles/${O}/gallery`, "photos", await jpegWithGps(48, 64));
    const photoBId = (photoB.json().items as { id: string }[]).find((p) => p.id !== photoA!.id)!.id;
    let packageId = "";
    let certificates: { id: string; url: string }[] = [];

    const get = (who: string, url: string) => () => call(who, "GET", url);
    const steps: Record<string, Step> = {
      "GET /api/clients/:id": { who: "anna", request: get("anna", `/api/clients/${O}`), subjects: ["olga"] },
      "POST /api/clients/:id/edit-link": {
        who: "anna",
        request: () => call("anna", "POST", `/api/clients/${O}/edit-link`),
        subjects: ["olga"],
      },
      "PUT /api/clients/:id/verification": {
        who: "anna",
        request: () => call("anna", "PUT", `/api/clients/${O}/verification`, { verified: true }),
        subjects: ["olga"],
      },
      "PUT /api/clients/:id/search": {
        who: "anna",
        request: () => call("anna", "PUT", `/api/clients/${O}/search`, { participates: true }),
        subjects: ["olga"],
      },
      "PUT /api/clients/:id/status": {
        who: "anna",
        request: () => call("anna", "PUT", `/api/clients/${O}/status`, { status: "active" }),
        subjects: ["olga"],
      },
      "POST /api/clients/:id/resend-invite": {
        who: "anna",
        request: () => call("anna", "POST", `/api/clients/${pending.id}/resend-invite`),
        subjects: ["pat"],
      },
      "GET /api/clients/:id/packages": {
        who: "anna",
        request: get("anna", `/api/clients/${O}/packages`),
        subjects: ["olga"],
      },
      "POST /api/clients/:id/packages": {
        who: "anna",
        request: async () => {
          const res = await call("anna", "POST", `/api/clients/${O}/packages`, {
            introductionsPromised: 3,
            startsOn: day(0),
            endsOn: day(90),
            price: 500,
            currency: "EUR",
          });
          packageId = res.json().id as string;
          return res;
        },
        subjects: ["olga"],
      },
      // The lists: each client shown on the page is recorded (not those on other pages).
      "GET /api/packages/overview": {
        who: "anna",
        request: get("anna", "/api/packages/overview?pageSize=100"),
        subjects: ["olga"],
        untouched: ["ivan"],
      },
      "GET /api/clients": {
        who: "anna",
        request: get("anna", "/api/clients?pageSize=100"),
        subjects: ["olga", "vera"],
        untouched: ["ivan"],
      },
      "GET /api/search/profiles": {
        who: "anna",
        request: get("anna", "/api/search/profiles?pageSize=100"),
        subjects: ["igor"],
      },
      "GET /api/introductions": {
        who: "boris",
        request: get("boris", "/api/introductions?pageSize=100"),
        subjects: ["olga", "ivan"],
      },
      "GET /api/matching/results": {
        who: "anna",
        request: get("anna", `/api/matching/results?clientId=${O}`),
        subjects: ["olga"],
      },
      "POST /api/clients/:id/packages/:packageId/pause": {
        who: "anna",
        request: () =>
          call("anna", "POST", `/api/clients/${O}/packages/${packageId}/pause`, { until: day(7) }),
        subjects: ["olga"],
      },
      "GET /api/clients/:id/recalibration": {
        who: "anna",
        request: get("anna", `/api/clients/${O}/recalibration`),
        subjects: ["olga"],
      },
      "GET /api/clients/:id/candidates": {
        who: "anna",
        request: get("anna", `/api/clients/${O}/candidates`),
        subjects: ["olga"],
      },
      "PUT /api/clients/:id/candidates/:candidateId": {
        who: "anna",
        request: () =>
          call("anna", "PUT", `/api/clients/${O}/candidates/${people.igor!.id}`, { priority: "yes" }),
        subjects: ["olga"],
        untouched: ["igor"],
      },
      "GET /api/clients/:id/candidates/:candidateId/profile": {
        who: "anna",
        request: get("anna", `/api/clients/${O}/candidates/${people.igor!.id}/profile`),
        subjects: ["igor"],
      },
      "PUT /api/clients/:id/email": {
        who: "anna",
        request: () =>
          call("anna", "PUT", `/api/clients/${pending.id}/email`, { email: "pat.pending@example.test" }),
        subjects: ["pat"],
      },
      "GET /api/clients/:id/consent-ledger": {
        who: "anna",
        request: get("anna", `/api/clients/${O}/consent-ledger`),
        subjects: ["olga"],
      },
      "GET /api/clients/:id/export": {
        who: "anna",
        request: get("anna", `/api/clients/${O}/export`),
        subjects: ["olga"],
      },
      "GET /api/clients/:id/consents": {
        who: "anna",
        request: get("anna", `/api/clients/${O}/consents`),
        subjects: ["olga"],
      },
      "GET /api/clients/:id/retention": {
        who: "anna",
        request: get("anna", `/api/clients/${O}/retention`),
        subjects: ["olga"],
      },
      "PUT /api/clients/:id/retention": {
        who: "anna",
        request: () => call("anna", "PUT", `/api/clients/${O}/retention`, { keep: false }),
        subjects: ["olga"],
      },
      "GET /api/clients/export": {
        who: "anna",
        request: get("anna", "/api/clients/export"),
        // Every client of hers is in the file: one row each.
        subjects: ["olga", "vera", "anton"],
        untouched: ["ivan"],
      },
      "POST /api/clients/import": {
        who: "anna",
        request: () => {
          const form = multipart("file", [
            { name: "clients.csv", data: Buffer.from(`email,city\n${olga.email},Sochi\n`), type: "text/csv" },
          ]);
          return t.app.inject({
            method: "POST",
            url: "/api/clients/import?duplicates=update",
            headers: { ...form.headers, cookie: cookies.anna! },
            payload: form.payload,
          });
        },
        subjects: ["olga"],
        untouched: ["vera"],
      },
      "GET /api/introductions/:id": {
        who: "boris",
        request: get("boris", `/api/introductions/${ivanIntro}`),
        subjects: ["olga", "ivan"],
      },
      "POST /api/introductions/:id/ask-client": {
        who: "anna",
        request: () => call("anna", "POST", `/api/introductions/${asking}/ask-client`, {}),
        subjects: ["vera"],
        untouched: ["igor"],
      },
      "GET /api/introductions/:id/contacts": {
        who: "ivan",
        request: get("ivan", `/api/introductions/${ivanIntro}/contacts`),
        subjects: ["olga"],
      },
      "PUT /api/introductions/:id/date": {
        who: "boris",
        request: () =>
          call("boris", "PUT", `/api/introductions/${datable}/date`, {
            startsAt: new Date(Date.now() + 5 * DAY).toISOString(),
            place: "Park",
          }),
        subjects: ["igor"],
        untouched: ["lena"],
      },
      "POST /api/introductions/:id/feedback": {
        who: "anna",
        request: () =>
          call("anna", "POST", `/api/introductions/${ivanIntro}/feedback`, {
            clientId: O,
            happened: true,
            meetAgain: "yes",
            ratings: { attraction: 4, conversation: 4, values: 4, manners: 4 },
          }),
        subjects: ["olga"],
        untouched: ["ivan"],
      },
      "POST /api/introductions/:id/:action": {
        who: "boris",
        request: () => call("boris", "POST", `/api/introductions/${proposal.json().id}/accept`),
        subjects: ["ilya"],
        untouched: ["zoya"],
      },
      "GET /api/profiles/:id": {
        who: "anna",
        request: get("anna", `/api/profiles/${O}`),
        subjects: ["olga"],
      },
      "PATCH /api/profiles/:id": {
        who: "admin",
        request: () => send("admin", "PATCH", `/api/profiles/${O}`, { city: "Kazan" }),
        subjects: ["olga"],
      },
      "POST /api/profiles/:id/certificates": {
        who: "anna",
        request: async () => {
          const res = await upload(
            "anna",
            `/api/profiles/${O}/certificates`,
            "certificates",
            await jpegWithGps(40, 30),
          );
          const again = await upload(
            "anna",
            `/api/profiles/${O}/certificates`,
            "certificates",
            await jpegWithGps(30, 40),
          );
          certificates = again.json().items;
          return res;
        },
        subjects: ["olga"],
      },
      "GET /api/profiles/:id/certificates": {
        who: "anna",
        request: get("anna", `/api/profiles/${O}/certificates`),
        subjects: ["olga"],
      },
      "PUT /api/profiles/:id/certificates/batch-remove": {
        who: "anna",
        request: () =>
          call("anna", "PUT", `/api/profiles/${O}/certificates/batch-remove`, {
            fileIds: [certificates[0]!.id],
          }),
        subjects: ["olga"],
      },
      "DELETE /api/profiles/:id/certificates/file": {
        who: "anna",
        request: () =>
          send("anna", "DELETE", `/api/profiles/${O}/certificates/file`, { fileUrl: certificates[1]!.url }),
        subjects: ["olga"],
      },
      "POST /api/profiles/:id/avatar": {
        who: "anna",
        request: async () => upload("anna", `/api/profiles/${O}/avatar`, "avatar", await jpegWithGps(64, 64)),
        subjects: ["olga"],
      },
      "GET /api/profiles/:id/gallery": {
        who: "anna",
        request: get("anna", `/api/profiles/${O}/gallery`),
        subjects: ["olga"],
      },
      "POST /api/profiles/:id/gallery": {
        who: "anna",
        request: async () =>
          upload("anna", `/api/profiles/${O}/gallery`, "photos", await jpegWithGps(50, 40)),
        subjects: ["olga"],
      },
      "PUT /api/profiles/:id/gallery/main": {
        who: "anna",
        request: () => call("anna", "PUT", `/api/profiles/${O}/gallery/main`, { photoId: photoBId }),
        subjects: ["olga"],
      },
      "PUT /api/profiles/:id/gallery/batch-remove": {
        who: "anna",
        request: () =>
          call("anna", "PUT", `/api/profiles/${O}/gallery/batch-remove`, { photoIds: [photoA!.id] }),
        subjects: ["olga"],
      },
      "GET /api/profiles/:id/display-settings": {
        who: "anna",
        request: get("anna", `/api/profiles/${O}/display-settings`),
        subjects: ["olga"],
      },
      "PUT /api/profiles/:id/display-settings": {
        who: "anna",
        request: () => call("anna", "PUT", `/api/profiles/${O}/display-settings`, { fields: { city: true } }),
        subjects: ["olga"],
      },
      "GET /api/profiles/:id/password": {
        who: "anna",
        request: get("anna", `/api/profiles/${O}/password`),
        subjects: ["olga"],
      },
      "PUT /api/profiles/:id/password": {
        who: "anna",
        request: () =>
          call("anna", "PUT", `/api/profiles/${O}/password`, { password: "", confirmPassword: "" }),
        subjects: ["olga"],
      },
    };
    // Recalibration's accept and dismiss need declines the fixture has none of: their refusal
    // (409) is checked to record nothing, below; their success records through the same hook.
    const refused = [
      "POST /api/clients/:id/recalibration/accept",
      "POST /api/clients/:id/recalibration/dismiss",
    ];

    // The public profile behind its password records "someone with the link" (no actor):
    // access-log-actors.api.test.ts walks these.
    const byLink = ["POST /api/public/profiles/:id/access", "GET /api/public/profiles/:id"];

    // Every audited route is walked, and every route of a client's data is audited but these:
    // deleting or erasing a client (their log goes with them) and reading the log itself.
    const audited = ENDPOINTS.filter((def) => def.audit).map(endpointId);
    expect([...Object.keys(steps), ...refused, ...byLink].sort()).toEqual([...audited].sort());
    const notAudited = [
      "DELETE /api/clients/:id",
      "GET /api/clients/:id/access-log",
      // Erasing a client deletes their log with them (erasure.api.test.ts).
      "POST /api/clients/:id/erase",
    ];
    const ofClients = ENDPOINTS.filter((def) =>
      /^\/api\/(clients|profiles|introductions)\/:id(\/|$)/.test(def.path),
    )
      .filter((def) => !def.audit)
      .map(endpointId);
    expect(ofClients.sort()).toEqual(notAudited.sort());

    const admin = await seedAdmin(t.database.db);
    people.admin = admin;
    cookies.admin = (await signIn(t.app, admin.email)).cookie;

    for (const [id, step] of Object.entries(steps)) {
      const before = new Map<string, number>();
      for (const s of step.subjects) before.set(s, (await rowsOf(people[s]!.id)).length);
      const untouched = new Map<string, number>();
      for (const s of step.untouched ?? []) untouched.set(s, (await rowsOf(people[s]!.id)).length);
      const res = await step.request();
      expect([id, ok(res.statusCode)]).toEqual([id, true]);
      for (const [s, n] of untouched)
        expect([id, s, (await rowsOf(people[s]!.id)).length]).toEqual([id, s, n]);
      for (const s of step.subjects) {
        const rows = await rowsOf(people[s]!.id);
        const mine = rows.filter((r) => r.what === id && r.actorId === people[step.who]!.id);
        expect([id, s, rows.length > before.get(s)!, mine.length > 0]).toEqual([id, s, true, true]);
        const row = mine.at(-1)!;
        expect(row.action).toBe(id.startsWith("GET ") ? "view" : "change");
        expect(row.actorRole).toBe(people[step.who]!.role);
        expect(row.ip).toBeTruthy();
      }
    }
    for (const id of refused) {
      const before = (await rowsOf(O)).length;
      const [method, path] = id.split(" ") as ["POST", string];
      const res = await call("anna", method, path.replace(":id", O), { version: "v" });
      expect(res.statusCode).toBe(409);
      expect((await rowsOf(O)).length).toBe(before);
    }

    // A view repeated within ten minutes is one entry; every change is one.
    const count = async (what: string) =>
      (await rowsOf(O)).filter((r) => r.what === what && r.actorId === people.anna!.id).length;
    const views = await count("GET /api/clients/:id");
    const changes = await count("PUT /api/clients/:id/status");
    expect((await call("anna", "GET", `/api/clients/${O}`)).statusCode).toBe(200);
    expect((await call("anna", "PUT", `/api/clients/${O}/status`, { status: "active" })).statusCode).toBe(
      200,
    );
    expect(await count("GET /api/clients/:id")).toBe(views);
    expect(await count("PUT /api/clients/:id/status")).toBe(changes + 1);

    // The client's own reads and changes are not in their log.
    const before = (await rowsOf(O)).length;
    expect((await call("olga", "GET", `/api/profiles/${O}`)).statusCode).toBe(200);
    expect((await call("olga", "GET", `/api/profiles/${O}/gallery`)).statusCode).toBe(200);
    expect((await call("olga", "GET", "/api/me/export")).statusCode).toBe(200);
    expect((await rowsOf(O)).length).toBe(before);

    // The matchmaker reads the whole log, newest first; another matchmaker cannot.
    const log = await call("anna", "GET", `/api/clients/${O}/access-log?pageSize=100`);
    expect(log.statusCode).toBe(200);
    const view = AccessLogView.parse(log.json());
    expect(view.total).toBe(before);
    expect(view.items[0]).toMatchObject({
      actorId: people.anna!.id,
      actorName: `${people.anna!.firstName} ${people.anna!.lastName}`,
      actorRole: "INVITER",
      action: "change",
      what: "PUT /api/clients/:id/status",
    });
    expect(view.items[0]!.ip).toBeTruthy();
    // Another agency's matchmaker by role and agency only, the other client by role only: no id,
    // name or address of someone who is not this matchmaker's to know.
    const boris = view.items.find(
      (i) => i.what === "GET /api/introductions/:id" && i.actorRole === "INVITER",
    );
    expect(boris).toMatchObject({
      actorKnown: false,
      actorId: null,
      actorName: null,
      actorAgency: "Boris Agency",
      ip: null,
    });
    const ivan = view.items.find((i) => i.what === "GET /api/introductions/:id/contacts");
    expect(ivan).toMatchObject({
      actorKnown: false,
      actorId: null,
      actorName: null,
      actorRole: "INVITEE",
      actorAgency: null,
      ip: null,
    });
    // An admin reading knows everyone.
    const forAdmin = AccessLogView.parse(
      (await call("admin", "GET", `/api/clients/${O}/access-log?pageSize=100`)).json(),
    );
    expect(forAdmin.items.find((i) => i.id === boris!.id)).toMatchObject({
      actorKnown: true,
      actorId: people.boris!.id,
    });
    expect(forAdmin.items.find((i) => i.id === boris!.id)!.ip).toBeTruthy();
    expect((await call("boris", "GET", `/api/clients/${O}/access-log`)).statusCode).toBe(404);
    // Reading the log is not itself logged.
    expect((await rowsOf(O)).length).toBe(before);

    // The client sees a summary: who by role and agency, how often, when last.
    const summary = await call("olga", "GET", "/api/me/access-log");
    expect(summary.statusCode).toBe(200);
    const s = AccessSummaryView.parse(summary.json());
    expect(s.keptMonths).toBe(12);
    const byRole = Object.fromEntries(s.items.map((i) => [`${i.actorRole}:${i.actorAgency ?? ""}`, i]));
    // Boris saw her in his introductions list and read the introduction once; his steps in it
    // (accepting, asking his client) changed nothing of Olga's.
    expect(byRole["INVITER:Boris Agency"]).toMatchObject({ views: 2, changes: 0 });
    expect(byRole["INVITEE:"]).toMatchObject({ views: 1, changes: 0 });
    expect(byRole["ADMIN:"]).toMatchObject({ views: 0, changes: 1 });
    const total = s.items.reduce((n, i) => n + i.views + i.changes, 0);
    expect(total).toBe(before);
    expect(summary.body).not.toContain("ip");
  });

  it("keeps rows for 12 months: the sweep deletes older ones only", async () => {
    const vera = people.vera!;
    const db = t.database.db;
    const now = new Date("2030-06-15T12:00:00Z");
    const row = (at: Date) => ({
      id: newId(),
      clientId: vera.id,
      actorId: people.anna!.id,
      actorRole: "INVITER" as const,
      action: "view",
      what: "GET /api/clients/:id",
      ip: "192.0.2.1",
      at,
    });
    const old = row(new Date("2029-06-15T11:00:00Z"));
    const recent = row(new Date("2029-06-15T13:00:00Z"));
    await db.insert(clientAccessLog).values([old, recent]);
    await sweepAccessLog(db, now);
    const left = (await rowsOf(vera.id)).map((r) => r.id);
    expect(left).not.toContain(old.id);
    expect(left).toContain(recent.id);
  });
});
