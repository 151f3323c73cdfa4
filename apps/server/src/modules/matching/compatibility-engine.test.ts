import { CompatibilityResult } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { person, randomMatchInput, seededRandom } from "../../../test/match-profiles.js";
import {
  compareProfiles,
  explainPair,
  type MatchInput,
  prepareProfile,
  scorePair,
} from "./compatibility-engine.js";

const today = new Date("2026-01-01T12:00:00Z");
const en = { locale: "en-US" as const, today };
const ru = { locale: "ru-RU" as const, today };

// The worked example every case below varies. By hand:
// client's wishes on the candidate: age 30 in 25-35 -> 100 x2; education BACHELOR vs wished MASTER,
//   one step away -> 50 x3 (weight high)
// candidate's wishes on the client: age 35 in 30-40 -> 100 x2
// shared: faith same -> 100 x3; family plan WANT vs OPEN -> 80 x3; same city -> 100 x2
// clientFit = (200 + 150 + 300 + 240 + 200) / 13 = 83.85 -> 84
// candidateFit = (200 + 300 + 240 + 200) / 10 = 94
// overall = sqrt(84 x 94) = 88.86 -> 89
function client(prefs: Partial<MatchInput["preferences"]> = {}): MatchInput {
  return person(
    {
      gender: "MALE",
      dateOfBirth: "1990-06-15", // 35 on 2026-01-01
      height: 180,
      faith: "CHRISTIANITY",
      familyPlan: "WANT_CHILDREN",
      country: "RU",
      city: "Moscow",
    },
    {
      preferredGender: "FEMALE",
      minAge: 25,
      maxAge: 35,
      education: ["MASTER"],
      weights: { education: "high" },
      ...prefs,
    },
  );
}
function candidate(
  fields: Partial<MatchInput["fields"]> = {},
  prefs: Partial<MatchInput["preferences"]> = {},
) {
  return person(
    {
      gender: "FEMALE",
      dateOfBirth: "1995-03-01", // 30
      faith: "CHRISTIANITY",
      familyPlan: "OPEN_TO_CHILDREN",
      country: "RU",
      city: " moscow ",
      educationLevel: "BACHELOR",
      ...fields,
    },
    { preferredGender: "MALE", minAge: 30, maxAge: 40, ...prefs },
  );
}

