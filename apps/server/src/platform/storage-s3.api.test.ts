import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../test/app.js";
import { jpegWithGps, multipart } from "../../test/images.js";
import { loadConfig } from "../config.js";
import { seedClient, seedMatchmaker } from "../seed/seed.js";
import { createS3Storage } from "./storage.js";

// A real S3-protocol server on loopback (s3rver): the product talks to it as to AWS, MinIO or R2.
// s3rver checks the access key of a SigV4 request but not the signature itself.
const BUCKET = "matchdesk-test";
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let t: TestApp;

const s3Config = (overrides: Partial<{ accessKeyId: string }> = {}) => ({
  bucket: BUCKET,
  endpoint,
  region: "us-east-1",
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
  ...overrides,
});
/** Object keys in the bucket, listed through the S3 API (ListObjectsV2). */
async function objectsInBucket(): Promise<string[]> {
  const { accessKeyId, secretAccessKey, region } = s3Config();
  const client = new AwsClient({ accessKeyId, secretAccessKey, region, service: "s3" });
  const res = await client.fetch(`${endpoint}/${BUCKET}?list-type=2`);
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
}

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), "matchdesk-s3-"));
  s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ s3: s3Config() });
});
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

describe("[storage] S3-compatible bucket", () => {
  it("is chosen by configuration, and needs its keys", () => {
    const config = loadConfig({
      S3_BUCKET: "photos",
      S3_ENDPOINT: "http://127.0.0.1:9000/",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.s3).toEqual({
      bucket: "photos",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
    });
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: "photos" })).toThrow(/S3_ACCESS_KEY_ID/);
  });

  it("stores uploaded photos in the bucket, serves them through /api/files, and deletes them", async () => {
    const owner = await seedMatchmaker(t.database.db);
    const client = await seedClient(t.database.db, owner.id);
    const { cookie } = await signIn(t.app, owner.email);
    const body = multipart("photos", [{ name: "beach.jpg", data: await jpegWithGps(1200, 800) }]);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/profiles/${client.id}/gallery`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const [photo] = res.json().items;
    // The photo and its thumbnail are in the bucket, and nothing went to the local disk.
    expect(await objectsInBucket()).toHaveLength(2);
    expect(existsSync(path.join(t.dataDir, "files"))).toBe(false);

    const file = await t.app.inject({ method: "GET", url: photo.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect((await sharp(file.rawPayload).metadata()).width).toBe(1200);

    const removed = await t.app.inject({
      method: "PUT",
      url: `/api/profiles/${client.id}/gallery/batch-remove`,
      headers: { cookie },
      payload: { photoIds: [photo.id] },
    });
    expect(removed.statusCode).toBe(200);
    expect(await objectsInBucket()).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: photo.url })).statusCode).toBe(404);
  });

  it("answers a missing key as absent and refuses credentials the store does not know", async () => {
    const storage = createS3Storage(s3Config());
    expect(await storage.get("photos/AAAAAAAAAAAAAAAAAAAAAAAA.webp")).toBeUndefined();
    await storage.delete(["photos/AAAAAAAAAAAAAAAAAAAAAAAA.webp"]);
    const stranger = createS3Storage(s3Config({ accessKeyId: "UNKNOWN" }));
    await expect(stranger.put("photos/BBBBBBBBBBBBBBBBBBBBBBBB.webp", Buffer.from("x"))).rejects.toThrow(
      /S3 put failed: 403 InvalidAccessKeyId/,
    );
    await expect(storage.get("../etc/passwd")).rejects.toThrow(/invalid storage key/);
  });

  it("erasing a client removes every file of theirs from the bucket (issue 20)", async () => {
    const owner = await seedMatchmaker(t.database.db);
    const client = await seedClient(t.database.db, owner.id);
    const { cookie } = await signIn(t.app, owner.email);
    const send = async (url: string, field: string, data: Buffer) => {
      const body = multipart(field, [{ name: "a.jpg", data }]);
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { ...body.headers, cookie },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
    };
    const before = new Set(await objectsInBucket());
    await send(`/api/profiles/${client.id}/gallery`, "photos", await jpegWithGps(64, 48));
    await send(`/api/profiles/${client.id}/certificates`, "certificates", await jpegWithGps(40, 30));
    await send(`/api/profiles/${client.id}/avatar`, "avatar", await jpegWithGps(64, 64));
    const theirs = (await objectsInBucket()).filter((k) => !before.has(k));
    expect(theirs).toHaveLength(5);

    const res = await t.app.inject({
      method: "POST",
      url: `/api/clients/${client.id}/erase`,
      headers: { cookie },
      payload: { confirm: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().erased).toContainEqual({ part: "files", count: 5 });
    const after = await objectsInBucket();
    for (const key of theirs) expect(after).not.toContain(key);
  });
});
