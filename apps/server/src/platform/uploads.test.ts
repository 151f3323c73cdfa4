import { describe, expect, it } from "vitest";
import type { Storage } from "./storage.js";
import { type IncomingFile, multipartFiles, receiveFiles, storeFiles } from "./uploads.js";

/** Files as a form would hand them over, recording which were read. */
function filesOf(names: string[], read: string[]): AsyncIterable<IncomingFile> {
  return (async function* () {
    for (const fileName of names) {
      yield {
        fileName,
        read: async () => {
          read.push(fileName);
          return Buffer.from(fileName);
        },
      };
    }
  })();
}

function memoryStorage(failOn?: number): Storage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  let puts = 0;
  return {
    files,
    async put(key, data) {
      if (++puts === failOn) throw new Error("disk full");
      files.set(key, data);
    },
    async get(key) {
      return files.get(key);
    },
    async delete(keys) {
      for (const key of keys) files.delete(key);
    },
  };
}

describe("receiveFiles", () => {
  it("takes files while there is room and counts the rest without reading them", async () => {
    const read: string[] = [];
    const { accepted, selected } = await receiveFiles(filesOf(["a", "b", "c"], read), 2, async (file) =>
      file.data.toString(),
    );
    expect(accepted).toEqual(["a", "b"]);
    expect(selected).toBe(3);
    expect(read).toEqual(["a", "b"]);
  });
});

describe("storeFiles", () => {
  const files = [
    { folder: "photos", ext: "webp", data: Buffer.from("1") },
    { folder: "thumbs", ext: "webp", data: Buffer.from("2") },
  ];

  it("stores every file under a new key, in order, and hands the keys on", async () => {
    const storage = memoryStorage();
    const keys = await storeFiles(storage, files, async (written) => written);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^photos\/[\w-]+\.webp$/);
    expect(keys[1]).toMatch(/^thumbs\/[\w-]+\.webp$/);
    expect(storage.files.get(keys[1]!)?.toString()).toBe("2");
  });

  it("removes what it wrote when a write or the record fails", async () => {
    const failingWrite = memoryStorage(2);
    await expect(storeFiles(failingWrite, files, async () => undefined)).rejects.toThrow("disk full");
    expect(failingWrite.files.size).toBe(0);

    const storage = memoryStorage();
    await expect(
      storeFiles(storage, files, async () => {
        throw new Error("insert failed");
      }),
    ).rejects.toThrow("insert failed");
    expect(storage.files.size).toBe(0);
  });
});

describe("multipartFiles", () => {
  /** A form's parts as @fastify/multipart hands them over: text fields and files. */
  const form = (parts: ({ type: "field"; value: string } | { type: "file"; filename: string })[]) => ({
    isMultipart: () => true,
    parts: async function* () {
      for (const part of parts) {
        yield part.type === "field"
          ? { ...part, fieldname: "note" }
          : { ...part, fieldname: "photos", file: { resume() {} }, toBuffer: async () => Buffer.from("x") };
      }
    },
  });
  const names = async (files: AsyncIterable<IncomingFile>) => {
    const out: string[] = [];
    for await (const file of files) out.push(file.fileName);
    return out;
  };

  it("cleans a file's name of characters the database cannot store", async () => {
    const request = form([
      { type: "file", filename: "a\u0000b.pdf" },
      { type: "file", filename: "x\ud800.jpg" },
      { type: "file", filename: "\u{1F600}.jpg" },
    ]);
    expect(await names(multipartFiles(request as never, "photos"))).toEqual([
      "a\ufffdb.pdf",
      "x\ufffd.jpg",
      "\u{1F600}.jpg",
    ]);
  });

  it("refuses a text field the database cannot store, naming it", async () => {
    const request = form([
      { type: "field", value: "a\u0000b" },
      { type: "file", filename: "a.jpg" },
    ]);
    await expect(names(multipartFiles(request as never, "photos"))).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      statusCode: 400,
      fieldErrors: { note: [expect.stringContaining("cannot be stored")] },
    });
  });
});
