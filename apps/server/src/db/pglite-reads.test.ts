import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, isRead, openDatabase } from "./client.js";

// PGlite runs every read outside a transaction as a named prepared statement (db/client.ts).
// These check what that layer must keep as PGlite's own `query` does it.
let database: Database;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite", dataDir: undefined });
  await database.db.execute(sql`create table reads_check (id integer primary key, note text)`);
});
afterAll(() => database.close());

describe("[db] PGlite prepared reads", () => {
  it("sends each parameter type and answers each call with its own values", async () => {
    const at = new Date("2026-01-02T03:04:05.000Z");
    const ask = (n: number, word: string, flag: boolean) =>
      rows<{ n: number; word: string; flag: boolean; at: string; none: null }>(
        sql`select ${n}::int + 1 as n, ${word}::text as word, ${flag}::boolean as flag, ${at}::timestamptz as at, ${null}::text as none`,
      );
    const [first] = await ask(1, "один", true);
    expect(first).toMatchObject({ n: 2, word: "один", flag: true, none: null });
    expect(new Date(first!.at).toISOString()).toBe(at.toISOString());
    expect(await ask(41, "two's", false)).toMatchObject([{ n: 42, word: "two's", flag: false }]);
  });

  it("keeps answering after more statements than it keeps prepared", async () => {
    const first = sql`select ${7}::int as n, 'first' as which`;
    expect(await rows(first)).toEqual([{ n: 7, which: "first" }]);
    for (let i = 0; i < 250; i++) {
      expect(await rows(sql.raw(`select ${i} as n, 'distinct statement ${i}' as which`))).toHaveLength(1);
    }
    expect(await rows(sql`select ${8}::int as n, 'first' as which`)).toEqual([{ n: 8, which: "first" }]);
  });

  it("reports a failing read and goes on serving the same statement and others", async () => {
    const divide = (by: number) => rows<{ q: number }>(sql`select 10 / ${by}::int as q`);
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: "22012" } });
    expect(await divide(5)).toEqual([{ q: 2 }]);
    await expect(rows(sql.raw("select from_nowhere"))).rejects.toThrow();
    expect(await rows(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it("waits for an open transaction and then reads what it committed", async () => {
    let committed = false;
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into reads_check (id, note) values (1, 'inside')`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      committed = true;
    });
    const read = rows<{ note: string }>(sql`select note from reads_check where id = ${1}`).then((r) => ({
      r,
      committed,
    }));
    const [, seen] = await Promise.all([transaction, read]);
    expect(seen).toEqual({ r: [{ note: "inside" }], committed: true });
  });

  it("prepares a statement again when a migration changed what it returns", async () => {
    expect(await rows(sql`select * from reads_check where id = ${1}`)).toEqual([{ id: 1, note: "inside" }]);
    await database.db.execute(sql`alter table reads_check add column extra integer not null default 3`);
    expect(await rows(sql`select * from reads_check where id = ${1}`)).toEqual([
      { id: 1, note: "inside", extra: 3 },
    ]);
  });

  it("prepares a read that begins with WITH, and leaves a WITH that writes to PGlite's own query", async () => {
    const preparedWiths = () =>
      rows<{ statement: string }>(
        sql`select statement from pg_prepared_statements where statement like ${"with%"} order by statement`,
      );
    const readWith = (id: number) =>
      rows<{ note: string }>(
        sql`with picked as (select note from reads_check where id = ${id}) select note from picked`,
      );
    expect(await readWith(1)).toEqual([{ note: "inside" }]);
    expect(await readWith(2)).toEqual([]);
    const writeWith = (id: number) =>
      rows<{ id: number }>(
        sql`with written as (insert into reads_check (id, note) values (${id}, 'with') returning id) select id from written`,
      );
    expect(await writeWith(2)).toEqual([{ id: 2 }]);
    expect(await readWith(2)).toEqual([{ note: "with" }]);
    const prepared = (await preparedWiths()).map((row) => row.statement);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]).toContain("with picked as");
  });

  it("tells a read from a statement that may write by its text alone", () => {
    expect(isRead("select 1")).toBe(true);
    expect(isRead(" (select 1) union (select 2)")).toBe(true);
    expect(isRead('with "walked" as (select "id" from "users") select * from walked')).toBe(true);
    expect(isRead('select "updated_at" from "users"')).toBe(true);
    expect(isRead("with m as (insert into t values (1) returning id) select id from m")).toBe(false);
    expect(isRead("WITH c AS (UPDATE t SET a = 1 RETURNING a) SELECT a FROM c")).toBe(false);
    expect(isRead("with d as (delete from t returning id) select id from d")).toBe(false);
    expect(isRead("with s as (select 1) merge into t using s on true when matched then do nothing")).toBe(
      false,
    );
    expect(
      isRead("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) SELECT i FROM n"),
    ).toBe(true);
    // A read it cannot tell from a write (a quoted name, a comment) goes the way a write does.
    expect(isRead('with x as (select "delete" from t) select 1')).toBe(false);
    expect(isRead("with x as (select 1) -- update later\nselect 1")).toBe(false);
    expect(isRead("insert into t values (1)")).toBe(false);
    expect(isRead("update t set a = 1")).toBe(false);
  });
});
