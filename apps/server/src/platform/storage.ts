import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import type { FastifyReply } from "fastify";
import type { S3Config } from "../config.js";

/**
 * Where uploaded files live. Keys are random (a capability: knowing one is the right to read it)
 * and are handed out only to callers allowed to see the record they belong to.
 */
export type Storage = {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(keys: string[]): Promise<void>;
};

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
};

export const isValidKey = (key: string) => /^[a-z]+\/[A-Za-z0-9_-]{20,64}\.(webp|jpg|png|gif|pdf)$/.test(key);
export const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream";
export const newFileKey = (folder: string, ext: string) =>
  `${folder}/${randomBytes(24).toString("base64url")}.${ext}`;
export const fileUrl = (key: string) => `/api/files/${key}`;

/**
 * Sends a stored file as every route that serves one does: its type from our own re-encoding
 * (never the upload), under `Content-Security-Policy: sandbox` so nothing in it runs with our
 * origin, images inline and anything else (PDFs, stored as uploaded) as a download.
 */
export function sendStoredFile(
  reply: FastifyReply,
  key: string,
  data: Buffer,
  cacheControl: "private, max-age=31536000, immutable" | "private, no-store",
) {
  const type = contentTypeOf(key);
  return reply
    .type(type)
    .header("cache-control", cacheControl)
    .header("content-security-policy", "sandbox")
    .header("content-disposition", type.startsWith("image/") ? "inline" : "attachment")
    .send(data);
}

/** Files on local disk under DATA_DIR/files. */
export function createLocalStorage(root: string): Storage {
  const full = (key: string) => {
    if (!isValidKey(key)) throw new Error("invalid storage key");
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: "wx" });
    },
    async get(key) {
      try {
        return await readFile(full(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(full(key), { force: true })));
    },
  };
}

/**
 * Files in an S3-compatible bucket (AWS, MinIO, R2, Ceph...), signed with SigV4. The bucket stays
 * private: files are still served through /api/files, so keys remain capabilities.
 */
export function createS3Storage(config: S3Config): Storage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
  });
  const base = config.endpoint
    ? `${config.endpoint}/${config.bucket}`
    : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  const url = (key: string) => {
    if (!isValidKey(key)) throw new Error("invalid storage key");
    return `${base}/${key}`;
  };
  const fail = async (what: string, res: Response) => {
    const detail = (await res.text().catch(() => "")).match(/<Code>([^<]+)<\/Code>/)?.[1] ?? "";
    return new Error(`S3 ${what} failed: ${res.status} ${detail}`.trim());
  };
  return {
    async put(key, data) {
      const res = await client.fetch(url(key), {
        method: "PUT",
        body: data,
        headers: { "content-type": contentTypeOf(key) },
      });
      if (!res.ok) throw await fail("put", res);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await client.fetch(url(key));
      if (res.status === 404) {
        await res.arrayBuffer();
        return undefined;
      }
      if (!res.ok) throw await fail("get", res);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(keys) {
      await Promise.all(
        keys.map(async (key) => {
          const res = await client.fetch(url(key), { method: "DELETE" });
          // Deleting what is already gone is not an error (S3 answers 204 either way).
          if (!res.ok && res.status !== 404) throw await fail("delete", res);
          await res.arrayBuffer();
        }),
      );
    },
  };
}

/** The storage the configuration names: the bucket when one is set, else local disk. */
export function openStorage(config: { dataDir: string; s3: S3Config | undefined }): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, "files"));
}
