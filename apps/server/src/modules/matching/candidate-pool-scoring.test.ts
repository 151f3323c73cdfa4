import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { person, randomMatchInput, seededRandom } from "../../../test/match-profiles.js";
import {
  columnsScore,
  emptyPool,
  forgetMember,
  inviterCode,
  PARALLEL_SCAN,
  putMember,
  scanThreads,
  scoreShared,
} from "./candidate-pool.js";
import { type MatchInput, prepareProfile, scorePair } from "./compatibility-engine.js";
import { packScore } from "./pool-scan.js";
import { bestFirst, type RankedCandidate } from "./ranking.js";

// The pool scores members from typed columns (`scoreShared`); the engine (`scorePair`) is the
// definition. Both must give the same candidates and the same three numbers for every pair,
// including members the columns cannot hold and values filled in or not.

const today = new Date("2026-11-25T12:00:00Z");

/** Random profiles pushed to the edges: no gender, no birth date, unusual wishes and values. */
function varied(rnd: () => number, i: number): MatchInput {
  const input = randomMatchInput(rnd);
  const f = { ...input.fields };
  const p = { ...input.preferences };
  if (i % 17 === 0) f.gender = null;
  if (i % 13 === 0) f.dateOfBirth = null;
  if (i % 11 === 0) p.orientation = "HOMOSEXUAL";
  if (i % 7 === 0) p.preferredGender = null;
  if (i % 19 === 0) p.maxHeight = 185;
  if (i % 23 === 0) f.city = null;
  if (i % 29 === 0) f.country = null;
  if (i % 5 === 0) p.dealBreakers = [...p.dealBreakers, "relationships", "cities"];
  // More wished cities and interests than the columns hold: scored by the engine.
  if (i % 31 === 0) p.preferredCities = ["A", "B", "C", "D", "E", "F", "G", "Kazan"];
  if (i % 37 === 0)
    f.interests = {
      sports: ["a", "b", "c", "d", "e", "f"],
      music: ["g", "h", "i", "j", "k", "l"],
      ...f.interests,
    };
  if (i % 41 === 0) f.psychology = { ...f.psychology, narcissism: 90, borderline: 80 };
  // Every wish's weight, each at its own value, so no two columns can be mixed up unseen.
  if (i % 3 === 0)
    p.weights = { age: "high", height: "low", cities: "medium", relationships: "low", smoking: "high" };
  if (i % 4 === 0) p.weights = { age: "low", height: "high", cities: "high", alcohol: "low", income: "high" };
  // The same city in another country.
  if (i % 43 === 0) f.country = "DE";
  if (i % 47 === 0) f.gender = "UNKNOWN" as never;
  return { fields: f, preferences: p };
}

function reference(me: MatchInput, members: Map<string, MatchInput>) {
  const mine = prepareProfile(me, today);
  const out = new Map<string, number[]>();
  for (const [id, input] of members) {
    const s = scorePair(mine, prepareProfile(input, today));
    if (!s.excluded) out.set(id, [s.percentage, s.clientFit, s.candidateFit]);
  }
  return out;
}

/**
 * The scores `scoreShared` visits, each member once and in slot order: the same on this thread
 * alone and split with the worker thread (a pool this small is not split but for the test).
 */
async function fromColumns(pool: ReturnType<typeof emptyPool>, me: MatchInput) {
  const scan = async (minSlots: number) => {
    const saved = PARALLEL_SCAN.minSlots;
    PARALLEL_SCAN.minSlots = minSlots;
    const visits: number[][] = [];
    try {
      await scoreShared(pool, prepareProfile(me, today), (slot, percentage, clientFit, candidateFit) => {
        visits.push([slot, percentage, clientFit, candidateFit]);
      });
    } finally {
      PARALLEL_SCAN.minSlots = saved;
    }
    return visits;
  };
  const visits = await scan(Number.POSITIVE_INFINITY);
  expect(await scan(0)).toEqual(visits);
  // The worker answered (a failed one leaves this thread alone; one core has none).
  expect(scanThreads()).toBe(availableParallelism() > 1 ? 2 : 1);
  const slots = visits.map(([slot]) => slot!);
  expect(slots).toEqual([...slots].sort((a, b) => a - b));
  expect(new Set(slots).size).toBe(slots.length);
  return new Map(visits.map(([slot, ...score]) => [pool.slots[slot!]!.id, score]));
}

