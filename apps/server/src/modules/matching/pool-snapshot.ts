import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";

// The candidate pool's snapshot on disk: its columns as they are in memory, the members' ids and
// dates of birth, the dictionaries their codes come from, and the `pg_snapshot` they are current
// to. An instance starting again reads it back in a fraction of a second instead of reading and
// preparing every member from the database (100,000 members: 7 s on PGlite), then brings it up to
// date through the change log like any refresh (`candidate-pool.ts`). The file is a cache: any
// doubt (another database, another layout, a file cut short) and it is not used.
//
// Layout: MAGIC, the header's length and its CRC-32 (4 bytes each, little-endian), the header
// (JSON), then the header's `parts` one after another (the ids and the dates as "\n"-joined UTF-8
// text, then each column's bytes for `count` slots), each with its CRC-32 in the header. Only the
// server's user may read it (it holds ids and dates of birth).

const MAGIC = Buffer.from("MDPOOL\n");

/** Where the snapshot was taken, checked before it is used (`candidate-pool.ts`). */
export type SnapshotIdentity = {
  /** The cluster's `system_identifier` and timeline (a point-in-time recovery starts a new one). */
  system: string;
  /** The database's oid and name. */
  database: string;
  /** The newest migration applied: a migration may change what the pool holds. */
  migration: string;
};

export type SnapshotHeader = {
  /** What the pool's code writes (`POOL_FORMAT`): another is not read. */
  format: string;
  identity: SnapshotIdentity;
  /** The `pg_snapshot` the pool was current to. */
  snapshot: string;
  /** The day the age column was computed for. */
  day: string;
  /** Slots (free ones included). */
  count: number;
  /** The dictionaries, each value at its code's place (`candidate-pool.ts`). */
  dictionaries: { lists: string[][]; inviters: string[]; options: string[]; words: string[] };
  /** Name, byte length and CRC-32 of each part after the header, in order. */
  parts: { name: string; bytes: number; crc: number }[];
};

export type PoolSnapshot = { header: SnapshotHeader; parts: Map<string, Buffer> };

/** Writes the snapshot to `file` (through a temporary file, so a reader sees a whole one or none). */
export async function writePoolSnapshot(
  file: string,
  header: Omit<SnapshotHeader, "parts">,
  parts: { name: string; data: Uint8Array }[],
): Promise<void> {
  const head = Buffer.from(
    JSON.stringify({
      ...header,
      parts: parts.map((p) => ({ name: p.name, bytes: p.data.byteLength, crc: crc32(p.data) })),
    }),
  );
  const length = Buffer.alloc(8);
  length.writeUInt32LE(head.length);
  length.writeUInt32LE(crc32(head), 4);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    const handle = await open(temporary, "w", 0o600);
    try {
      for (const data of [MAGIC, length, head, ...parts.map((p) => p.data)]) await handle.write(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
    // The rename itself, durable (a directory cannot be opened everywhere: then not).
    const folder = await open(path.dirname(file), "r").catch(() => null);
    if (folder)
      await folder
        .sync()
        .catch(() => undefined)
        .finally(() => folder.close());
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * Removes temporary files a write left behind an hour ago or more (the process ended during it;
 * a younger one may be another instance's write under way, in a shared directory).
 */
export async function removeUnfinishedSnapshots(file: string): Promise<void> {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
    const at = path.join(dir, name);
    const age = Date.now() - (await stat(at).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age >= 3_600_000) await rm(at, { force: true });
  }
}

/** The snapshot in `file`; null when there is none or it is not one this code wrote whole. */
export async function readPoolSnapshot(file: string): Promise<PoolSnapshot | null> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch {
    return null;
  }
  if (data.length < MAGIC.length + 8 || !data.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const headLength = data.readUInt32LE(MAGIC.length);
  let at = MAGIC.length + 8 + headLength;
  if (at > data.length) return null;
  const head = data.subarray(MAGIC.length + 8, at);
  if (crc32(head) !== data.readUInt32LE(MAGIC.length + 4)) return null;
  let header: SnapshotHeader;
  try {
    header = JSON.parse(head.toString("utf8")) as SnapshotHeader;
  } catch {
    return null;
  }
  if (!Array.isArray(header.parts)) return null;
  const parts = new Map<string, Buffer>();
  for (const part of header.parts) {
    if (!Number.isInteger(part.bytes) || part.bytes < 0 || at + part.bytes > data.length) return null;
    const bytes = data.subarray(at, at + part.bytes);
    if (crc32(bytes) !== part.crc) return null;
    parts.set(part.name, bytes);
    at += part.bytes;
  }
  return at === data.length ? { header, parts } : null;
}