describe("compatibility engine", () => {
  it("scores the worked example as computed by hand", () => {
    const r = compareProfiles(client(), candidate(), en);
    expect(r).toMatchObject({
      excluded: false,
      clientFit: 84,
      candidateFit: 94,
      percentage: 89,
      dealBreakers: [],
    });
    const byKey = Object.fromEntries(r.fitFactors.map((f) => [`${f.side}:${f.key}`, [f.score, f.weight]]));
    expect(byKey).toEqual({
      "client:age": [100, 2],
      "client:education": [50, 3],
      "candidate:age": [100, 2],
      "mutual:faith": [100, 3],
      "mutual:familyPlan": [80, 3],
      "mutual:location": [100, 2],
    });
    expect(CompatibilityResult.parse(r)).toEqual(r);
    expect(r.summary).toBe(
      "An excellent match: 89% overall. The candidate meets 84% of the client's wishes; the client meets 94% of the candidate's.",
    );
    expect(r.fitFactors.find((f) => f.key === "age" && f.side === "client")?.reason).toBe(
      "The candidate is 30, within the client's wished age 25–35.",
    );
    expect(r.strengths[0]).toBe("They share the same faith.");
    expect(r.concerns).toEqual([]);
  });

  it("lets a preference's weight shift the score", () => {
    // education weight low: clientFit = (200 + 50 + 300 + 240 + 200) / 11 = 90; sqrt(90 x 94) = 91.98
    const low = compareProfiles(client({ weights: { education: "low" } }), candidate(), en);
    expect(low).toMatchObject({ clientFit: 90, candidateFit: 94, percentage: 92 });
    // no weight given is medium: (200 + 100 + 300 + 240 + 200) / 12 = 86.67 -> 87; sqrt(87 x 94) = 90.43
    const medium = compareProfiles(client({ weights: {} }), candidate(), en);
    expect(medium).toMatchObject({ clientFit: 87, percentage: 90 });
    expect(medium.fitFactors.find((f) => f.key === "education")?.weight).toBe(2);
  });

  it("excludes a pair when a preference marked deal-breaker fails, and says why", () => {
    const r = compareProfiles(client({ dealBreakers: ["education"] }), candidate(), en);
    expect(r).toMatchObject({ excluded: true, percentage: 0 });
    expect(r.dealBreakers).toEqual([
      {
        key: "education",
        side: "client",
        reason: "Education is a deal-breaker for the client, and the candidate does not match.",
      },
    ]);
    expect(r.concerns[0]).toBe(r.dealBreakers[0]!.reason);
    expect(r.summary.startsWith("Not a match")).toBe(true);
    expect(
      scorePair(
        prepareProfile(client({ dealBreakers: ["education"] }), today),
        prepareProfile(candidate(), today),
      ),
    ).toEqual({ excluded: true, percentage: 0, clientFit: 0, candidateFit: 0 });
  });

  it("treats gender, orientation, age and height ranges as hard filters in both directions", () => {
    const excludedBy = (a: MatchInput, b: MatchInput) =>
      compareProfiles(a, b, en).dealBreakers.map((d) => `${d.side}:${d.key}`);
    expect(excludedBy(client({ preferredGender: "MALE" }), candidate())).toEqual(["client:gender"]);
    expect(excludedBy(client({ preferredGender: null, orientation: "HOMOSEXUAL" }), candidate())).toEqual([
      "client:gender",
    ]);
    expect(excludedBy(client({ preferredGender: null, orientation: "STRAIGHT" }), candidate())).toEqual([]);
    expect(excludedBy(client({ preferredGender: "EVERYONE" }), candidate())).toEqual([]);
    expect(excludedBy(client({ minAge: 31 }), candidate())).toEqual(["client:age"]);
    // the candidate's own wishes filter too: the client is 35
    expect(excludedBy(client(), candidate({}, { maxAge: 34 }))).toEqual(["candidate:age"]);
    expect(excludedBy(client(), candidate({}, { minHeight: 185 }))).toEqual(["candidate:height"]);
    expect(excludedBy(client(), candidate({}, { minHeight: 170, maxHeight: 190 }))).toEqual([]);
    expect(excludedBy(client({ preferredCities: ["Kazan"], dealBreakers: ["cities"] }), candidate())).toEqual(
      ["client:cities"],
    );
  });

  it("does not exclude on a value that is not filled in, but scores it as unknown", () => {
    const r = compareProfiles(
      client({ dealBreakers: ["education"] }),
      candidate({ educationLevel: null }),
      en,
    );
    expect(r.excluded).toBe(false);
    expect(r.fitFactors.find((f) => f.key === "education")).toMatchObject({ score: 50, weight: 3 });
  });

  it("scores both directions: swapping the pair swaps the two fits and keeps the overall figure", () => {
    const ab = compareProfiles(client(), candidate(), en);
    const ba = compareProfiles(candidate(), client(), en);
    expect(ba).toMatchObject({
      clientFit: ab.candidateFit,
      candidateFit: ab.clientFit,
      percentage: ab.percentage,
    });
    const mutual = (r: typeof ab) =>
      r.fitFactors.filter((f) => f.side === "mutual").map((f) => [f.key, f.score, f.weight]);
    expect(mutual(ba)).toEqual(mutual(ab));
    // A one-sided wish counts only on its side: a miss on the client's list lowers clientFit alone.
    const miss = compareProfiles(
      client({ income: ["OVER_100M"], weights: { education: "high", income: "high" } }),
      candidate({ incomeLevel: "UP_TO_100K" }),
      en,
    );
    // clientFit = (1090 + 0 x 3) / 16 = 68.1 -> 68; candidateFit unchanged 94; sqrt(68 x 94) = 79.95 -> 80
    expect(miss).toMatchObject({ clientFit: 68, candidateFit: 94, percentage: 80 });
  });

  it("is deterministic: the same pair gives the same result, whatever the order of the inputs' keys", () => {
    const a = person({ interests: { travel: ["Paris", "sea", "hiking"], music: ["jazz"] } });
    const b = person({ interests: { music: ["Jazz", "rock"], travel: ["paris", "Sea", "Rome", "Alps"] } });
    const reordered = person({ interests: { travel: ["Paris", "sea", "hiking"], music: ["jazz"] } });
    const first = compareProfiles(a, b, en);
    expect(compareProfiles(a, b, en)).toEqual(first);
    expect(compareProfiles(reordered, b, en)).toEqual(first);
    // music: 1 of min(1, 2) -> 100; travel: 2 of min(3, 4) -> 67; both directions (100 + 67) / 2 = 83.5 -> 84
    expect(first.fitFactors.map((f) => [f.key, f.score])).toEqual([
      ["interests.music", 100],
      ["interests.travel", 67],
    ]);
    expect(first).toMatchObject({ clientFit: 84, candidateFit: 84, percentage: 84 });
    expect(first.fitFactors[1]?.reason).toBe("Travel: 2 of 3 interests shared.");
  });

  it("raises empathy and flags high narcissism or borderline scores as concerns", () => {
    // only the candidate's psychology is known: client side 80 - 30 = 50; the other direction has nothing: 50
    const r = compareProfiles(
      person({}),
      person({ psychology: { empathy: 80, narcissism: 75, borderline: 10 } }),
      en,
    );
    expect(r).toMatchObject({ clientFit: 50, candidateFit: 50, percentage: 50 });
    expect(r.concerns).toContain("The candidate has a high narcissism score.");
    expect(r.relationshipAnalysis).toContain("Psychology scores show a risk factor");
    const kind = compareProfiles(
      person({}),
      person({ psychology: { empathy: 90, narcissism: 20, borderline: null } }),
      en,
    );
    expect(kind.fitFactors).toEqual([
      expect.objectContaining({
        key: "psychology",
        side: "client",
        score: 90,
        reason: "The candidate scores high on empathy.",
      }),
    ]);
    expect(kind.concerns).toEqual([]);
  });

  it("writes the result in Russian for a ru-RU requester, with the same numbers", () => {
    const r = compareProfiles(client(), candidate(), ru);
    const e = compareProfiles(client(), candidate(), en);
    expect(r.fitFactors.map((f) => [f.key, f.score, f.weight])).toEqual(
      e.fitFactors.map((f) => [f.key, f.score, f.weight]),
    );
    expect(r.locale).toBe("ru-RU");
    expect(r.summary).toBe(
      "Отличная пара: 89% в целом. Кандидат соответствует пожеланиям клиента на 84%, клиент пожеланиям кандидата — на 94%.",
    );
    expect(r.fitFactors.find((f) => f.key === "faith")).toMatchObject({
      label: "Вера",
      reason: "У них одна вера.",
    });
    expect(r.fitFactors.find((f) => f.key === "age" && f.side === "client")?.reason).toBe(
      "Возраст кандидата 30, в желаемом диапазоне клиента (25–35).",
    );
    const excluded = compareProfiles(client({ dealBreakers: ["education"] }), candidate(), ru);
    expect(excluded.dealBreakers[0]?.reason).toBe(
      "Образование: обязательное условие клиента, кандидат ему не соответствует.",
    );
    // no English slips into the Russian text
    const all = [
      r.summary,
      r.relationshipAnalysis,
      ...r.strengths,
      ...r.concerns,
      ...r.fitFactors.map((f) => f.reason),
    ];
    for (const line of all) expect(line).not.toMatch(/\b(the|and|client|candidate)\b/i);
  });

  it("gives the same numbers on the fast path as in the explained result", () => {
    const rnd = seededRandom(7);
    const people = Array.from({ length: 60 }, () => prepareProfile(randomMatchInput(rnd), today));
    let excluded = 0;
    for (const a of people)
      for (const b of people) {
        const fast = scorePair(a, b);
        const full = explainPair(a, b, "en-US");
        if (fast.excluded) {
          excluded++;
          expect(full.excluded).toBe(true);
          expect(full.percentage).toBe(0);
        } else
          expect(fast).toEqual({
            excluded: false,
            percentage: full.percentage,
            clientFit: full.clientFit,
            candidateFit: full.candidateFit,
          });
      }
    // the generator gives both outcomes, so the comparison above covers both
    expect(excluded).toBeGreaterThan(100);
    expect(excluded).toBeLessThan(3500);
  });
});
