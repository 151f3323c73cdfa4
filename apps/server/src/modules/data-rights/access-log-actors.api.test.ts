import { AccessLogView, AccessSummaryView } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn } from "../../../test/app.js";
import { jpegWithGps, multipart } from "../../../test/images.js";
import { call, cookies, people, setupIntroductionsApp, t } from "../../../test/introductions.js";
import { clientAccessLog, clientProfiles, users } from "../../db/schema/index.js";
import { seedAdmin } from "../../seed/seed.js";
import { REPEATED_VIEW_MINUTES, recordAccess } from "./access-log.js";

// Issue 20: who the access log names beyond a person signed in: a script with one of their API
// keys, someone with the public profile's password (no account); and the CSV export and import,
// which touch many clients at once.

setupIntroductionsApp();

const rowsOf = (clientId: string) =>
  t.database.db.select().from(clientAccessLog).where(eq(clientAccessLog.clientId, clientId));
const rowsWhat = async (clientId: string, what: string) =>
  (await rowsOf(clientId)).filter((r) => r.what === what);
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function createKey(who: string, name: string) {
  const res = await call(who, "POST", "/api/api-keys", { name });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; secret: string };
}

function importCsv(who: string, csv: string, query = "?duplicates=update") {
  const form = multipart("file", [{ name: "clients.csv", data: Buffer.from(csv), type: "text/csv" }]);
  return t.app.inject({
    method: "POST",
    url: `/api/clients/import${query}`,
    headers: { ...form.headers, cookie: cookies[who]! },
    payload: form.payload,
  });
}

describe("[access log] API keys", () => {
  it("records a read through a key as the key's owner, with the key's id and its name at the time", async () => {
    const vera = people.vera!;
    const key = await createKey("anna", "CRM sync");
    const read = await t.app.inject({
      method: "GET",
      url: `/api/clients/${vera.id}`,
      headers: bearer(key.secret),
      remoteAddress: "198.51.100.7",
    });
    expect(read.statusCode).toBe(200);
    const [row] = await rowsWhat(vera.id, "GET /api/clients/:id");
    expect(row).toMatchObject({
      actorKind: "api_key",
      actorId: people.anna!.id,
      actorRole: "INVITER",
      apiKeyId: key.id,
      apiKeyName: "CRM sync",
      action: "view",
      ip: "198.51.100.7",
    });
    // The same read signed in is an entry of its own: a script and the person are told apart.
    expect((await call("anna", "GET", `/api/clients/${vera.id}`)).statusCode).toBe(200);
    // Reading again through the key within ten minutes is the same entry.
    await t.app.inject({ method: "GET", url: `/api/clients/${vera.id}`, headers: bearer(key.secret) });
    const rows = await rowsWhat(vera.id, "GET /api/clients/:id");
    expect(rows.map((r) => r.actorKind).sort()).toEqual(["api_key", "person"]);

    // A change through the key is recorded with it too.
    const change = await t.app.inject({
      method: "PUT",
      url: `/api/clients/${vera.id}/status`,
      headers: bearer(key.secret),
      payload: { status: "active" },
    });
    expect(change.statusCode).toBe(200);
    expect(await rowsWhat(vera.id, "PUT /api/clients/:id/status")).toEqual([
      expect.objectContaining({ actorKind: "api_key", apiKeyId: key.id, action: "change" }),
    ]);

    // The matchmaker's view names the key; the key's row keeps its name after it is revoked.
    const revoke = await t.app.inject({
      method: "DELETE",
      url: `/api/api-keys/${key.id}`,
      headers: { cookie: cookies.anna! },
    });
    expect(revoke.statusCode).toBeLessThan(300);
    const log = AccessLogView.parse(
      (await call("anna", "GET", `/api/clients/${vera.id}/access-log?pageSize=100`)).json(),
    );
    const viaKey = log.items.filter((i) => i.actorKind === "api_key");
    expect(viaKey).toHaveLength(2);
    for (const item of viaKey) {
      expect(item).toMatchObject({
        actorKnown: true,
        actorId: people.anna!.id,
        actorName: `${people.anna!.firstName} ${people.anna!.lastName}`,
        apiKeyId: key.id,
        apiKeyName: "CRM sync",
      });
    }
    expect(log.items.find((i) => i.actorKind === "person")).toMatchObject({
      apiKeyId: null,
      apiKeyName: null,
    });

    // The client's summary counts the key's entries on a line of their own.
    const summary = AccessSummaryView.parse((await call("vera", "GET", "/api/me/access-log")).json());
    const line = (kind: string) =>
      summary.items.find((i) => i.actorKind === kind && i.actorRole === "INVITER");
    expect(line("api_key")).toMatchObject({ views: 1, changes: 1 });
    expect(line("person")).toMatchObject({ views: 1, changes: 0 });
    expect(JSON.stringify(summary)).not.toContain("CRM sync");
  });

  it("shows another agency's key by role and agency only, without the key's name", async () => {
    const ivan = people.ivan!;
    const olga = people.olga!;
    const key = await createKey("boris", "Boris's script");
    // Boris's key reads his own client: in Ivan's log, for Boris (his matchmaker), with the key.
    await t.app.inject({ method: "GET", url: `/api/clients/${ivan.id}`, headers: bearer(key.secret) });
    const own = AccessLogView.parse(
      (await call("boris", "GET", `/api/clients/${ivan.id}/access-log`)).json(),
    );
    expect(own.items[0]).toMatchObject({ actorKind: "api_key", apiKeyName: "Boris's script" });
    // Through Olga's candidate profile on Boris's side, Anna sees who but not which key.
    await t.database.db.insert(clientAccessLog).values({
      id: crypto.randomUUID(),
      clientId: olga.id,
      actorKind: "api_key",
      actorId: people.boris!.id,
      actorRole: "INVITER",
      apiKeyId: key.id,
      apiKeyName: "Boris's script",
      action: "view",
      what: "GET /api/introductions/:id",
      ip: "192.0.2.9",
    });
    const log = AccessLogView.parse((await call("anna", "GET", `/api/clients/${olga.id}/access-log`)).json());
    expect(log.items.find((i) => i.actorKind === "api_key")).toMatchObject({
      actorKnown: false,
      actorId: null,
      actorAgency: "Boris Agency",
      apiKeyId: null,
      apiKeyName: null,
      ip: null,
    });
  });
});