describe("the pool's columns score as the engine does", () => {
  it("gives every pair the engine's score, members changed and removed included", async () => {
    const rnd = seededRandom(2026);
    const pool = emptyPool(today);
    const members = new Map<string, MatchInput>();
    for (let i = 0; i < 3000; i++) {
      const input = varied(rnd, i);
      const id = `m${i}`;
      putMember(pool, { id, inviterId: `a${i % 7}`, isPublished: i % 10 !== 0, input }, today);
      if (i % 10 !== 0) members.set(id, input);
    }
    // Changes: members replaced in place, members removed, and newcomers in the freed slots.
    for (let i = 1; i < 3000; i += 97) {
      const input = varied(rnd, i * 3);
      putMember(pool, { id: `m${i}`, inviterId: "a1", isPublished: true, input }, today);
      members.set(`m${i}`, input);
    }
    for (let i = 2; i < 3000; i += 89) {
      forgetMember(pool, `m${i}`);
      members.delete(`m${i}`);
    }
    const freed = pool.free.length;
    for (let i = 0; i < 40; i++) {
      const input = varied(rnd, i * 7 + 1);
      putMember(pool, { id: `n${i}`, inviterId: "a2", isPublished: true, input }, today);
      members.set(`n${i}`, input);
    }
    expect(freed).toBeGreaterThan(30);
    expect(pool.free.length).toBe(Math.max(0, freed - 40));
    let compared = 0;
    let unknown = 0;
    for (let i = 0; i < 80; i++) {
      const me = varied(rnd, i + 5000);
      const expected = reference(me, members);
      // A gender the columns do not know: ranked from the database instead (`ranking.ts`).
      if (!columnsScore(prepareProfile(me, today))) {
        unknown++;
        continue;
      }
      expect(await fromColumns(pool, me)).toEqual(expected);
      compared += expected.size;
    }
    expect(unknown).toBeGreaterThan(0);
    expect(unknown).toBeLessThan(5);
    expect(compared).toBeGreaterThan(10_000);
    // Only members the columns cannot hold keep their prepared profile.
    const kept = [...pool.members.values()].filter((m) => m.shared);
    expect(kept.length).toBeGreaterThan(50);
    expect(kept.length).toBeLessThan(pool.members.size / 5);
    // A matchmaker's members and the client's own slot are left out, before any score.
    const me = varied(rnd, 9001);
    const skipped = pool.members.get("m7")!;
    const all = [...reference(me, members).keys()];
    const others = all.filter((id) => id !== "m7" && pool.members.get(id)!.inviterId !== "a3");
    expect(others.length).toBeGreaterThan(20);
    expect(all.length).toBeGreaterThan(others.length + 5);
    // On this thread alone, and split with the worker.
    for (const minSlots of [Number.POSITIVE_INFINITY, 0]) {
      const saved = PARALLEL_SCAN.minSlots;
      PARALLEL_SCAN.minSlots = minSlots;
      const left = new Set<string>();
      try {
        await scoreShared(
          pool,
          prepareProfile(me, today),
          (slot) => {
            left.add(pool.slots[slot]!.id);
          },
          { inviter: inviterCode("a3"), slot: skipped.slot },
        );
      } finally {
        PARALLEL_SCAN.minSlots = saved;
      }
      expect([...left].sort()).toEqual(others.sort());
    }
  });

  it("holds values beyond the codes it keeps, and clients the columns do not know", async () => {
    const pool = emptyPool(today);
    const members = new Map<string, MatchInput>();
    const base = { gender: "FEMALE" as const, city: "Kazan", country: "RU" as const };
    // Forty incomes nobody else has: past the codes a wish's bits hold.
    for (let i = 0; i < 40; i++) {
      const input = person(
        { ...base, incomeLevel: `INCOME_${i}` as never },
        { income: [`INCOME_${39 - i}`] as never },
      );
      putMember(pool, { id: `x${i}`, inviterId: "a", isPublished: true, input }, today);
      members.set(`x${i}`, input);
    }
    const plain = person(base, { preferredCities: ["kazan"], dealBreakers: ["cities"] });
    putMember(pool, { id: "plain", inviterId: "a", isPublished: true, input: plain }, today);
    members.set("plain", plain);
    for (const me of [
      person(
        { gender: "MALE", incomeLevel: "INCOME_3" as never, city: "Kazan" },
        { income: ["INCOME_5"] as never },
      ),
      person({ gender: "MALE", city: "Perm" }, { preferredCities: ["kazan"], dealBreakers: ["cities"] }),
      person({ gender: null, city: "Nowhere", country: "ZZ" as never }, {}),
    ])
      expect(await fromColumns(pool, me)).toEqual(reference(me, members));
    // A client of a gender they do not know is not theirs to score.
    const unknown = prepareProfile(
      person({ gender: "UNKNOWN" as never }, { preferredGender: "FEMALE" }),
      today,
    );
    expect(columnsScore(unknown)).toBe(false);
    await expect(scoreShared(pool, unknown, () => undefined)).rejects.toThrow("cannot score this client");
  });
});

