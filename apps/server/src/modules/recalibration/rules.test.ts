import { type DeclineReason, EMPTY_PREFERENCES, type PreferenceFields } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import {
  type CandidateFacts,
  type Decline,
  type ProposalInput,
  preferencePatch,
  proposeChanges,
} from "./rules.js";

// Fixtures: a client in Moscow, 34, who keeps declining. Each test names what the declines were.

const NOBODY: CandidateFacts = {
  age: null,
  city: null,
  educationLevel: null,
  smoking: null,
  alcohol: null,
  familyPlan: null,
  faith: null,
};
let n = 0;
function decline(reason: DeclineReason | DeclineReason[], candidate: Partial<CandidateFacts>): Decline {
  n++;
  return {
    introductionId: `intro-${n}`,
    at: new Date(Date.UTC(2026, 0, n)),
    reasons: Array.isArray(reason) ? reason : [reason],
    candidate: { ...NOBODY, ...candidate },
  };
}
function input(declines: Decline[], o: Partial<ProposalInput> & { prefs?: Partial<PreferenceFields> } = {}) {
  return {
    client: { age: 34, city: "Moscow" },
    acceptedCities: [],
    ...o,
    preferences: { ...EMPTY_PREFERENCES, minAge: 30, maxAge: 45, ...o.prefs },
    declines,
  } satisfies ProposalInput;
}

describe("[recalibration] age", () => {
  it("two of three declined as too old lower the maximum to just below the youngest of them", () => {
    const { changes } = proposeChanges(
      input([decline("AGE", { age: 44 }), decline("AGE", { age: 43 }), decline("DISTANCE", { age: 40 })]),
    );
    expect(changes).toEqual([
      {
        field: "maxAge",
        from: 45,
        to: 42,
        because: { reason: "AGE", declines: 2, total: 3, values: [43, 44] },
      },
    ]);
  });

  it("declined as too young raise the minimum to just above the oldest of them", () => {
    const { changes } = proposeChanges(
      input([decline("AGE", { age: 31 }), decline("AGE", { age: 33 }), decline("ATTRACTION", {})]),
    );
    expect(changes).toEqual([
      {
        field: "minAge",
        from: 30,
        to: 34,
        because: { reason: "AGE", declines: 2, total: 3, values: [31, 33] },
      },
    ]);
  });

  it("one decline for age is not enough, nor are ages unknown", () => {
    expect(
      proposeChanges(input([decline("AGE", { age: 44 }), decline("AGE", {}), decline("ATTRACTION", {})]))
        .changes,
    ).toEqual([]);
  });

  it("without a range it judges by the client's own age, and a missing bound is proposed from null", () => {
    const { changes } = proposeChanges(
      input([decline("AGE", { age: 50 }), decline("AGE", { age: 48 }), decline("AGE", { age: 29 })], {
        prefs: { minAge: null, maxAge: null },
      }),
    );
    expect(changes).toEqual([
      {
        field: "maxAge",
        from: null,
        to: 47,
        because: { reason: "AGE", declines: 2, total: 3, values: [48, 50] },
      },
    ]);
  });

  it("never widens a range: declined candidates already outside it change nothing", () => {
    const { changes } = proposeChanges(
      input([decline("AGE", { age: 47 }), decline("AGE", { age: 50 }), decline("AGE", { age: 46 })]),
    );
    expect(changes).toEqual([]);
  });

  it("older and younger at once narrow both ends when they do not cross", () => {
    const { changes } = proposeChanges(
      input([
        decline("AGE", { age: 44 }),
        decline("AGE", { age: 42 }),
        decline("AGE", { age: 31 }),
        decline("AGE", { age: 32 }),
      ]),
    );
    expect(changes.map((c) => [c.field, c.from, c.to])).toEqual([
      ["minAge", 30, 33],
      ["maxAge", 45, 41],
    ]);
  });

  it("no client age and no range: nothing to judge by", () => {
    const { changes } = proposeChanges(
      input([decline("AGE", { age: 44 }), decline("AGE", { age: 43 }), decline("AGE", { age: 42 })], {
        client: { age: null, city: "Moscow" },
        prefs: { minAge: null, maxAge: null },
      }),
    );
    expect(changes).toEqual([]);
  });
});

