import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp, testConfig } from "../../../test/app.js";
import { type App, buildApp } from "../../app.js";
import { type Database, openDatabase } from "../../db/client.js";
import { sessions, users } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";

/**
 * Signed-in requests are served from the session cache; these writes go around every service,
 * as another instance or a console would, and must still be seen at once.
 */
describe("[auth] the session cache never serves a changed user or an ended session", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const me = (app: App, cookie: string) =>
    app.inject({ method: "GET", url: "/api/users/me", headers: { cookie } });

  it("shows a user changed behind its back on the very next request", async () => {
    const user = await seedMatchmaker(t.database.db);
    const { cookie } = await signIn(t.app, user.email);
    expect((await me(t.app, cookie)).json().firstName).toBe(user.firstName);
    await t.database.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, user.id));
    expect((await me(t.app, cookie)).json().firstName).toBe("Renamed");
  });

  it("refuses a user deactivated directly in the database", async () => {
    const user = await seedMatchmaker(t.database.db);
    const { cookie } = await signIn(t.app, user.email);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    await t.database.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it("refuses a session deleted directly in the database, and keeps the user's others", async () => {
    const user = await seedMatchmaker(t.database.db);
    const first = await signIn(t.app, user.email);
    const second = await signIn(t.app, user.email);
    expect((await me(t.app, first.cookie)).statusCode).toBe(200);
    expect((await me(t.app, second.cookie)).statusCode).toBe(200);
    const [oldest] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.createdAt, sessions.id)
      .limit(1);
    await t.database.db.execute(sql`delete from sessions where id = ${oldest!.id}`);
    expect((await me(t.app, first.cookie)).statusCode).toBe(401);
    expect((await me(t.app, second.cookie)).statusCode).toBe(200);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "a second instance on the same PostgreSQL database hears a logout and a change made by the first",
    async () => {
      const other: Database = await openDatabase({ kind: "postgres", url: t.databaseUrl!, poolSize: 2 });
      const otherApp = await buildApp({ config: testConfig({ dataDir: t.dataDir }), database: other });
      try {
        const user = await seedMatchmaker(t.database.db);
        const { cookie } = await signIn(t.app, user.email);
        expect((await me(otherApp, cookie)).statusCode).toBe(200);

        // A change through the first instance reaches the second through NOTIFY.
        await t.database.db.update(users).set({ firstName: "Seen" }).where(eq(users.id, user.id));
        await expect
          .poll(async () => (await me(otherApp, cookie)).json().firstName, { timeout: 2000 })
          .toBe("Seen");

        const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
        expect(logout.statusCode).toBe(204);
        await expect.poll(async () => (await me(otherApp, cookie)).statusCode, { timeout: 2000 }).toBe(401);
      } finally {
        await otherApp.close();
        await other.close();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "when the listening connection drops, nothing stale is served and listening resumes",
    async () => {
      const user = await seedMatchmaker(t.database.db);
      const { cookie } = await signIn(t.app, user.email);
      expect((await me(t.app, cookie)).statusCode).toBe(200);
      const listeners = sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`;
      await t.database.db.execute(sql`select pg_terminate_backend(pid) from (${listeners}) l`);
      // Another writer renames the user while this instance may not be listening.
      await t.database.db.update(users).set({ firstName: "AfterDrop" }).where(eq(users.id, user.id));
      expect((await me(t.app, cookie)).json().firstName).toBe("AfterDrop");
      await expect
        .poll(
          async () =>
            ((await t.database.db.execute(listeners)) as unknown as { rows: unknown[] }).rows.length,
          {
            timeout: 3000,
          },
        )
        .toBeGreaterThan(0);
      await t.database.db.update(users).set({ firstName: "Resumed" }).where(eq(users.id, user.id));
      expect((await me(t.app, cookie)).json().firstName).toBe("Resumed");
    },
  );
});
