import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../../test/app.js";
import { emailTokens, rateLimits, sessions } from "../db/schema/index.js";
import { issueEmailToken } from "../modules/auth/email-tokens.js";
import { sweepExpiredSignIns } from "../modules/auth/expiry.js";
import { createSession } from "../modules/auth/sessions.js";
import { seedMatchmaker } from "../seed/seed.js";
import { startHousekeeping, sweepExpired } from "./housekeeping.js";

describe("[housekeeping] expired rows", () => {
  it("removes expired sessions, stale tokens and old counters, and keeps live ones", async () => {
    const t = await buildTestApp();
    try {
      const db = t.database.db;
      const user = await seedMatchmaker(db);
      await createSession(db, user.id);
      await db
        .insert(sessions)
        .values({ id: "old", tokenHash: "old", userId: user.id, expiresAt: new Date(1000) });
      await issueEmailToken(db, user.id, "signin", 60_000);
      await db.insert(emailTokens).values({
        id: "stale",
        purpose: "signin",
        tokenHash: "stale",
        userId: user.id,
        expiresAt: new Date(Date.now() - 30 * 86_400_000),
      });
      await db.insert(rateLimits).values([
        { key: "old", count: 3, resetAt: new Date(1000) },
        { key: "live", count: 3, resetAt: new Date(Date.now() + 60_000) },
      ]);
      await sweepExpired(db, [sweepExpiredSignIns]);
      expect((await db.select().from(sessions)).map((s) => s.id)).not.toContain("old");
      expect(await db.select().from(sessions)).toHaveLength(1);
      expect((await db.select().from(emailTokens)).map((r) => r.id)).toEqual([
        expect.not.stringMatching("stale"),
      ]);
      expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(["live"]);
    } finally {
      await t.close();
    }
  });
});

describe("[housekeeping] the embedded database's vacuum", () => {
  it("analyzes at start and vacuums hourly, so the planner knows the tables' sizes and pages are marked all-visible", async () => {
    const t = await buildTestApp();
    vi.useFakeTimers({ toFake: ["setInterval"] });
    try {
      const db = t.database.db;
      const users = async () =>
        (
          await db
            .select({
              tuples: sql<number>`reltuples`.mapWith(Number),
              allVisible: sql<number>`relallvisible`.mapWith(Number),
            })
            .from(sql`pg_class`)
            .where(sql`relname = 'users'`)
        )[0]!;
      await seedMatchmaker(db);
      expect(await users()).toMatchObject({ tuples: -1, allVisible: 0 }); // never analyzed nor vacuumed
      const stop = startHousekeeping(db, t.app.log, { vacuum: true, sweeps: [sweepExpiredSignIns] });
      await vi.waitFor(async () => expect((await users()).tuples).toBeGreaterThanOrEqual(1), {
        timeout: 5000,
      });
      // Set from the visibility map, which only vacuum fills: not at start.
      expect((await users()).allVisible).toBe(0);
      vi.advanceTimersByTime(3_600_000);
      await vi.waitFor(async () => expect((await users()).allVisible).toBeGreaterThanOrEqual(1), {
        timeout: 5000,
      });
      stop();
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});
