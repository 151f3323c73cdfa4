import { CONTACT_REQUIRED_MESSAGE } from "@matchdesk/contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { linkIn, startSmtpServer } from "../../../test/smtp.js";
import { users } from "../../db/schema/index.js";
import { seedClient, seedMatchmaker } from "../../seed/seed.js";

// Issue 17, item 11: a client known by phone only, worked on, found by phone however written,
// and invited once their matchmaker adds an address.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ownerId: string;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test" });
  const owner = await seedMatchmaker(t.database.db);
  ownerId = owner.id;
  cookie = (await signIn(t.app, owner.email)).cookie;
  otherCookie = (await signIn(t.app, (await seedMatchmaker(t.database.db)).email)).cookie;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object, c = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: c } });
const create = (payload: object) => send("POST", "/api/clients", payload);
const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;
const stored = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("[clients] a client without an e-mail", () => {
  it("is created with a phone only, stored as E.164, shown with a null e-mail", async () => {
    const res = await create({ firstName: "Inna", lastName: "Phone", phone: "+7 912 000-00-00" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: null, phone: "+79120000000", role: "INVITEE" });
    const row = await stored(res.json().id);
    expect(row).toMatchObject({ email: null, phone: "+79120000000", inviterId: ownerId });
    const item = await send("GET", `/api/clients/${row.id}`);
    expect(item.json()).toMatchObject({ email: null, phone: "+79120000000", hasRegistered: false });
  });

  it("reads a number without its country code as Russian, in any common writing", async () => {
    for (const [phone, e164] of [
      ["8 (913) 111-22-33", "+79131112233"],
      ["9134445566", "+79134445566"],
      ["+44 20 7946 0959", "+442079460959"],
    ] as const) {
      const res = await create({ firstName: "N", lastName: "Orm", phone });
      expect(res.statusCode).toBe(201);
      expect((await stored(res.json().id)).phone).toBe(e164);
    }
  });

  it("refuses a client with neither e-mail nor phone, and an invalid phone, writing nothing", async () => {
    const before = await userCount();
    const neither = await create({ firstName: "No", lastName: "Contact" });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: { email: [CONTACT_REQUIRED_MESSAGE], phone: [CONTACT_REQUIRED_MESSAGE] },
    });
    for (const phone of ["123", "+7 000 000", "call me", "8912000000000000"]) {
      const bad = await create({ firstName: "Bad", lastName: "Phone", phone });
      expect(bad.statusCode, phone).toBe(400);
      expect(bad.json().errors.phone).toEqual(["Invalid phone"]);
    }
    expect(await userCount()).toBe(before);
  });

  it("keeps staff to an e-mail in the database itself", async () => {
    await expect(
      t.database.db.update(users).set({ email: null, phone: "+79120000001" }).where(eq(users.id, ownerId)),
    ).rejects.toThrow();
    const client = await seedClient(t.database.db, ownerId);
    await expect(
      t.database.db.update(users).set({ email: null }).where(eq(users.id, client.id)),
    ).rejects.toThrow();
  });

  it("is found by the phone however it is typed", async () => {
    const res = await create({ firstName: "Searchable", lastName: "Person", phone: "+7 (915) 765-43-21" });
    const id = res.json().id;
    for (const q of [
      "+7 915 765-43-21",
      "89157654321",
      "9157654321",
      "79157654321",
      "765-43-21",
      "8915765",
    ]) {
      const found = await send("GET", `/api/clients?q=${encodeURIComponent(q)}`);
      expect(found.statusCode, q).toBe(200);
      expect(
        found.json().items.map((i: { id: string }) => i.id),
        q,
      ).toContain(id);
    }
    const none = await send("GET", `/api/clients?q=${encodeURIComponent("8 999 111-11-11")}`);
    expect(none.json().items.map((i: { id: string }) => i.id)).not.toContain(id);
  });

  it("is worked on: the questionnaire is saved, its phone normalized too", async () => {
    const res = await create({ firstName: "Work", lastName: "On", phone: "89160001122" });
    const id = res.json().id;
    const patch = await send("PATCH", `/api/profiles/${id}`, { city: "Kazan", phone: "8 916 000 11 23" });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().fields).toMatchObject({ city: "Kazan", phone: "+79160001123" });
    const found = await send("GET", `/api/clients?q=${encodeURIComponent("8 (916) 000-11-23")}`);
    expect(found.json().items.map((i: { id: string }) => i.id)).toContain(id);
  });

  it("keeps its phone: emptying it is a field error, not a server error, and changes nothing", async () => {
    const id = (await create({ firstName: "Keep", lastName: "Phone", phone: "+79180000000" })).json().id;
    const cleared = await send("PATCH", `/api/profiles/${id}`, { phone: null, city: "Omsk" });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: { phone: [CONTACT_REQUIRED_MESSAGE] },
    });
    expect((await stored(id)).phone).toBe("+79180000000");
    // With an e-mail the phone may go.
    expect(
      (await send("PUT", `/api/clients/${id}/email`, { email: "keep.phone@example.test" })).statusCode,
    ).toBe(200);
    const dropped = await send("PATCH", `/api/profiles/${id}`, { phone: null });
    expect(dropped.statusCode).toBe(200);
    expect((await stored(id)).phone).toBeNull();
  });

  it("stops links mailed to an old address when the matchmaker corrects it", async () => {
    const id = (await create({ firstName: "Typo", lastName: "Mail", email: "typo@exmaple.test" })).json().id;
    expect((await send("POST", `/api/clients/${id}/edit-link`)).statusCode).toBeLessThan(300);
    const link = linkIn((await smtp.lastTo("typo@exmaple.test")).text);
    const token = new URL(link).searchParams.get("token")!;
    const open = await send("GET", `/api/public/edit-profile/${id}?token=${encodeURIComponent(token)}`);
    expect(open.statusCode).toBe(200);
    expect((await send("PUT", `/api/clients/${id}/email`, { email: "typo@example.test" })).statusCode).toBe(
      200,
    );
    const old = await send("GET", `/api/public/edit-profile/${id}?token=${encodeURIComponent(token)}`);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe("EDIT_LINK_INVALID");
  });

  it("is not invited until an e-mail is added; then the invitation goes out", async () => {
    const id = (await create({ firstName: "Later", lastName: "Mail", phone: "+79170000000" })).json().id;
    const refused = await send("POST", `/api/clients/${id}/resend-invite`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("CLIENT_EMAIL_REQUIRED");
    const editLink = await send("POST", `/api/clients/${id}/edit-link`);
    expect(editLink.statusCode).toBe(409);
    expect(editLink.json().code).toBe("CLIENT_EMAIL_REQUIRED");

    // Another matchmaker cannot; a bad or taken address is refused and changes nothing.
    expect(
      (await send("PUT", `/api/clients/${id}/email`, { email: "x@example.test" }, otherCookie)).statusCode,
    ).toBe(404);
    const bad = await send("PUT", `/api/clients/${id}/email`, { email: "not-an-email" });
    expect(bad.statusCode).toBe(400);
    const taken = await seedClient(t.database.db, ownerId, { email: "taken@example.test" });
    const dup = await send("PUT", `/api/clients/${id}/email`, { email: "TAKEN@example.test" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe("EMAIL_TAKEN");
    expect((await stored(id)).email).toBeNull();

    const added = await send("PUT", `/api/clients/${id}/email`, { email: "Later.Mail@Example.test" });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id, email: "later.mail@example.test", phone: "+79170000000" });
    const invited = await send("POST", `/api/clients/${id}/resend-invite`);
    expect(invited.statusCode).toBe(204);
    expect(linkIn((await smtp.lastTo("later.mail@example.test")).text)).toContain("/app/register?invite=");

    // A registered client's address is their sign-in: their matchmaker does not change it.
    const registered = await send("PUT", `/api/clients/${taken.id}/email`, { email: "new@example.test" });
    expect(registered.statusCode).toBe(409);
    expect(registered.json().code).toBe("ALREADY_REGISTERED");
  });
});

