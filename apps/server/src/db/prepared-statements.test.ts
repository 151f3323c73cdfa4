import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/app.js";
import type { Database } from "./client.js";

// Reads run as prepared statements on both databases (db/client.ts): a statement prepared before
// a migration changed what it returns is prepared again, not failed.

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const rows = async (text: ReturnType<typeof sql>) =>
  (await database.db.execute(text)) as unknown as { rows: Record<string, unknown>[] };

describe("prepared reads", () => {
  it("answer with the new columns after a migration changed the table they read", async () => {
    await database.db.execute(sql`create table prepared_probe (id integer primary key, name text)`);
    await database.db.execute(sql`insert into prepared_probe values (1, 'one')`);
    const read = () => rows(sql`select * from prepared_probe where id = ${1}`);
    // More than five runs: PostgreSQL keeps a generic plan by then.
    for (let i = 0; i < 7; i++) expect((await read()).rows).toEqual([{ id: 1, name: "one" }]);
    await database.db.execute(sql`alter table prepared_probe add column note text default 'x'`);
    expect((await read()).rows).toEqual([{ id: 1, name: "one", note: "x" }]);
    expect((await read()).rows).toEqual([{ id: 1, name: "one", note: "x" }]);
  });
});
