import { readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { hugePng, jpegWithGps, multipart, sidewaysJpeg } from "../../../test/images.js";
import { photos } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";

let t: TestApp;
let owner: UserRow;
let client: UserRow;
let ownerCookie: string;
let otherCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await seedMatchmaker(t.database.db);
  client = await seedClient(t.database.db, owner.id);
  ownerCookie = (await signIn(t.app, owner.email)).cookie;
  otherCookie = (await signIn(t.app, (await seedMatchmaker(t.database.db)).email)).cookie;
});
afterAll(() => t.close());

const upload = async (profileId: string, files: { name: string; data: Buffer }[], cookie = ownerCookie) => {
  const body = multipart("photos", files);
  return t.app.inject({
    method: "POST",
    url: `/api/profiles/${profileId}/gallery`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
};
const storedFiles = () => {
  const dir = path.join(t.dataDir, "files");
  try {
    return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".webp")).length;
  } catch {
    return 0;
  }
};
const rowsOf = (id: string) => t.database.db.select().from(photos).where(eq(photos.profileUserId, id));
const fetchFile = (url: string) => t.app.inject({ method: "GET", url });

describe("[media] gallery photos", () => {
  it("re-encodes photos to WebP within 1920 px, drops GPS tags, and makes the first one main", async () => {
    const original = await jpegWithGps(3000, 2000);
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const res = await upload(client.id, [
      { name: "beach.jpg", data: original },
      { name: "city.jpg", data: await jpegWithGps() },
    ]);
    expect(res.statusCode).toBe(200);
    const { items, limit } = res.json();
    expect(limit).toBe(10);
    expect(items).toHaveLength(2);
    expect(items.map((p: { isMain: boolean }) => p.isMain)).toEqual([true, false]);
    expect(items[0]).toMatchObject({ width: 1920, height: 1280 });

    const file = await fetchFile(items[0].url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    const thumb = await sharp((await fetchFile(items[0].thumbUrl)).rawPayload).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(400);
  });

  it("keeps the orientation a phone recorded", async () => {
    const res = await upload(client.id, [{ name: "sideways.jpg", data: await sidewaysJpeg() }]);
    const added = res.json().items.at(-1);
    expect(added).toMatchObject({ width: 100, height: 200 });
    await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${client.id}/gallery/batch-remove`,
      headers: { cookie: ownerCookie },
      payload: { photoIds: [added.id] },
    });
  });

  it("refuses a file that is not an image, naming it, and stores nothing", async () => {
    const before = { rows: (await rowsOf(client.id)).length, files: storedFiles() };
    const res = await upload(client.id, [
      { name: "ok.jpg", data: await jpegWithGps() },
      { name: "notes.jpg", data: Buffer.from("just some text pretending to be a photo") },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: "FILE_NOT_IMAGE", fileName: "notes.jpg" });
    expect(res.json().message).toContain("notes.jpg");
    expect((await rowsOf(client.id)).length).toBe(before.rows);
    expect(storedFiles()).toBe(before.files);
  });

  it("refuses a decompression bomb with 413", async () => {
    const res = await upload(client.id, [{ name: "huge.png", data: await hugePng() }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("IMAGE_TOO_LARGE");
  });

  it("refuses a selection past 10 photos with the selected, current and remaining counts", async () => {
    const fresh = await seedClient(t.database.db, owner.id);
    const image = await jpegWithGps(320, 240);
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: `p${i}.jpg`, data: image }));
    expect((await upload(fresh.id, nine)).statusCode).toBe(200);
    const filesBefore = storedFiles();
    const res = await upload(fresh.id, [
      { name: "a.jpg", data: image },
      { name: "b.jpg", data: image },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "PHOTO_LIMIT_EXCEEDED", selected: 2, current: 9, remaining: 1 });
    expect((await rowsOf(fresh.id)).length).toBe(9);
    expect(storedFiles()).toBe(filesBefore);
  });

  it("sets the main photo and batch-removes photos, moving main to one that stays", async () => {
    const items = (await rowsOf(client.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const main = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${client.id}/gallery/main`,
      headers: { cookie: ownerCookie },
      payload: { photoId: items[1]!.id },
    });
    expect(main.statusCode).toBe(200);
    expect(main.json().items.find((p: { isMain: boolean }) => p.isMain).id).toBe(items[1]!.id);

    const removed = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${client.id}/gallery/batch-remove`,
      headers: { cookie: ownerCookie },
      payload: { photoIds: [items[1]!.id] },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items.map((p: { id: string; isMain: boolean }) => [p.id, p.isMain])).toEqual([
      [items[0]!.id, true],
    ]);
    expect((await fetchFile(`/api/files/${items[1]!.storageKey}`)).statusCode).toBe(404);
  });

  it("another matchmaker cannot upload to, change or remove a client's photos", async () => {
    const [photo] = await rowsOf(client.id);
    const up = await upload(client.id, [{ name: "x.jpg", data: await jpegWithGps() }], otherCookie);
    expect(up.statusCode).toBe(404);
    expect(up.json().code).toBe("PROFILE_NOT_FOUND");
    for (const [url, payload] of [
      [`/api/profiles/${client.id}/gallery/main`, { photoId: photo!.id }],
      [`/api/profiles/${client.id}/gallery/batch-remove`, { photoIds: [photo!.id] }],
    ] as const) {
      const res = await t.app.inject({ method: "PUT", url, headers: { cookie: otherCookie }, payload });
      expect(res.statusCode).toBe(404);
    }
    expect((await rowsOf(client.id)).length).toBe(1);
  });

  it("the client and an admin may manage the client's photos", async () => {
    const clientCookie = (await signIn(t.app, client.email)).cookie;
    expect(
      (await upload(client.id, [{ name: "me.jpg", data: await jpegWithGps() }], clientCookie)).statusCode,
    ).toBe(200);
    const me = multipart("photos", [{ name: "me2.jpg", data: await jpegWithGps() }]);
    const own = await t.app.inject({
      method: "POST",
      url: "/api/profiles/me/gallery",
      headers: { ...me.headers, cookie: clientCookie },
      payload: me.payload,
    });
    expect(own.statusCode).toBe(200);
    const adminCookie = (await signIn(t.app, (await seedAdmin(t.database.db)).email)).cookie;
    expect(
      (await upload(client.id, [{ name: "a.jpg", data: await jpegWithGps() }], adminCookie)).statusCode,
    ).toBe(200);
  });

  it("answers a request that is not multipart with 415, and an unknown file with 404", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/profiles/${client.id}/gallery`,
      headers: { cookie: ownerCookie },
      payload: { photos: [] },
    });
    expect(res.statusCode).toBe(415);
    expect((await fetchFile("/api/files/photos/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.webp")).statusCode).toBe(404);
    expect((await fetchFile("/api/files/..%2F..%2Fetc/passwd")).statusCode).toBe(404);
  });
});

