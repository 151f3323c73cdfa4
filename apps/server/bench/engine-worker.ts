// Compatibility engine throughput on one core: one child process, one thread. Scores pairs of a
// seeded set of varied profiles (prepared once, as ranking does) for `seconds`, and prints JSON.
// The headline figure uses only pairs that pass every deal-breaker, so each is scored in full (the
// SQL pre-filter hands the engine such pairs); random pairs, mostly excluded early, come second.
import { explainPair, prepareProfile, scorePair } from "../src/modules/matching/compatibility-engine.js";
import { randomMatchInput, seededRandom } from "../test/match-profiles.js";

const seconds = Number(process.argv[2] ?? 3);
const today = new Date("2026-01-01T00:00:00Z");
const rnd = seededRandom(42);
const people = Array.from({ length: 1000 }, () => prepareProfile(randomMatchInput(rnd), today));

const N = people.length;
const random: [number, number][] = Array.from({ length: 100_000 }, () => [
  Math.floor(rnd() * N),
  Math.floor(rnd() * N),
]);
const passing: [number, number][] = [];
for (let i = 0; i < N && passing.length < 100_000; i++)
  for (let j = 0; j < N; j++)
    if (i !== j && !scorePair(people[i]!, people[j]!).excluded) passing.push([i, j]);

function run(
  ms: number,
  pairsOf: [number, number][],
  score: (i: number, j: number) => number,
): { pairs: number; ms: number; sum: number } {
  let pairs = 0;
  let sum = 0; // keeps the work observable, so nothing is optimised away
  const start = performance.now();
  let now = start;
  let i = 0;
  while (now - start < ms) {
    for (let k = 0; k < 1000; k++) {
      const [a, b] = pairsOf[i % pairsOf.length]!;
      sum += score(a, b);
      i++;
    }
    pairs += 1000;
    now = performance.now();
  }
  return { pairs, ms: now - start, sum };
}

const fast = (i: number, j: number) => scorePair(people[i]!, people[j]!).percentage;
const full = (i: number, j: number) => explainPair(people[i]!, people[j]!, "en-US").fitFactors.length;
const perSecond = (r: { pairs: number; ms: number }) => (r.pairs / r.ms) * 1000;
run(500, passing, fast); // warm-up
const scored = run(seconds * 1000, passing, fast);
const mixed = run(seconds * 500, random, fast);
run(200, passing, full);
const explained = run(Math.max(500, seconds * 300), passing, full);
let excluded = 0;
for (const [a, b] of random) if (scorePair(people[a]!, people[b]!).excluded) excluded++;

console.log(
  JSON.stringify({
    pairsPerSecond: perSecond(scored),
    randomPairsPerSecond: perSecond(mixed),
    randomExcludedShare: excluded / random.length,
    explainedPerSecond: perSecond(explained),
    checksum: scored.sum + mixed.sum + explained.sum,
  }),
);
