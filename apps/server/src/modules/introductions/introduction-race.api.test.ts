import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { introductionSides } from "../../db/schema/index.js";
import { seedIntroduction } from "../../seed/introductions.js";
import { seedClient, seedMatchmaker } from "../../seed/seed.js";
import { runIntroductionJobs } from "./jobs.js";

let t: TestApp;
const DAY = 86_400_000;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the job and an answer racing", () => {
  it("never fails an answer with a deadlock", async () => {
    const db = t.database.db;
    const anna = await seedMatchmaker(db, { firstName: "Anna" });
    const boris = await seedMatchmaker(db, { firstName: "Boris" });
    const statuses: number[] = [];
    const jobErrors: string[] = [];
    for (let i = 0; i < 15; i++) {
      const a = await seedClient(db, anna.id);
      const b = await seedClient(db, boris.id);
      const now = new Date();
      const row = await seedIntroduction(db, {
        client: { clientId: a.id, matchmakerId: anna.id },
        candidate: { clientId: b.id, matchmakerId: boris.id },
        status: "asking_clients",
      });
      // A's question expires now; B (asked later) is due a reminder in the same run.
      await db
        .update(introductionSides)
        .set({
          askedAt: new Date(now.getTime() - 9 * DAY),
          expiresAt: new Date(now.getTime() - 60_000),
          nextNudgeAt: new Date(now.getTime() - 60_000),
        })
        .where(and(eq(introductionSides.introductionId, row.id), eq(introductionSides.clientId, a.id)));
      await db
        .update(introductionSides)
        .set({
          askedAt: new Date(now.getTime() - 2 * DAY - 60_000),
          expiresAt: new Date(now.getTime() + 6 * DAY),
          nextNudgeAt: new Date(now.getTime() - 60_000),
        })
        .where(and(eq(introductionSides.introductionId, row.id), eq(introductionSides.clientId, b.id)));
      const cookie = (await signIn(t.app, b.email)).cookie;
      const [job, answer] = await Promise.allSettled([
        runIntroductionJobs(t.app.deps, now),
        t.app.inject({
          method: "POST",
          url: `/api/me/introductions/${row.id}/answer`,
          payload: { answer: "yes" },
          headers: { cookie },
        }),
      ]);
      if (job.status === "rejected") jobErrors.push(String(job.reason?.cause?.message ?? job.reason));
      if (answer.status === "fulfilled") statuses.push(answer.value.statusCode);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(jobErrors).toEqual([]);
  });
});