describe("[access log] CSV export and import", () => {
  it("records a view of each exported client, once within ten minutes, and of no one else's", async () => {
    const before = new Map<string, number>();
    const all = await t.database.db
      .select({ id: users.id, inviterId: users.inviterId, role: users.role })
      .from(users);
    const clients = all.filter((u) => u.role === "INVITEE");
    for (const c of clients) before.set(c.id, (await rowsWhat(c.id, "GET /api/clients/export")).length);
    const res = await call("carl", "GET", "/api/clients/export");
    expect(res.statusCode).toBe(200);
    // Carl has no clients: no rows at all.
    for (const c of clients)
      expect((await rowsWhat(c.id, "GET /api/clients/export")).length).toBe(before.get(c.id));

    const exported = await call("boris", "GET", "/api/clients/export");
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(people.ivan!.email);
    for (const c of clients) {
      const rows = await rowsWhat(c.id, "GET /api/clients/export");
      const mine = c.inviterId === people.boris!.id;
      expect([c.id, rows.length - before.get(c.id)!]).toEqual([c.id, mine ? 1 : 0]);
      if (mine) {
        expect(rows.at(-1)).toMatchObject({
          actorKind: "person",
          actorId: people.boris!.id,
          actorRole: "INVITER",
          action: "view",
        });
      }
    }
    // Exporting again at once adds nothing: the same view of the same data.
    await call("boris", "GET", "/api/clients/export");
    expect(await rowsWhat(people.ivan!.id, "GET /api/clients/export")).toHaveLength(1);

    // An admin exports every client: a row in each client's log.
    const admin = await seedAdmin(t.database.db);
    people.admin = admin;
    cookies.admin = (await signIn(t.app, admin.email)).cookie;
    expect((await call("admin", "GET", "/api/clients/export")).statusCode).toBe(200);
    for (const c of clients) {
      const rows = await rowsWhat(c.id, "GET /api/clients/export");
      expect([c.id, rows.some((r) => r.actorId === admin.id)]).toEqual([c.id, true]);
    }
  });

  it("records a change of each client an import created or updated, and nothing for a dry run", async () => {
    const zoya = people.zoya!;
    const csv = [
      "email,firstName,lastName,city",
      `${zoya.email},,,Kazan`,
      "new-one@example.test,Nina,Newton,Omsk",
      "new-two@example.test,Nora,Norton,Tver",
      "not-an-email,Bad,Row,Perm",
    ].join("\n");
    const dry = await importCsv("anna", csv, "?duplicates=update&dryRun=true");
    expect(dry.statusCode).toBe(200);
    expect(await rowsWhat(zoya.id, "POST /api/clients/import")).toEqual([]);

    const res = await importCsv("anna", csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, updated: 1, errorRows: 1 });
    const created = await t.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.inviterId, people.anna!.id));
    const touched = [zoya.id, ...created.filter((u) => u.email?.startsWith("new-")).map((u) => u.id)];
    expect(touched).toHaveLength(3);
    for (const id of touched) {
      expect(await rowsWhat(id, "POST /api/clients/import")).toEqual([
        expect.objectContaining({
          actorKind: "person",
          actorId: people.anna!.id,
          action: "change",
        }),
      ]);
    }
    // Every import is a change of its own, also within ten minutes; a skipped row touches no one.
    expect((await importCsv("anna", `email,city\n${zoya.email},Ufa\n`)).statusCode).toBe(200);
    expect(await rowsWhat(zoya.id, "POST /api/clients/import")).toHaveLength(2);
    expect((await importCsv("anna", `email,city\n${zoya.email},Ufa\n`, "?duplicates=skip")).statusCode).toBe(
      200,
    );
    expect(await rowsWhat(zoya.id, "POST /api/clients/import")).toHaveLength(2);

    // A file that stops being CSV part way: the rows before it are written, and recorded. The
    // broken line comes after some 100 KB of rows with errors, so the reader has written the
    // first row well before it reaches it.
    const mila = people.mila!;
    const filler = Array.from({ length: 5000 }, (_, i) => `not-an-email-${i},Perm`).join("\n");
    const broken = await importCsv("anna", `email,city\n${mila.email},Sochi\n${filler}\n"unclosed,Perm\n`);
    expect([broken.statusCode, broken.json().code]).toEqual([400, "IMPORT_FILE_UNREADABLE"]);
    const [written] = await t.database.db
      .select({ city: clientProfiles.city })
      .from(clientProfiles)
      .where(eq(clientProfiles.userId, mila.id));
    expect(written?.city).toBe("Sochi");
    expect(await rowsWhat(mila.id, "POST /api/clients/import")).toEqual([
      expect.objectContaining({ actorId: people.anna!.id, action: "change" }),
    ]);
  });
});

