import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/app.js";
import { type Database, openDatabase, SESSION_SETTINGS, withSessionSettings } from "./client.js";

// Every PostgreSQL session starts with SESSION_SETTINGS, also when the address carries startup
// options of its own (node-postgres would put those in place of ours).

const ours = "-c jit=off -c pg_trgm.similarity_threshold=0.36";

describe("withSessionSettings", () => {
  it("sends our settings with an address that has no options", () => {
    const url = "postgres://app:p%40ss@db.internal:5432/matchdesk?sslmode=require";
    expect(withSessionSettings(url)).toEqual({ connectionString: url, options: ours });
    expect(Object.keys(SESSION_SETTINGS)).toEqual(["jit", "pg_trgm.similarity_threshold"]);
  });

  it("keeps the address's own options after ours, and the rest of the address as it was", () => {
    const r = withSessionSettings(
      "postgres://app:p%40ss@db.internal:5432/matchdesk?sslmode=require&options=-c%20statement_timeout%3D5000",
    );
    expect(r.options).toBe(`${ours} -c statement_timeout=5000`);
    expect(r.connectionString).toBe("postgres://app:p%40ss@db.internal:5432/matchdesk?sslmode=require");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a PostgreSQL address with its own options", () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;

  beforeAll(async () => {
    test = await openTestDatabase();
    const url = new URL(test.url!);
    url.searchParams.set("options", "-c statement_timeout=4321 -c jit=on");
    database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await test?.drop();
  });

  it("gets both: ours, and theirs where they name the same setting", async () => {
    const show = async (name: string) => {
      const r = (await database.db.execute(sql`select current_setting(${name}) as v`)) as unknown as {
        rows: { v: string }[];
      };
      return r.rows[0]!.v;
    };
    expect(await show("statement_timeout")).toBe("4321ms");
    expect(await show("pg_trgm.similarity_threshold")).toBe("0.36");
    expect(await show("jit")).toBe("on");
  });
});
