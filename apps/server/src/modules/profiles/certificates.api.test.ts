import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { jpegWithGps, multipart } from "../../../test/images.js";
import { seedMatchmaker } from "../../seed/seed.js";

let t: TestApp;
let cookie: string;
let otherCookie: string;
let userId: string;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

beforeAll(async () => {
  t = await buildTestApp();
  const mm = await seedMatchmaker(t.database.db);
  userId = mm.id;
  cookie = (await signIn(t.app, mm.email)).cookie;
  otherCookie = (await signIn(t.app, (await seedMatchmaker(t.database.db)).email)).cookie;
});
afterAll(() => t.close());

const upload = (
  files: { name: string; data: Buffer }[],
  url = "/api/profiles/me/certificates",
  c = cookie,
) => {
  const body = multipart("certificates", files);
  return t.app.inject({
    method: "POST",
    url,
    headers: { ...body.headers, cookie: c },
    payload: body.payload,
  });
};
const storedCount = () => {
  try {
    return readdirSync(path.join(t.dataDir, "files", "certificates")).length;
  } catch {
    return 0;
  }
};

describe("[certificates] agency certificate files", () => {
  it("stores a PDF unchanged and an image re-encoded", async () => {
    const res = await upload([
      { name: "diploma.pdf", data: PDF },
      { name: "award.jpg", data: await jpegWithGps() },
    ]);
    expect(res.statusCode).toBe(200);
    const { items, limit } = res.json();
    expect(limit).toBe(10);
    expect(items.map((c: { contentType: string; fileName: string }) => [c.fileName, c.contentType])).toEqual([
      ["diploma.pdf", "application/pdf"],
      ["award.jpg", "image/webp"],
    ]);
    const pdf = await t.app.inject({ method: "GET", url: items[0].url });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    // A PDF may carry scripts (an OpenAction): it is downloaded, never opened on our origin, and
    // every user file is sandboxed should a browser render it anyway.
    expect(pdf.headers["content-disposition"]).toBe("attachment");
    expect(pdf.headers["content-security-policy"]).toBe("sandbox");
    const image = await t.app.inject({ method: "GET", url: items[1].url });
    expect(image.headers["content-disposition"]).toBe("inline");
    expect(image.headers["content-security-policy"]).toBe("sandbox");
  });

  it("refuses other types and files over 10 MB, naming them, storing nothing", async () => {
    const before = storedCount();
    const doc = await upload([{ name: "cv.docx", data: Buffer.from("PK\u0003\u0004 word document") }]);
    expect(doc.statusCode).toBe(415);
    expect(doc.json()).toMatchObject({ code: "FILE_TYPE_NOT_ALLOWED", fileName: "cv.docx" });
    const big = await upload([
      { name: "scan.pdf", data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: "FILE_TOO_LARGE", fileName: "scan.pdf" });
    expect(storedCount()).toBe(before);
  });

  it("refuses a selection past 10 files with the counts", async () => {
    const res = await upload(Array.from({ length: 9 }, (_, i) => ({ name: `c${i}.pdf`, data: PDF })));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "CERTIFICATE_LIMIT_EXCEEDED",
      selected: 9,
      current: 2,
      remaining: 8,
    });
  });

  it("deletes one by URL and several by id; another matchmaker cannot", async () => {
    const list = (
      await upload([
        { name: "x.pdf", data: PDF },
        { name: "y.pdf", data: PDF },
      ])
    ).json().items;
    expect(list).toHaveLength(4);
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/api/profiles/${userId}/certificates/file`,
      headers: { cookie: otherCookie },
      payload: { fileUrl: list[0].url },
    });
    expect(foreign.statusCode).toBe(404);
    const one = await t.app.inject({
      method: "DELETE",
      url: "/api/profiles/me/certificates/file",
      headers: { cookie },
      payload: { fileUrl: list[0].url },
    });
    expect(one.json().items).toHaveLength(3);
    expect((await t.app.inject({ method: "GET", url: list[0].url })).statusCode).toBe(404);
    const many = await t.app.inject({
      method: "PUT",
      url: "/api/profiles/me/certificates/batch-remove",
      headers: { cookie },
      payload: { fileIds: [list[1].id, list[2].id] },
    });
    expect(many.json().items.map((c: { id: string }) => c.id)).toEqual([list[3].id]);
    const missing = await t.app.inject({
      method: "PUT",
      url: "/api/profiles/me/certificates/batch-remove",
      headers: { cookie },
      payload: { fileIds: [list[1].id] },
    });
    expect(missing.statusCode).toBe(404);
    // Listed again, by the owner and by id; another matchmaker sees nothing.
    const listed = await t.app.inject({
      method: "GET",
      url: "/api/profiles/me/certificates",
      headers: { cookie },
    });
    expect(listed.json()).toEqual({ items: many.json().items, limit: 10 });
    const byId = await t.app.inject({
      method: "GET",
      url: `/api/profiles/${userId}/certificates`,
      headers: { cookie: otherCookie },
    });
    expect(byId.statusCode).toBe(404);
    const removedById = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${userId}/certificates/batch-remove`,
      headers: { cookie: otherCookie },
      payload: { fileIds: [list[3].id] },
    });
    expect(removedById.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: list[3].url })).statusCode).toBe(200);
  });
});
