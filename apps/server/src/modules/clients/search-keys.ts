import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";

/**
 * The client search's keys (`md_search_keys` in migration `client_search_keys`) computed here
 * instead of in a statement of their own: every three-character piece of the lowercased text,
 * prefixed with the scope, through PostgreSQL's `hashtext`. A search is then one statement, not
 * two. The database's function stays the one definition: before this process uses its copy, it
 * compares it with the database's on every character it will handle (`lower` depends on the
 * database's locale), and a text with any other character is hashed by the database.
 */

/** The characters whose lowercase this copy computes: ASCII and Russian. */
const HANDLED = /^[\u0020-\u007e\u0401\u0410-\u044f\u0451]*$/u;

/** Every handled character, upper and lower, with the scope's: the probe both copies must agree on. */
const PROBE_TEXT = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)),
  "\u0401",
  ...Array.from({ length: 0x44f - 0x410 + 1 }, (_, i) => String.fromCharCode(0x410 + i)),
  "\u0451",
].join("");
const PROBE_SCOPE = "01a21105-0fcd-714a-98d8-5b114bcc5002:1";

const rot = (x: number, k: number) => (x << k) | (x >>> (32 - k));

/**
 * PostgreSQL's `hash_bytes` (src/common/hashfn.c, Bob Jenkins' lookup3 as PostgreSQL adapted
 * it) on a little-endian machine, as `hashtext` answers it: a signed 32-bit integer.
 */
export function pgHashBytes(bytes: Uint8Array): number {
  let len = bytes.length;
  let a = (0x9e3779b9 + len + 3923095) | 0;
  let b = a;
  let c = a;
  let k = 0;
  const word = (i: number) =>
    bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
  while (len >= 12) {
    a = (a + word(k)) | 0;
    b = (b + word(k + 4)) | 0;
    c = (c + word(k + 8)) | 0;
    // mix(a, b, c)
    a = (a - c) | 0;
    a ^= rot(c, 4);
    c = (c + b) | 0;
    b = (b - a) | 0;
    b ^= rot(a, 6);
    a = (a + c) | 0;
    c = (c - b) | 0;
    c ^= rot(b, 8);
    b = (b + a) | 0;
    a = (a - c) | 0;
    a ^= rot(c, 16);
    c = (c + b) | 0;
    b = (b - a) | 0;
    b ^= rot(a, 19);
    a = (a + c) | 0;
    c = (c - b) | 0;
    c ^= rot(b, 4);
    b = (b + a) | 0;
    k += 12;
    len -= 12;
  }
  // The last 11 bytes at most, little-endian into a, b and c (c's lowest byte is left alone).
  for (let i = 0; i < len; i++) {
    const byte = bytes[k + i]!;
    if (i < 4) a = (a + (byte << (8 * i))) | 0;
    else if (i < 8) b = (b + (byte << (8 * (i - 4)))) | 0;
    else c = (c + (byte << (8 * (i - 7)))) | 0;
  }
  // final(a, b, c)
  c ^= b;
  c = (c - rot(b, 14)) | 0;
  a ^= c;
  a = (a - rot(c, 11)) | 0;
  b ^= a;
  b = (b - rot(a, 25)) | 0;
  c ^= b;
  c = (c - rot(b, 16)) | 0;
  a ^= c;
  a = (a - rot(c, 4)) | 0;
  b ^= a;
  b = (b - rot(a, 14)) | 0;
  c ^= b;
  c = (c - rot(b, 24)) | 0;
  return c;
}

const encoder = new TextEncoder();

/** `md_search_keys(scope, text)` for a text of handled characters. */
export function searchKeysOf(scope: string, text: string): number[] {
  const chars = [...text.toLowerCase()];
  const keys: number[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) {
    keys.push(pgHashBytes(encoder.encode(scope + chars[i]! + chars[i + 1]! + chars[i + 2]!)));
  }
  return keys;
}

/**
 * Per database: whether this copy agrees with the database's function on every handled character,
 * asked again after CHECK_MS (another instance's migration may have changed the function).
 */
const agrees = new WeakMap<Db, { at: number; answer: Promise<boolean> }>();
const CHECK_MS = 5 * 60_000;

async function agreesWith(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select md_search_keys(${PROBE_SCOPE}, ${PROBE_TEXT}) as keys`);
  const [row] = (result as unknown as { rows: { keys: number[] }[] }).rows;
  const theirs = row?.keys ?? [];
  const ours = searchKeysOf(PROBE_SCOPE, PROBE_TEXT);
  return theirs.length === ours.length && theirs.every((key, i) => key === ours[i]);
}

/** Whether this process hashes handled texts itself on `db`: its copy agrees with the database's. */
export function hashesHere(db: Db): Promise<boolean> {
  const known = agrees.get(db);
  if (known && known.at > Date.now() - CHECK_MS) return known.answer;
  const check = { at: Date.now(), answer: agreesWith(db) };
  agrees.set(db, check);
  // A failed check (the database unreachable) is asked again next time.
  check.answer.catch(() => {
    if (agrees.get(db) === check) agrees.delete(db);
  });
  return check.answer;
}

/**
 * The keys of each `(scope, text)` pair, in order: computed here when this copy agrees with the
 * database and the text is of handled characters, else by the database in one statement.
 */
export async function searchKeys(
  db: Db,
  pairs: readonly { scope: string; text: string }[],
): Promise<number[][]> {
  if (pairs.length === 0) return [];
  if ((await hashesHere(db)) && pairs.every((p) => HANDLED.test(p.scope) && HANDLED.test(p.text))) {
    return pairs.map((p) => searchKeysOf(p.scope, p.text));
  }
  const result = await db.execute(
    sql`select ${sql.join(
      pairs.map((p, i) => sql`md_search_keys(${p.scope}, ${p.text}) as ${sql.identifier(`k${i}`)}`),
      sql`, `,
    )}`,
  );
  const row = (result as unknown as { rows: Record<string, number[]>[] }).rows[0]!;
  return pairs.map((_, i) => row[`k${i}`]!);
}

/**
 * Whether `text` is lowercased here as the database's `lower()` would (the client search text is
 * stored so, migration `client_search_text_lowercase`): when this copy agrees with the database
 * and the text is of handled characters; else the statement lowercases it.
 */
export async function lowersHere(db: Db, text: string): Promise<boolean> {
  return HANDLED.test(text) && (await hashesHere(db));
}