describe("[clients] the CSV import and phones", () => {
  async function upload(csv: string, query = "") {
    const boundary = "----phoneonly";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: "POST",
      url: `/api/clients/import${query}`,
      payload,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie },
    });
  }

  it("creates phone-only rows, one person per number however written, and refuses a row with neither", async () => {
    const before = await userCount();
    const res = await upload(
      [
        "email,firstName,lastName,phone,city",
        ",Pavel,Import,8 (918) 222-33-44,Omsk",
        ",Pavel,Again,+7 918 222 33 44,Tomsk",
        ",Nobody,Reachable,,Perm",
        ",Bad,Number,12345,Perm",
      ].join("\n"),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, updated: 1, errorRows: 2 });
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        row: 3,
        field: "email",
        code: "required",
        message: CONTACT_REQUIRED_MESSAGE,
      }),
      expect.objectContaining({ row: 4, field: "phone", code: "invalid" }),
    ]);
    expect(await userCount()).toBe(before + 1);
    const [row] = await t.database.db.select().from(users).where(eq(users.phone, "+79182223344"));
    expect(row).toMatchObject({ email: null, firstName: "Pavel", lastName: "Again", inviterId: ownerId });

    // The client made on the page is the same person for a later file, by its normalized number.
    const again = await upload("firstName,lastName,phone\nPavel,Third,918-222-33-44\n", "?duplicates=skip");
    expect(again.json()).toMatchObject({ created: 0, skipped: 1 });
  });
});
