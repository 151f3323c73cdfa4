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

  it("so do statements prepared under a name of their own (drizzle's prepare)", async () => {
    await database.db.execute(sql`create table named_probe (id integer primary key, name text)`);
    await database.db.execute(sql`insert into named_probe values (1, 'one')`);
    // `named_probe.*`: every column of the table, of which the field maps the first.
    const statement = database.db
      .select({ all: sql`named_probe.*` })
      .from(sql`named_probe`)
      .where(sql`id = ${sql.placeholder("id")}`)
      .prepare("named_probe_read");
    for (let i = 0; i < 7; i++) expect(await statement.execute({ id: 1 })).toEqual([{ all: 1 }]);
    await database.db.execute(sql`alter table named_probe add column note text default 'x'`);
    expect(await statement.execute({ id: 1 })).toEqual([{ all: 1 }]);
    expect(await statement.execute({ id: 2 })).toEqual([]);
  });
});
