import { describe, expect, it } from "vitest";
import type { Storage } from "./storage.js";
import { type IncomingFile, receiveFiles, storeFiles } from "./uploads.js";

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
