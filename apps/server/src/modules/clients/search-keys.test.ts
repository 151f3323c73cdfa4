import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/app.js";
import type { Database } from "../../db/client.js";
import { hashesHere, searchKeys, searchKeysOf } from "./search-keys.js";

// The client search's keys computed in the process must be the database's own (`md_search_keys`),
// or a search finds nothing: compared on PGlite and on PostgreSQL (TEST_DATABASE_URL).

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

async function databaseKeys(scope: string, text: string): Promise<number[]> {
  const result = await database.db.execute(sql`select md_search_keys(${scope}, ${text}) as keys`);
  return (result as unknown as { rows: { keys: number[] }[] }).rows[0]!.keys;
}

/** A seeded pseudo-random text of the characters the copy handles, 0 to 40 long. */
function randomText(seed: number): string {
  const alphabet =
    "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 @.+-_'()АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя";
  const chars = [...alphabet];
  let state = seed * 2654435761;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
  return Array.from({ length: next() % 41 }, () => chars[next() % chars.length]).join("");
}

describe("client search keys", () => {
  it("are the database's md_search_keys for names, e-mails, phones and cities of every length", async () => {
    const scope = "01a21105-0fcd-714a-98d8-5b114bcc5002:2";
    const texts = [
      "",
      "ol",
      "olg",
      "Olga",
      "ОЛЬГА Петрова",
      "Ёлка ёж",
      "olga.petrova+work@example.com",
      "79001004242",
      "+7 (900) 100-42-42",
      "Kazan Казань",
      // Every tail length of the hash (0 to 11 bytes after each 12) with two-byte characters.
      ...Array.from({ length: 30 }, (_, n) => "жa".repeat(n)),
      ...Array.from({ length: 200 }, (_, seed) => randomText(seed)),
    ];
    for (const text of texts) {
      expect([text, searchKeysOf(scope, text)]).toEqual([text, await databaseKeys(scope, text)]);
    }
  });

  it("leaves a text with other characters to the database, with the same answer", async () => {
    const pairs = [
      { scope: "m:1", text: "Zoë Müller" },
      { scope: "m:0", text: "ΣΊΣΥΦΟΣ straße" },
      { scope: "m:2", text: "olga" },
    ];
    // This database's lower() agrees with the process on every handled character.
    expect(await hashesHere(database.db)).toBe(true);
    const keys = await searchKeys(database.db, pairs);
    for (const [i, p] of pairs.entries()) expect(keys[i]).toEqual(await databaseKeys(p.scope, p.text));
  });
});