describe("the ranking's order", () => {
  it("is best first, ties by id, own members merged in, whatever order the slots hold the ids in", () => {
    const rnd = seededRandom(9);
    for (let round = 0; round < 30; round++) {
      const n = 1 + Math.floor(rnd() * 400);
      // Ids mostly in slot order, some out of it (slots reused), and sometimes all shuffled.
      const ids = Array.from({ length: n }, (_, i) =>
        rnd() < (round % 3 === 0 ? 1 : 0.05)
          ? `z${Math.floor(rnd() * 1e6)}-${i}`
          : `m${String(i).padStart(6, "0")}`,
      );
      // Narrow (long runs) or the whole range, its ends included.
      const pct = () => (round % 2 === 0 ? 40 + Math.floor(rnd() * 5) : Math.floor(rnd() * 101));
      const others = ids.map((id, slot) => ({ id, inviterId: `a${slot % 3}` }));
      const scores = others.map(() => packScore(pct(), Math.floor(rnd() * 101), Math.floor(rnd() * 101)));
      const own: RankedCandidate[] = Array.from({ length: Math.floor(rnd() * 20) }, (_, i) => ({
        id: `o${Math.floor(rnd() * 1e6)}-${i}`,
        inviterId: "mine",
        isOwnClient: true,
        percentage: pct(),
        clientFit: 1,
        candidateFit: 2,
      }));
      const all = [
        ...own,
        ...others.map((m, i) => ({
          ...m,
          isOwnClient: false,
          percentage: scores[i]! >> 16,
          clientFit: (scores[i]! >> 8) & 255,
          candidateFit: scores[i]! & 255,
        })),
      ];
      const want = all.sort((a, b) => b.percentage - a.percentage || (a.id < b.id ? -1 : 1));
      // Read from the last place back (each run is put in order when first read), then in order.
      const backwards = bestFirst(own, others, scores);
      for (let i = backwards.length - 1; i >= 0; i--) expect(backwards.idAt(i)).toBe(want[i]!.id);
      const ranking = bestFirst(own, others, scores);
      expect(ranking.slice()).toEqual(want);
      // Read a place at a time, without its object.
      expect(Array.from({ length: ranking.length }, (_, i) => ranking.idAt(i))).toEqual(
        want.map((r) => r.id),
      );
      expect(Array.from({ length: ranking.length }, (_, i) => ranking.percentageAt(i))).toEqual(
        want.map((r) => r.percentage),
      );
      expect(Array.from({ length: ranking.length }, (_, i) => ranking.isOwnAt(i))).toEqual(
        want.map((r) => r.isOwnClient),
      );
    }
  });

  it("is best first past 100 too (psychology answers past 100, which the database refuses)", () => {
    const others = ["b", "a", "c"].map((id) => ({ id, inviterId: "x" }));
    const own: RankedCandidate = {
      id: "o",
      inviterId: "mine",
      isOwnClient: true,
      percentage: 110,
      clientFit: 110,
      candidateFit: 110,
    };
    const order = bestFirst([own], others, [
      packScore(120, 120, 120),
      packScore(90, 80, 100),
      packScore(120, 1, 2),
    ]).slice();
    expect(order.map((r) => [r.id, r.percentage])).toEqual([
      ["b", 120],
      ["c", 120],
      ["o", 110],
      ["a", 90],
    ]);
    expect(order[1]).toEqual({
      id: "c",
      inviterId: "x",
      isOwnClient: false,
      percentage: 120,
      clientFit: 1,
      candidateFit: 2,
    });
  });
});
