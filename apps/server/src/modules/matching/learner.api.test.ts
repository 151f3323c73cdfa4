import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/app.js";
import { introductionFeedback, introductionSides, users } from "../../db/schema/index.js";
import { seedIntroduction } from "../../seed/introductions.js";
import { seedManyClients, seedMatchmaker } from "../../seed/seed.js";
import { withCandidatePool } from "./candidate-pool.js";
import { EMPTY_MATCH_INPUT, type MatchInput } from "./compatibility-engine.js";
import { learnerFor, OutcomeLearner } from "./learner.js";
import { rankCandidates } from "./ranking.js";

// The learner in the product: the ledger it keeps by recording each answer as it arrives equals
// the one a full refit builds from the database, on PGlite and on PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const rounded = (v: unknown): unknown =>
  typeof v === "number"
    ? Math.round(v * 1e9) / 1e9
    : Array.isArray(v)
      ? v.map(rounded)
      : v && typeof v === "object"
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rounded(x)]))
        : v;
const input = (gender: "FEMALE" | "MALE"): MatchInput => ({
  fields: { ...EMPTY_MATCH_INPUT.fields, gender },
  preferences: EMPTY_MATCH_INPUT.preferences,
});

describe("the outcome learner", () => {
  it("records answers one by one into the same ledger a refit builds, and answers a chance", async () => {
    const db = t.database.db;
    const anna = await seedMatchmaker(db, { email: "learner-anna@example.test" });
    const boris = await seedMatchmaker(db, { email: "learner-boris@example.test" });
    // seedManyClients alternates women (even) and men (odd).
    const annas = await seedManyClients(db, anna.id, 12, "la");
    const boriss = await seedManyClients(db, boris.id, 12, "lb");
    const women = annas.filter((_, i) => i % 2 === 0);
    const men = boriss.filter((_, i) => i % 2 === 1);

    const incremental = new OutcomeLearner(db);
    await incremental.refit();
    expect(incremental.outcomes).toBe(0);

    const start = Date.now() - 1000 * MINUTE;
    let n = 0;
    const pairs: string[] = [];
    for (const [i, w] of women.entries())
      for (const [j, m] of men.entries()) {
        if ((i + j) % 3 === 0) continue;
        const answeredAt = new Date(start + n++ * MINUTE);
        const wYes = (i * 7 + j * 3) % 5 < 2;
        const mYes = (i + j * 5) % 4 < 2;
        const row = await seedIntroduction(db, {
          client: { clientId: w, matchmakerId: anna.id, answer: wYes ? "yes" : "no", answeredAt },
          candidate: { clientId: m, matchmakerId: boris.id, answer: mYes ? "yes" : "no", answeredAt },
          status: wYes && mYes ? "introduced" : "declined",
        });
        pairs.push(row.id);
        if (n % 4 === 0) await incremental.sync();
      }
    await incremental.sync();
    // A date's "meet again" replaces the answer before it.
    await db.insert(introductionFeedback).values({
      introductionId: pairs[0]!,
      clientId: women[0]!,
      happened: true,
      meetAgain: "no",
      createdAt: new Date(start + (n + 1) * MINUTE),
    });
    // An answer committed late with a time before the last one seen still arrives.
    await db
      .update(introductionSides)
      .set({ answer: "yes", answeredAt: new Date(start + (n - 2) * MINUTE) })
      .where(and(eq(introductionSides.introductionId, pairs[1]!), eq(introductionSides.clientId, women[0]!)));
    await incremental.sync();

    const refit = new OutcomeLearner(db);
    await refit.refit();
    expect(refit.outcomes).toBe(2 * n);
    expect(incremental.outcomes).toBe(refit.outcomes);
    // The same ledger; a replaced answer's sums may differ in the last bits of a float.
    expect(rounded(incremental.snapshot())).toEqual(rounded(refit.snapshot()));
    const [first] = refit.snapshot().decisions.filter(([id]) => id === women[0]);
    expect(new Map(first![1]).get(men[1]!)).toBe(false);
    expect(new Map(first![1]).get(men[2]!)).toBe(true);

    // A client with history: learned from every outcome held; nobody's history: the questionnaire.
    const known = refit.chance(
      { id: women[1]!, input: input("FEMALE") },
      { id: men[1]!, input: input("MALE") },
      new Map(),
    );
    expect(known.learnedFrom).toBe(2 * n);
    expect(known.mutualChance).toBeGreaterThan(0);
    expect(known.mutualChance).toBeLessThan(1);
    const strangers = refit.chance(
      { id: "00000000-0000-7000-8000-000000000001", input: input("FEMALE") },
      { id: "00000000-0000-7000-8000-000000000002", input: input("MALE") },
      new Map(),
    );
    expect(strangers).toMatchObject({ learnedFrom: 0, reasons: [] });
    expect(strangers.mutualChance).toBeGreaterThan(0);
  });

  it("gives no reason built from others' answers until five people stand behind it", async () => {
    const db = t.database.db;
    const vera = await seedMatchmaker(db, { email: "learner-vera@example.test" });
    const gleb = await seedMatchmaker(db, { email: "learner-gleb@example.test" });
    const veras = await seedManyClients(db, vera.id, 16, "lv");
    const glebs = await seedManyClients(db, gleb.id, 2, "lg");
    const women = veras.filter((_, i) => i % 2 === 0);
    const man = glebs[1]!;
    const learner = new OutcomeLearner(db);
    const reasonsAfter = async (k: number) => {
      for (const w of women.slice(k === 4 ? 0 : 4, k)) {
        await seedIntroduction(db, {
          client: { clientId: w, matchmakerId: vera.id, answer: "yes" },
          candidate: { clientId: man, matchmakerId: gleb.id },
          status: "asking_clients",
        });
      }
      await learner.refit();
      return learner.chance(
        { id: women[7]!, input: input("FEMALE") },
        { id: man, input: input("MALE") },
        new Map(),
      ).reasons;
    };
    // Four women said yes to him: "often chosen" would say something about each of them.
    expect(await reasonsAfter(4)).not.toContain("oftenChosen");
    // Seven: it may be said.
    const seven = await reasonsAfter(7);
    expect(seven.every((r) => r !== "rarelyChosen")).toBe(true);
  });

  it("uses a candidate's own answers only from five on: fewer change neither the chance nor its count", async () => {
    const db = t.database.db;
    const vera = await seedMatchmaker(db, { email: "learner-own-vera@example.test" });
    const gleb = await seedMatchmaker(db, { email: "learner-own-gleb@example.test" });
    const veras = await seedManyClients(db, vera.id, 16, "lov");
    const glebs = await seedManyClients(db, gleb.id, 2, "log");
    const women = veras.filter((_, i) => i % 2 === 0);
    // Gleb's client answers Vera's clients, one by one; Vera asks about him for the last woman.
    const candidate = glebs[1]!;
    const client = women[7]!;
    const learner = new OutcomeLearner(db);
    const chanceAfter = async (answers: number) => {
      for (const w of women.slice(answers - 1, answers)) {
        await seedIntroduction(db, {
          client: { clientId: candidate, matchmakerId: gleb.id, answer: "no" },
          candidate: { clientId: w, matchmakerId: vera.id },
          status: "asking_clients",
        });
      }
      await learner.refit();
      const { mutualChance, learnedFrom } = learner.chance(
        { id: client, input: input("FEMALE") },
        { id: candidate, input: input("MALE") },
        new Map(),
      );
      return { mutualChance, learnedFrom };
    };
    await learner.refit();
    const before = learner.chance(
      { id: client, input: input("FEMALE") },
      { id: candidate, input: input("MALE") },
      new Map(),
    );
    expect(before.learnedFrom).toBe(0);
    // One to four "no"s of his: Vera learns nothing of them.
    for (const n of [1, 2, 3, 4]) {
      expect(await chanceAfter(n), `${n} answers`).toEqual({
        mutualChance: before.mutualChance,
        learnedFrom: 0,
      });
    }
    // Five: how often he says yes may move the chance.
    const five = await chanceAfter(5);
    expect(five.learnedFrom).toBeGreaterThan(0);
    expect(five.mutualChance).not.toBeNull();
    expect(five.mutualChance!).toBeLessThan(before.mutualChance!);
  });

  it("re-orders a client's best candidates by the learned chance once the client has history", async () => {
    const db = t.database.db;
    const mira = await seedMatchmaker(db, { email: "learner-mira@example.test" });
    // Even: women, odd: men; every third is complete (a pool member): men 3, 9, 15, 21, 27.
    const ids = await seedManyClients(db, mira.id, 30, "lm");
    // The engine puts A before B; outcomes say B is the one women choose.
    const [x, a, b] = [ids[0]!, ids[3]!, ids[9]!];
    const answer = async (from: string, to: string, yes: boolean, minute: number) =>
      seedIntroduction(db, {
        client: {
          clientId: from,
          matchmakerId: mira.id,
          answer: yes ? "yes" : "no",
          answeredAt: new Date(Date.now() - minute * MINUTE),
        },
        candidate: { clientId: to, matchmakerId: mira.id },
        status: "asking_clients",
      });
    const rank = async () =>
      (
        await rankCandidates(db, {
          clientId: x,
          client: input("FEMALE"),
          matchmakerId: mira.id,
          today: new Date(),
        })
      ).slice();
    const position = (list: { id: string }[], id: string) => list.findIndex((r) => r.id === id);
    // Six women chose B and passed over A.
    for (const [k, w] of [2, 4, 6, 8, 10, 12].entries()) {
      await answer(ids[w]!, b, true, 100 - k);
      await answer(ids[w]!, a, false, 90 - k);
    }
    // Without history of her own, X gets the engine's order.
    await learnerFor(db).refit();
    const before = await rank();
    expect(position(before, a)).toBeLessThan(position(before, b));
    // Once she has answered someone, the learned chance orders her best candidates.
    await answer(x, ids[15]!, true, 1);
    await learnerFor(db).refit();
    const after = await rank();
    expect(position(after, b)).toBeLessThan(position(after, a));
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
  });

  it("re-orders another agency's published candidates too, whose profiles the pool does not keep", async () => {
    const db = t.database.db;
    const vera = await seedMatchmaker(db, { email: "learner-pool-vera@example.test" });
    const oleg = await seedMatchmaker(db, { email: "learner-pool-oleg@example.test" });
    const veras = await seedManyClients(db, vera.id, 30, "lv");
    await db.update(users).set({ participatesInSearch: true }).where(inArray(users.id, veras));
    // Oleg's client X (a complete woman) ranks Vera's published men: A before B by the engine.
    const x = (await seedManyClients(db, oleg.id, 3, "lo"))[0]!;
    const [a, b] = [veras[3]!, veras[9]!];
    const answer = async (from: string, fromMatchmaker: string, to: string, yes: boolean, minute: number) =>
      seedIntroduction(db, {
        client: {
          clientId: from,
          matchmakerId: fromMatchmaker,
          answer: yes ? "yes" : "no",
          answeredAt: new Date(Date.now() - minute * MINUTE),
        },
        candidate: { clientId: to, matchmakerId: vera.id },
        status: "asking_clients",
      });
    for (const [k, w] of [2, 4, 6, 8, 10, 12].entries()) {
      await answer(veras[w]!, vera.id, b, true, 100 - k);
      await answer(veras[w]!, vera.id, a, false, 90 - k);
    }
    await answer(x, oleg.id, veras[15]!, true, 1);
    await learnerFor(db).refit();
    // The pool loaded: its columns score Vera's men, and it keeps none of their profiles.
    const kept = await withCandidatePool(db, oleg.id, new Date(), (pool) =>
      [a, b].map((id) => pool.members.get(id)?.shared),
    );
    expect(kept).toEqual([undefined, undefined]);
    const rank = async (learning: boolean) =>
      (
        await rankCandidates(db, {
          clientId: x,
          client: input("FEMALE"),
          matchmakerId: oleg.id,
          today: new Date(),
          learning,
        })
      ).slice();
    const position = (list: { id: string }[], id: string) => list.findIndex((r) => r.id === id);
    const engine = await rank(false);
    expect(engine.every((r) => !r.isOwnClient)).toBe(true);
    expect(position(engine, a)).toBeGreaterThanOrEqual(0);
    expect(position(engine, a)).toBeLessThan(position(engine, b));
    const learned = await rank(true);
    expect(position(learned, b)).toBeLessThan(position(learned, a));
    expect(learned.map((r) => r.id).sort()).toEqual(engine.map((r) => r.id).sort());
  });
});