describe("[access log] the public profile", () => {
  it("records someone with the password as someone with the link: no actor, the address", async () => {
    const lena = people.lena!;
    const set = await call("anna", "PUT", `/api/profiles/${lena.id}/password`, {
      password: "open-sesame",
      confirmPassword: "open-sesame",
    });
    expect(set.statusCode).toBe(200);
    const open = (password: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/public/profiles/${lena.id}/access`,
        remoteAddress: "203.0.113.5",
        payload: { password },
      });
    // A wrong password records nothing.
    expect((await open("wrong-one")).statusCode).toBe(401);
    expect(await rowsWhat(lena.id, "POST /api/public/profiles/:id/access")).toEqual([]);

    const opened = await open("open-sesame");
    expect(opened.statusCode).toBe(200);
    const accessCookie = opened.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const again = await t.app.inject({
      method: "GET",
      url: `/api/public/profiles/${lena.id}`,
      remoteAddress: "203.0.113.5",
      headers: { cookie: accessCookie },
    });
    expect(again.statusCode).toBe(200);
    // Within ten minutes from the same address, the same read is one entry.
    await t.app.inject({
      method: "GET",
      url: `/api/public/profiles/${lena.id}`,
      remoteAddress: "203.0.113.5",
      headers: { cookie: accessCookie },
    });
    const rows = (await rowsOf(lena.id)).filter((r) => r.what.includes("/api/public/"));
    expect(rows.map((r) => r.what).sort()).toEqual([
      "GET /api/public/profiles/:id",
      "POST /api/public/profiles/:id/access",
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorKind: "link",
        actorId: null,
        actorRole: null,
        apiKeyId: null,
        action: "view",
        ip: "203.0.113.5",
      });
    }

    // The client opening her own public profile while signed in is not in her log.
    const own = await t.app.inject({
      method: "POST",
      url: `/api/public/profiles/${lena.id}/access`,
      headers: { cookie: cookies.lena! },
      payload: { password: "open-sesame" },
    });
    expect(own.statusCode).toBe(200);
    expect((await rowsOf(lena.id)).filter((r) => r.what.includes("/api/public/"))).toHaveLength(2);

    // The matchmaker sees the entries with the address; the client, a line of their own.
    const log = AccessLogView.parse((await call("anna", "GET", `/api/clients/${lena.id}/access-log`)).json());
    expect(log.items.filter((i) => i.actorKind === "link")).toEqual([
      expect.objectContaining({
        actorKnown: true,
        actorId: null,
        actorName: null,
        actorRole: null,
        ip: "203.0.113.5",
      }),
      expect.objectContaining({
        actorKnown: true,
        actorId: null,
        actorName: null,
        actorRole: null,
        ip: "203.0.113.5",
      }),
    ]);
    const summary = AccessSummaryView.parse((await call("lena", "GET", "/api/me/access-log")).json());
    expect(summary.items.find((i) => i.actorKind === "link")).toMatchObject({
      actorRole: null,
      actorAgency: null,
      views: 2,
      changes: 0,
    });
  });
});

describe("[access log] files", () => {
  it("records the download of a client's certificate by someone signed in who is not the client, and of nothing else", async () => {
    const anton = people.anton!;
    const upload = async (field: string, url: string) => {
      const form = multipart(field, [{ name: "a.jpg", data: await jpegWithGps(40, 30) }]);
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { ...form.headers, cookie: cookies.anna! },
        payload: form.payload,
      });
      expect(res.statusCode).toBeLessThan(300);
      return res.json().items as { url: string }[];
    };
    const [certificate] = await upload("certificates", `/api/profiles/${anton.id}/certificates`);
    const [photo] = await upload("photos", `/api/profiles/${anton.id}/gallery`);
    const path = (url: string) => url.slice(url.indexOf("/api/files/"));
    const what = "GET /api/files/:folder/:name";
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "GET", url: path(url), headers, remoteAddress: "192.0.2.44" });

    // The client's own download, one without an account, and a photo: nothing.
    expect((await get(certificate!.url, { cookie: cookies.anton! })).statusCode).toBe(200);
    expect((await get(certificate!.url)).statusCode).toBe(200);
    expect((await get(photo!.url, { cookie: cookies.anna! })).statusCode).toBe(200);
    expect(await rowsWhat(anton.id, what)).toEqual([]);
    // A key that is no file: 404, nothing.
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/files/certificates/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg",
      headers: { cookie: cookies.anna! },
    });
    expect(missing.statusCode).toBe(404);
    expect(await rowsWhat(anton.id, what)).toEqual([]);

    // His matchmaker downloads it: a view, with her address.
    expect((await get(certificate!.url, { cookie: cookies.anna! })).statusCode).toBe(200);
    expect(await rowsWhat(anton.id, what)).toEqual([
      expect.objectContaining({
        actorKind: "person",
        actorId: people.anna!.id,
        action: "view",
        ip: "192.0.2.44",
      }),
    ]);
  });
});

describe("[access log] repeated views across instances", () => {
  it("takes a view another instance logged as this one's, from its own time, and asks no more within its window", async () => {
    const vera = people.vera!;
    const anna = people.anna!;
    const view = {
      clientIds: [vera.id],
      actor: { id: anna.id, role: "INVITER" as const },
      action: "view" as const,
      what: "TEST repeated view",
      ip: "198.51.100.9",
    };
    // Each instance keeps its own memory of the views it knows of: a Db object of its own.
    const instance = () => Object.create(t.database.db) as typeof t.database.db;
    const first = instance();
    await recordAccess(first, view);
    const [row] = await rowsWhat(vera.id, view.what);
    expect(row).toMatchObject({ actorId: anna.id, action: "view", ip: "198.51.100.9" });

    // A second instance finds the entry and writes none of its own.
    const second = instance();
    await recordAccess(second, view);
    expect(await rowsWhat(vera.id, view.what)).toHaveLength(1);
    // It now knows of that entry: with the entry gone, it asks nothing and writes nothing.
    await t.database.db.delete(clientAccessLog).where(eq(clientAccessLog.id, row!.id));
    await recordAccess(second, view);
    expect(await rowsWhat(vera.id, view.what)).toHaveLength(0);

    // An entry older than the window stands for nothing: a third instance writes a new one.
    await recordAccess(instance(), view);
    const [again] = await rowsWhat(vera.id, view.what);
    await t.database.db
      .update(clientAccessLog)
      .set({ at: new Date(Date.now() - (REPEATED_VIEW_MINUTES + 1) * 60_000) })
      .where(eq(clientAccessLog.id, again!.id));
    await recordAccess(instance(), view);
    expect(await rowsWhat(vera.id, view.what)).toHaveLength(2);
  });
});
