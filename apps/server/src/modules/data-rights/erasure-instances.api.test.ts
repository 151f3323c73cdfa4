import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { type Database, openDatabase } from "../../db/client.js";
import { seedIntroduction } from "../../seed/introductions.js";
import { seedManyClients, seedMatchmaker } from "../../seed/seed.js";
import { learnerFor } from "../matching/learner.js";
import { listenForErasures } from "./erase.js";

// Issue 20: an erasure drops the erased person's answers from the matching learner of every
// instance, not only of the one that erased. Two instances need a shared PostgreSQL database
// (PGlite is one process's), so this runs on PostgreSQL only.

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("erasure across instances", () => {
  let t: TestApp;
  let second: Database;
  beforeAll(async () => {
    t = await buildTestApp();
    second = await openDatabase({ kind: "postgres", url: t.databaseUrl!, poolSize: 2 });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it("another instance's learner forgets the erased client's answers without waiting for its refit", async () => {
    const db = t.database.db;
    const other = second;
    const subscription = await listenForErasures(other);
    try {
      const anna = await seedMatchmaker(db, { email: "instances-anna@example.test" });
      const boris = await seedMatchmaker(db, { email: "instances-boris@example.test" });
      // seedManyClients alternates women (even) and men (odd).
      const women = (await seedManyClients(db, anna.id, 6, "ia")).filter((_, i) => i % 2 === 0);
      const men = (await seedManyClients(db, boris.id, 6, "ib")).filter((_, i) => i % 2 === 1);
      let minute = 0;
      for (const [i, w] of women.entries())
        for (const [j, m] of men.entries()) {
          const answeredAt = new Date(Date.now() - (100 - minute++) * 60_000);
          await seedIntroduction(db, {
            client: { clientId: w, matchmakerId: anna.id, answer: (i + j) % 2 ? "yes" : "no", answeredAt },
            candidate: { clientId: m, matchmakerId: boris.id, answer: i % 2 ? "yes" : "no", answeredAt },
            status: "declined",
          });
        }
      const erased = women[0]!;
      // The other instance's learner has learned from her answers.
      const theirs = learnerFor(other.db);
      await theirs.refit();
      expect(theirs.hasHistory(erased)).toBe(true);
      const before = theirs.outcomes;

      const { cookie } = await signIn(t.app, "instances-anna@example.test");
      const res = await t.app.inject({
        method: "POST",
        url: `/api/clients/${erased}/erase`,
        headers: { cookie },
        payload: { confirm: true },
      });
      expect(res.statusCode).toBe(200);

      // It hears the erasure and rebuilds without her: her three answers and the three about her.
      await until(() => !theirs.hasHistory(erased));
      expect(theirs.outcomes).toBe(before - 2 * men.length);
      // Everyone else's history is still there.
      expect(theirs.hasHistory(women[1]!)).toBe(true);
      expect(theirs.hasHistory(men[0]!)).toBe(true);
    } finally {
      subscription.stop();
    }
  });
});
