import { and, count, eq } from "drizzle-orm";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { clientProfiles, users } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import { updateUser } from "../users/service.js";

let t: TestApp;
let ownerId: string;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await seedMatchmaker(t.database.db);
  ownerId = owner.id;
  cookie = (await signIn(t.app, owner.email)).cookie;
  const other = await seedMatchmaker(t.database.db);
  otherCookie = (await signIn(t.app, other.email)).cookie;
});
afterAll(() => t.close());

/** The import form: `mapping` (when given) then `file`, as the page sends them. */
function form(file: Buffer, mapping?: Record<string, string | null>) {
  const boundary = `----matchdesk${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (mapping) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(mapping)}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clients.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  file: Buffer | string,
  query = "",
  mapping?: Record<string, string | null>,
  as = cookie,
) {
  const body = form(typeof file === "string" ? Buffer.from(file) : file, mapping);
  return t.app.inject({
    method: "POST",
    url: `/api/clients/import${query}`,
    payload: body.payload,
    headers: { ...body.headers, cookie: as },
  });
}

async function clientByEmail(email: string) {
  const [row] = await t.database.db
    .select({ user: users, profile: clientProfiles })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(eq(users.email, email));
  return row;
}

async function clientCount(inviterId = ownerId) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.inviterId, inviterId), eq(users.role, "INVITEE")));
  return row!.n;
}

describe("[client-import] CSV import", () => {
  it("previews a UTF-8 comma file without writing: headers, the guessed mapping, counts and errors", async () => {
    const csv = [
      "email,firstName,lastName,phone,gender,dateOfBirth,height,city",
      "dry.one@example.test,Dry,One,+7 900 111-22-33,FEMALE,1990-05-17,170,Moscow",
      "dry.two@example.test,Dry,Two,,male,,,",
    ].join("\n");
    const before = await clientCount();
    const res = await upload(csv, "?dryRun=true");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      dryRun: true,
      duplicates: "update",
      encoding: "utf-8",
      separator: ",",
      rows: 2,
      created: 2,
      updated: 0,
      skipped: 0,
      errorRows: 0,
      errors: [],
    });
    expect(body.headers).toEqual([
      "email",
      "firstName",
      "lastName",
      "phone",
      "gender",
      "dateOfBirth",
      "height",
      "city",
    ]);
    expect(body.mappingGuess).toMatchObject({ email: "email", height: "height", city: "city" });
    expect(body.preview[0]).toEqual({
      row: 1,
      cells: [
        "dry.one@example.test",
        "Dry",
        "One",
        "+7 900 111-22-33",
        "FEMALE",
        "1990-05-17",
        "170",
        "Moscow",
      ],
    });
    expect(await clientCount()).toBe(before);
    expect(await clientByEmail("dry.one@example.test")).toBeUndefined();
  });

  it("reads a Windows-1251 file with semicolons, Russian headers and Russian labels", async () => {
    const csv = [
      "Эл. почта;Имя;Фамилия;Телефон;Пол;Дата рождения;Рост;Страна;Город;Вероисповедание;Курение;Языки;Есть домашние животные",
      "ru.one@example.test;Ольга;Иванова;8 (916) 123-45-67;Женщина;17.05.1990;168;Россия;Москва;Христианство;Нет;русский, английский;да",
      '"ru.two@example.test";"Иван";"Петров";;Мужчина;;;Германия;"Берлин; центр";Атеизм;;;нет',
    ].join("\r\n");
    const res = await upload(iconv.encode(csv, "win1251"));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ encoding: "windows-1251", separator: ";", created: 2, errorRows: 0 });
    const one = await clientByEmail("ru.one@example.test");
    expect(one?.user).toMatchObject({
      firstName: "Ольга",
      lastName: "Иванова",
      phone: "+79161234567",
      gender: "FEMALE",
      inviterId: ownerId,
      role: "INVITEE",
    });
    expect(one?.profile).toMatchObject({
      dateOfBirth: "1990-05-17",
      height: 168,
      country: "RU",
      city: "Москва",
      faith: "CHRISTIANITY",
      smoking: "NO",
      languagesSpoken: ["русский", "английский"],
      hasPets: true,
    });
    const two = await clientByEmail("ru.two@example.test");
    expect(two?.profile).toMatchObject({
      country: "DE",
      city: "Берлин; центр",
      faith: "ATHEISM",
      hasPets: false,
    });
  });

  it("reads UTF-8 with a BOM and semicolons, with the mapping the form sends", async () => {
    const csv = "\uFEFFMail;Given;Family;Job;Eyes\nmapped@example.test;Mia;Mapped;Pilot;Blue\n";
    const res = await upload(csv, "", {
      Mail: "email",
      Given: "firstName",
      Family: "lastName",
      Job: "profession",
      Eyes: "eyeColor",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      encoding: "utf-8",
      separator: ";",
      headers: ["Mail", "Given", "Family", "Job", "Eyes"],
      created: 1,
    });
    expect((await clientByEmail("mapped@example.test"))?.profile).toMatchObject({
      profession: "Pilot",
      eyeColor: "BLUE",
    });
  });

  it("guesses SmartMatchApp's and common English header names", async () => {
    const csv =
      "First Name,Last Name,Email Address,Mobile Phone,Birthday,Occupation,Religion,Marital Status\n";
    const res = await upload(
      `${csv}A,B,a@example.test,+79001234567,1990-01-01,Chef,Islam,Divorced\n`,
      "?dryRun=true",
    );
    expect(res.json().mappingGuess).toEqual({
      "First Name": "firstName",
      "Last Name": "lastName",
      "Email Address": "email",
      "Mobile Phone": "phone",
      Birthday: "dateOfBirth",
      Occupation: "profession",
      Religion: "faith",
      "Marital Status": "marriageStatus",
    });
    expect(res.json().errors).toEqual([]);
  });

  it("updates a duplicate (same e-mail, or the same phone however written) or skips it, never a second person", async () => {
    const db = t.database.db;
    const existing = await seedClient(db, ownerId, { email: "dup@example.test", firstName: "Old" });
    await updateUser(db, existing.id, { phone: "+7 (903) 555-44-33" });
    const before = await clientCount();

    const skip = await upload(
      "email,firstName,lastName,phone,city\nDUP@example.test,New,Name,,Kazan\nother@example.test,Other,Person,8 903 555 44 33,Omsk\n",
      "?duplicates=skip",
    );
    expect(skip.json()).toMatchObject({ created: 0, updated: 0, skipped: 2 });
    expect((await clientByEmail("dup@example.test"))?.user.firstName).toBe("Old");

    const update = await upload(
      "email,firstName,lastName,phone,city\nDUP@example.test,New,Name,,Kazan\nother@example.test,Other,Person,8 903 555 44 33,Omsk\n",
    );
    expect(update.json()).toMatchObject({ created: 0, updated: 2, skipped: 0, errorRows: 0 });
    const after = await clientByEmail("dup@example.test");
    expect(after?.user).toMatchObject({ firstName: "Other", lastName: "Person", phone: "+79035554433" });
    expect(after?.profile?.city).toBe("Omsk");
    expect(await clientByEmail("other@example.test")).toBeUndefined();

    // Two rows of one new person in one file: the first creates, the second updates it.
    const twice = await upload(
      "email,firstName,lastName,city\ntwice@example.test,Tw,Ice,Riga\nTWICE@example.test,Tw,Ice,Vilnius\n",
    );
    expect(twice.json()).toMatchObject({ created: 1, updated: 1 });
    expect((await clientByEmail("twice@example.test"))?.profile?.city).toBe("Vilnius");
    expect(await clientCount()).toBe(before + 1);
  });

  it("reports each bad row (row, field, message) and writes nothing of it; good rows are imported", async () => {
    const csv = [
      "email,firstName,lastName,gender,height,dateOfBirth,childrenCount,childrenAges,wantsMoreChildren",
      "good.row@example.test,Good,Row,FEMALE,165,,,,",
      "not-an-email,Bad,Email,,,,,,",
      "bad.enum@example.test,Bad,Enum,robot,,,,,",
      "bad.height@example.test,Bad,Height,,400,,,,",
      "no.name@example.test,,NoName,,,,,,",
      "bad.date@example.test,Bad,Date,,,1990-13-45,,,",
      "bad.ages@example.test,Bad,Ages,,,,1,3; 5,",
      "bad.flag@example.test,Bad,Flag,,,,,,maybe",
      "good.two@example.test,Good,Two,male,180,,2,3|5,yes",
    ].join("\n");
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ rows: 9, created: 2, errorRows: 7 });
    const byRow = Object.fromEntries(body.errors.map((e: { row: number }) => [e.row, e]));
    expect(byRow[2]).toMatchObject({ field: "email", column: "email", code: "invalid" });
    expect(byRow[3]).toMatchObject({ field: "gender", column: "gender", code: "unknown_value" });
    expect(byRow[4]).toMatchObject({ field: "height", code: "invalid", message: "Maximum is 250" });
    expect(byRow[5]).toMatchObject({ field: "firstName", code: "required" });
    expect(byRow[6]).toMatchObject({ field: "dateOfBirth", code: "invalid" });
    expect(byRow[7]).toMatchObject({ field: "childrenAges", code: "invalid" });
    expect(byRow[8]).toMatchObject({ field: "wantsMoreChildren", code: "invalid" });
    for (const email of [
      "bad.enum@example.test",
      "bad.height@example.test",
      "no.name@example.test",
      "bad.ages@example.test",
    ]) {
      expect(await clientByEmail(email)).toBeUndefined();
    }
    expect((await clientByEmail("good.two@example.test"))?.profile).toMatchObject({
      height: 180,
      childrenCount: 2,
      childrenAges: [3, 5],
      wantsMoreChildren: true,
    });
  });

  it("refuses a row whose e-mail is another matchmaker's client, and writes nothing of it", async () => {
    const res = await upload(
      "email,firstName,lastName\ndup@example.test,Taken,Elsewhere\n",
      "",
      undefined,
      otherCookie,
    );
    expect(res.json()).toMatchObject({
      created: 0,
      errorRows: 1,
      errors: [{ row: 1, field: "email", code: "email_taken" }],
    });
    expect((await clientByEmail("dup@example.test"))?.user.firstName).toBe("Other");
  });

  it("refuses a form without a file, a broken CSV, a mapping that does not fit, and a non-multipart body", async () => {
    const noFile = await t.app.inject({
      method: "POST",
      url: "/api/clients/import",
      payload: '--b\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n{}\r\n--b--\r\n',
      headers: { "content-type": "multipart/form-data; boundary=b", cookie },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe("IMPORT_FILE_REQUIRED");

    const broken = await upload('email,firstName\n"unterminated,Ann\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe("IMPORT_FILE_UNREADABLE");

    const empty = await upload("");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe("IMPORT_FILE_UNREADABLE");

    const unknownColumn = await upload("email\nx@y.test\n", "", { nope: "email" });
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: { mapping: [expect.any(String)] },
    });
    const unknownField = await upload("email\nx@y.test\n", "", { email: "password" });
    expect(unknownField.statusCode).toBe(400);

    const json = await t.app.inject({
      method: "POST",
      url: "/api/clients/import",
      payload: {},
      headers: { cookie },
    });
    expect(json.statusCode).toBe(415);
  });

  it("asks an admin whose clients the rows become", async () => {
    const admin = await seedAdmin(t.database.db);
    const adminCookie = (await signIn(t.app, admin.email)).cookie;
    const none = await upload(
      "email,firstName,lastName\nadm@example.test,Ad,Min\n",
      "",
      undefined,
      adminCookie,
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe("MATCHMAKER_REQUIRED");
    const res = await upload(
      "email,firstName,lastName\nadm@example.test,Ad,Min\n",
      `?matchmakerId=${ownerId}`,
      undefined,
      adminCookie,
    );
    expect(res.json()).toMatchObject({ created: 1 });
    expect((await clientByEmail("adm@example.test"))?.user.inviterId).toBe(ownerId);
  });

  it("imports a 10,000-row file", { timeout: 300_000 }, async () => {
    const matchmaker = await seedMatchmaker(t.database.db);
    const bulkCookie = (await signIn(t.app, matchmaker.email)).cookie;
    const lines = ["email,firstName,lastName,gender,height,city,phone"];
    for (let i = 0; i < 10_000; i++) {
      lines.push(
        `bulk-${i}@import.test,Name${i},Bulk,${i % 2 ? "MALE" : "FEMALE"},${150 + (i % 50)},City ${i % 100},+7 901 ${String(i).padStart(7, "0")}`,
      );
    }
    const res = await upload(lines.join("\n"), "", undefined, bulkCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: 10_000, created: 10_000, errorRows: 0 });
    expect(await clientCount(matchmaker.id)).toBe(10_000);
    expect((await clientByEmail("bulk-9999@import.test"))?.profile).toMatchObject({
      height: 199,
      city: "City 99",
    });
  });
});

describe("[client-import] CSV export", () => {
  it("exports the caller's clients with every questionnaire field, which imports back unchanged", async () => {
    const matchmaker = await seedMatchmaker(t.database.db);
    const mCookie = (await signIn(t.app, matchmaker.email)).cookie;
    const client = await seedClient(t.database.db, matchmaker.id, {
      email: "full@example.test",
      firstName: "Full",
      lastName: "Questionnaire",
    });
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/profiles/${client.id}`,
      headers: { cookie: mCookie },
      payload: {
        phone: "+7 999 123-45-67",
        gender: "FEMALE",
        dateOfBirth: "1991-02-03",
        height: 172,
        weight: 60,
        ethnicity: "WHITE",
        incomeLevel: "FROM_1M_TO_5M",
        country: "RU",
        city: "Saint Petersburg",
        profession: "Architect, urban",
        aboutMe: 'Loves "quotes", commas, semicolons; and\nnew lines',
        languagesSpoken: ["Russian", "English"],
        childrenCount: 1,
        childrenAges: [4],
        wantsMoreChildren: false,
        citizenship: ["RU", "DE"],
        openToRelocation: true,
        bodyType: "SLIM",
        smoking: "NO",
        zodiacSign: "AQUARIUS",
        interests: { travel: ["Italy, mostly"], music: ["Jazz", "Rock"] },
        psychology: { empathy: 80, narcissism: 10 },
      },
    });
    expect(patch.statusCode).toBe(200);
    await seedClient(t.database.db, matchmaker.id, {
      email: "bare@example.test",
      firstName: "Bare",
      lastName: "Minimum",
    });

    const exported = await t.app.inject({
      method: "GET",
      url: "/api/clients/export?format=csv",
      headers: { cookie: mCookie },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toContain("text/csv");
    const text = exported.body;
    const lines = text.replace(/^\uFEFF/, "").split("\n");
    expect(lines[0]).toMatch(/^email,firstName,lastName,phone,gender,dateOfBirth,/);
    expect(lines[0]).toContain("interests.travel");
    expect(lines[0]).toContain("psychology.empathy");
    expect(text).toContain("full@example.test");
    expect(text).toContain("bare@example.test");
    expect(text).not.toContain("dup@example.test");

    const before = await clientByEmail("full@example.test");
    const back = await upload(Buffer.from(exported.rawPayload), "", undefined, mCookie);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ rows: 2, created: 0, updated: 2, errorRows: 0 });
    const after = await clientByEmail("full@example.test");
    const { updatedAt: _a, ...profileBefore } = before!.profile!;
    const { updatedAt: _b, ...profileAfter } = after!.profile!;
    expect(profileAfter).toEqual(profileBefore);
    expect(after!.profile).toMatchObject({
      interests: { travel: ["Italy, mostly"], music: ["Jazz", "Rock"] },
      empathy: 80,
    });
    const again = await t.app.inject({
      method: "GET",
      url: "/api/clients/export",
      headers: { cookie: mCookie },
    });
    expect(again.body).toBe(text);
  });

  it("answers another matchmaker only their own clients", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/clients/export",
      headers: { cookie: otherCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\n"),
    ).toHaveLength(1);
  });
});
