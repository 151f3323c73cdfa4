import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

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
