import { ValidityView } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { introductions } from "../../db/schema/index.js";
import { seedIntroduction } from "../../seed/introductions.js";
import { seedAdmin, seedManyClients, seedMatchmaker } from "../../seed/seed.js";

// GET /api/matching/validity: the chance kept on each introduction against what happened.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Answer = "yes" | "no" | undefined;

async function introduce(
  from: { matchmakerId: string; clientId: string },
  to: { matchmakerId: string; clientId: string },
  answers: [Answer, Answer],
  predicted: number | null,
  answeredAt = new Date(),
) {
  const row = await seedIntroduction(t.database.db, {
    client: { ...from, answer: answers[0], answeredAt },
    candidate: { ...to, answer: answers[1], answeredAt },
    status: answers.includes("no") ? "declined" : answers[0] && answers[1] ? "introduced" : "asking_clients",
  });
  await t.database.db
    .update(introductions)
    .set({ predictedChance: predicted })
    .where(eq(introductions.id, row.id));
}

async function validity(email: string | null) {
  const { cookie } = await signIn(t.app, email);
  const res = await t.app.inject({ url: "/api/matching/validity", headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return ValidityView.parse(res.json());
}

describe("score validity", () => {
  it("counts decided introductions, withholds the AUC below 20, and scopes to the agency", async () => {
    const db = t.database.db;
    const anna = await seedMatchmaker(db, { email: "validity-anna@example.test" });
    const boris = await seedMatchmaker(db, { email: "validity-boris@example.test" });
    const vera = await seedMatchmaker(db, { email: "validity-vera@example.test" });
    const admin = await seedAdmin(db, { email: "validity-admin@example.test" });
    const annas = await seedManyClients(db, anna.id, 40, "va");
    const boriss = await seedManyClients(db, boris.id, 40, "vb");
    const veras = await seedManyClients(db, vera.id, 10, "vv");
    const a = (i: number) => ({ matchmakerId: anna.id, clientId: annas[i]! });
    const b = (i: number) => ({ matchmakerId: boris.id, clientId: boriss[i]! });
    const v = (i: number) => ({ matchmakerId: vera.id, clientId: veras[i]! });

    // An empty agency: nothing to show yet.
    const empty = await validity(anna.email);
    expect(empty).toMatchObject({ outcomes: 0, auc: null, calibration: [], scope: "agency" });

    // Not outcomes: still waiting, one side only, or no chance kept.
    await introduce(a(0), b(0), [undefined, undefined], 0.5);
    await introduce(a(1), b(1), ["yes", undefined], 0.5);
    await introduce(a(2), b(2), ["yes", "yes"], null);
    // Ten outcomes: five mutual yes at high chances, five with a no at low ones.
    for (let i = 0; i < 5; i++) await introduce(a(3 + i), b(3 + i), ["yes", "yes"], 0.6 + i * 0.05);
    for (let i = 0; i < 5; i++) await introduce(a(8 + i), b(8 + i), ["no", undefined], 0.1 + i * 0.02);
    const few = await validity(anna.email);
    expect(few.outcomes).toBe(10);
    expect(few.mutualYes).toBe(5);
    expect(few.auc).toBeNull();
    expect(few.calibration.reduce((s, c) => s + c.count, 0)).toBe(10);
    expect(few.trend.at(-1)).toMatchObject({ outcomes: 10, auc: null });

    // Ten more, one the other way round: 20 outcomes give an AUC.
    for (let i = 0; i < 9; i++) await introduce(b(13 + i), a(13 + i), ["yes", "yes"], 0.7);
    await introduce(b(22), a(22), ["yes", "no"], 0.9);
    const enough = await validity(anna.email);
    expect(enough.outcomes).toBe(20);
    // 14 positives above all 5 low negatives; the one high negative (0.9) beats every positive.
    expect(enough.auc).toBeCloseTo((14 * 5) / (14 * 6), 6);
    const bin = enough.calibration.find((c) => c.predicted > 0.85)!;
    expect(bin).toEqual({ predicted: 0.9, observed: 0, count: 1 });
    expect(enough.trend.at(-1)!.auc).toBeCloseTo(enough.auc!, 9);

    // Another agency's outcomes are not Anna's; the admin sees the marketplace.
    await introduce(v(0), v(1), ["yes", "yes"], 0.2);
    expect((await validity(anna.email)).outcomes).toBe(20);
    expect((await validity(boris.email)).outcomes).toBe(20);
    expect((await validity(vera.email)).outcomes).toBe(1);
    const all = await validity(admin.email);
    expect(all.scope).toBe("marketplace");
    expect(all.outcomes).toBeGreaterThanOrEqual(21);
  });
});