describe("[recalibration] distance", () => {
  it("with no preferred cities: the client's city and where they said yes, never where they said no", () => {
    const { changes } = proposeChanges(
      input(
        [
          decline("DISTANCE", { city: "Kazan" }),
          decline("DISTANCE", { city: "Sochi" }),
          decline("DISTANCE", { city: "kazan " }),
        ],
        { acceptedCities: ["Saint Petersburg", "Kazan", "saint petersburg"] },
      ),
    );
    expect(changes).toEqual([
      {
        field: "preferredCities",
        from: [],
        to: ["Moscow", "Saint Petersburg"],
        because: { reason: "DISTANCE", declines: 3, total: 3, values: ["Kazan", "Sochi"] },
      },
    ]);
  });

  it("drops declined cities from the list, keeping the others in order", () => {
    const { changes } = proposeChanges(
      input(
        [decline("DISTANCE", { city: "Kazan" }), decline("DISTANCE", { city: "Kazan" }), decline("AGE", {})],
        {
          prefs: { preferredCities: ["Moscow", "Kazan", "Tver"] },
        },
      ),
    );
    expect(changes).toEqual([
      {
        field: "preferredCities",
        from: ["Moscow", "Kazan", "Tver"],
        to: ["Moscow", "Tver"],
        because: { reason: "DISTANCE", declines: 2, total: 3, values: ["Kazan"] },
      },
    ]);
  });

  it("candidates from outside the preferred cities make the cities a deal-breaker", () => {
    const { changes } = proposeChanges(
      input(
        [decline("DISTANCE", { city: "Omsk" }), decline("DISTANCE", { city: "Perm" }), decline("AGE", {})],
        {
          prefs: { preferredCities: ["Moscow"], dealBreakers: ["smoking", "age"] },
        },
      ),
    );
    expect(changes).toEqual([
      {
        field: "dealBreakers",
        from: ["smoking", "age"],
        to: ["age", "smoking", "cities"],
        because: { reason: "DISTANCE", declines: 2, total: 3, values: ["Omsk", "Perm"] },
      },
    ]);
  });

  it("declines of candidates from the client's own city or of unknown city say nothing about cities", () => {
    const { changes } = proposeChanges(
      input([
        decline("DISTANCE", { city: "Moscow" }),
        decline("DISTANCE", {}),
        decline("DISTANCE", { city: "Tver" }),
      ]),
    );
    expect(changes).toEqual([]);
  });
});

describe("[recalibration] lists", () => {
  it("education: the declined levels leave the accepted ones (none chosen means all)", () => {
    const { changes } = proposeChanges(
      input([
        decline("EDUCATION_CAREER", { educationLevel: "SECONDARY" }),
        decline("EDUCATION_CAREER", { educationLevel: "SECONDARY" }),
        decline("AGE", {}),
      ]),
    );
    expect(changes).toEqual([
      {
        field: "education",
        from: [],
        to: ["BACHELOR", "MASTER", "PHD", "OTHER"],
        because: { reason: "EDUCATION_CAREER", declines: 2, total: 3, values: ["SECONDARY"] },
      },
    ]);
  });

  it("lifestyle: smokers declined leave only non-smokers; a non-smoker among them vetoes it", () => {
    const smokers = proposeChanges(
      input([
        decline("LIFESTYLE_VALUES", { smoking: "YES", alcohol: "NO" }),
        decline("LIFESTYLE_VALUES", { smoking: "SOCIAL_SMOKER", alcohol: "YES" }),
        decline("AGE", {}),
      ]),
    );
    expect(smokers.changes).toEqual([
      {
        field: "smoking",
        from: [],
        to: ["NO"],
        because: { reason: "LIFESTYLE_VALUES", declines: 2, total: 3, values: ["YES", "SOCIAL_SMOKER"] },
      },
    ]);
  });

  it("a list that already excludes the declined values is left as it is", () => {
    const { changes } = proposeChanges(
      input(
        [
          decline("LIFESTYLE_VALUES", { alcohol: "YES" }),
          decline("LIFESTYLE_VALUES", { alcohol: "YES" }),
          decline("AGE", {}),
        ],
        { prefs: { alcohol: ["NO", "SOCIAL_DRINKER"] } },
      ),
    );
    expect(changes).toEqual([]);
  });
});

describe("[recalibration] proposal", () => {
  it("family plans and faith have no preference field: notes with the candidates' values", () => {
    const { changes, notes } = proposeChanges(
      input([
        decline(["FAMILY_PLANS", "RELIGION_CULTURE"], { familyPlan: "DO_NOT_WANT_CHILDREN", faith: "ISLAM" }),
        decline("FAMILY_PLANS", { familyPlan: "NOT_SURE" }),
        decline("RELIGION_CULTURE", { faith: "ATHEISM" }),
      ]),
    );
    expect(changes).toEqual([]);
    expect(notes).toEqual([
      {
        field: "familyPlan",
        because: {
          reason: "FAMILY_PLANS",
          declines: 2,
          total: 3,
          values: ["DO_NOT_WANT_CHILDREN", "NOT_SURE"],
        },
      },
      {
        field: "faith",
        because: { reason: "RELIGION_CULTURE", declines: 2, total: 3, values: ["ATHEISM", "ISLAM"] },
      },
    ]);
  });

  it("is deterministic and ordered by field, whatever the order of the declines", () => {
    const declines = [
      decline("DISTANCE", { city: "Kazan", age: 44 }),
      decline(["AGE", "DISTANCE"], { city: "Sochi", age: 43 }),
      decline("AGE", { age: 46 }),
      decline("EDUCATION_CAREER", { educationLevel: "PHD" }),
      decline("EDUCATION_CAREER", { educationLevel: "OTHER" }),
    ];
    const a = proposeChanges(input(declines));
    const b = proposeChanges(input([...declines].reverse()));
    expect(a).toEqual(b);
    expect(a.changes.map((c) => c.field)).toEqual(["maxAge", "preferredCities", "education"]);
    expect(preferencePatch(a.changes)).toEqual({
      maxAge: 42,
      preferredCities: ["Moscow"],
      education: ["SECONDARY", "BACHELOR", "MASTER"],
    });
  });
});
