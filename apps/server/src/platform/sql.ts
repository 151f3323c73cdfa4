import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Names of the statements `explainAsRun` prepares: one a call, so none left behind collides. */
let explained = 0;

/**
 * `EXPLAIN ANALYZE` of a statement with the plan it runs with: prepared, and executed with its
 * values, so the plan kept for every call (`plan_cache_mode`, db/client.ts) is the one shown, not
 * one made for these values as a plain EXPLAIN would. For the bench's output.
 */
export async function explainAsRun(db: Db, statement: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = statement.toSQL();
  const name = `md_explained_${++explained}`;
  // EXECUTE takes its values written out: a utility statement has no parameters of its own.
  const literal = (value: unknown) => {
    if (value === null || value === undefined) return "null";
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
    if (typeof value === "object" && !(value instanceof Date))
      throw new Error("explainAsRun: a list or object value");
    return `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;
  };
  const values = params.length ? `(${params.map(literal).join(", ")})` : "";
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    try {
      const result = await tx.execute(
        sql.raw(`explain (analyze, costs off, timing off, summary on) execute ${name}${values}`),
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
        string,
        string
      >[];
      return rows.map((r) => Object.values(r)[0]!);
    } finally {
      // A failed EXPLAIN aborted the transaction: the deallocation fails too, and the name is spent.
      await tx.execute(sql.raw(`deallocate ${name}`)).catch(() => {});
    }
  });
}

const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * The statement `name` names on `db`, prepared (drizzle's `prepare`) on first use and kept for the
 * process: a hot read of a few shapes (a search's combination of filters) is built once, then run
 * with each call's values as placeholders. `name` must tell the shapes apart (on PostgreSQL the
 * statement runs under a name of its text's, `namingStatements` in db/client.ts).
 */
export function preparedOnce<T>(db: Db, name: string, prepare: (name: string) => T): T {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = prepare(name);
    byName.set(name, statement);
  }
  return statement;
}