describe("[media] reading the upload form", () => {
  it("refuses a file under another field, and a file past 15 MB naming it, storing nothing", async () => {
    const before = { rows: (await rowsOf(client.id)).length, files: storedFiles() };
    const stray = multipart("avatar", [{ name: "a.jpg", data: await jpegWithGps() }]);
    const wrongField = await t.app.inject({
      method: "POST",
      url: `/api/profiles/${client.id}/gallery`,
      headers: { ...stray.headers, cookie: ownerCookie },
      payload: stray.payload,
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: { avatar: [`Use the field "photos"`] },
    });

    const huge = await upload(client.id, [{ name: "huge.jpg", data: Buffer.alloc(16 * 1024 * 1024, 1) }]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      code: "FILE_TOO_LARGE",
      fileName: "huge.jpg",
      maxBytes: 15 * 1024 * 1024,
    });
    expect((await rowsOf(client.id)).length).toBe(before.rows);
    expect(storedFiles()).toBe(before.files);
  });

  it("answers 404 to a caller who may not change the profile, before reading the form", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/profiles/${client.id}/gallery`,
      headers: { cookie: otherCookie },
      payload: { photos: [] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("PROFILE_NOT_FOUND");
  });
});

describe("[media] avatar", () => {
  it("stores a re-encoded avatar and shows it on the user", async () => {
    const body = multipart("avatar", [{ name: "logo.png", data: await jpegWithGps(800, 800) }]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/profiles/me/avatar",
      headers: { ...body.headers, cookie: ownerCookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/users/me", headers: { cookie: ownerCookie } });
    expect(me.json().avatarUrl).toBe(res.json().avatarUrl);
    expect((await fetchFile(res.json().avatarUrl)).headers["content-type"]).toBe("image/webp");
  });

  it("says 'Failed to optimize image' when an image cannot be decoded", async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const body = multipart("avatar", [{ name: "broken.jpg", data: broken }]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/profiles/me/avatar",
      headers: { ...body.headers, cookie: ownerCookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "IMAGE_OPTIMIZE_FAILED",
      message: "Failed to optimize image: broken.jpg",
    });
  });
});
