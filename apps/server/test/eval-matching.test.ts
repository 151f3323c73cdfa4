import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { evaluate, nightClock } from "../scripts/eval-matching/evaluate.js";
import { REFERENCE_DAY, readRows, toProfile } from "../scripts/eval-matching/speed-dating.js";
import { scorePair } from "../src/modules/matching/compatibility-engine.js";
import {
  prepareLearningProfile,
  QUESTIONNAIRE_FEATURES,
  questionnaireFeatures,
} from "../src/modules/matching/learning/questionnaire.js";

// The evaluation harness on small synthetic files (test/fixtures/speed-dating, made by its
// generate.ts): a planted signal must be found, pure chance must not look like one.

const fixture = (name: string) => path.join(import.meta.dirname, "fixtures", "speed-dating", name);

describe("the sign-up answers in the learning profile", () => {
  const base = { iid: "1", pid: "2", wave: "1", order: "1", dec: "1", match: "0", age: "26" };
  const read = (a: Record<string, string>, b: Record<string, string>) => {
    const pa = prepareLearningProfile(toProfile({ ...base, gender: "0", ...a }), REFERENCE_DAY);
    const pb = prepareLearningProfile(toProfile({ ...base, gender: "1", ...b }), REFERENCE_DAY);
    const f = questionnaireFeatures(pa, pb, scorePair(pa.engine, pb.engine));
    return (name: (typeof QUESTIONNAIRE_FEATURES)[number]) => f[QUESTIONNAIRE_FEATURES.indexOf(name)]!;
  };
  const wanted100 = {
    attr1_1: "40",
    sinc1_1: "20",
    intel1_1: "10",
    fun1_1: "10",
    amb1_1: "10",
    shar1_1: "10",
  };
  const wanted10 = { attr1_1: "8", sinc1_1: "4", intel1_1: "2", fun1_1: "2", amb1_1: "2", shar1_1: "2" };
  const self = { attr3_1: "9", sinc3_1: "7", intel3_1: "7", fun3_1: "5", amb3_1: "7" };

  it("reads what one looks for as shares, whatever the scale, and the partner's self-description", () => {
    const a = read({ ...wanted100, date: "3", go_out: "1" }, self);
    const b = read({ ...wanted10, date: "3", go_out: "1" }, self);
    expect(a("ownWantsAttractive")).toBeCloseTo(0.4, 12);
    expect(b("ownWantsAttractive")).toBeCloseTo(0.4, 12);
    expect(a("partnerSelfAttractive")).toBe(1); // (9 - 7) / 2
    expect(a("partnerSelfFun")).toBe(-1);
    // 0.4 * 1 + 0.1 * -1 (attractive and fun; the others sit at the midpoint)
    expect(a("wantedFitsPartnerSelf")).toBeCloseTo(0.3, 12);
    expect(a("ownDates")).toBeCloseTo(Math.log1p(1), 12);
    expect(a("ownGoesOut")).toBeCloseTo(Math.log1p(3), 12);
  });

  it("leaves an unanswered one unknown (NaN), so the fitted model reads it as its mean", () => {
    const f = read({}, {});
    for (const name of [
      "partnerSelfAttractive",
      "ownSelfFun",
      "wantedFitsPartnerSelf",
      "ownWantsAttractive",
      "ownDates",
      "partnerGoesOut",
    ] as const)
      expect(f(name)).toBeNaN();
    expect(f("ageGap")).toBe(0);
  });
});

describe("npm run eval:matching", () => {
  it("finds a planted signal: questionnaire (same goal) and outcomes (partners everyone likes)", async () => {
    const r = evaluate(await readRows(fixture("planted.csv")));
    expect(r.rows).toBe(360);
    expect(r.scored.length).toBe(360);
    expect(r.waves).toBe(5);
    expect(r.matchAucQuestionnaire).toBeGreaterThan(0.9);
    expect(r.matchAucLearning).toBeGreaterThan(0.9);
    expect(r.decAucLearning).toBeGreaterThan(0.9);
    // Learning reveals the liked partners the questionnaire cannot see.
    expect(r.decAucLearning).toBeGreaterThan(r.decAucQuestionnaire);
    expect(r.brierLearning).toBeLessThan(r.brierBaseRate);
    expect(r.calibration).toHaveLength(10);
    expect(r.calibration.reduce((s, b) => s + b.count, 0)).toBe(360);
    // With the whole night known, the liked partners stand out too (the shared goal, planted in
    // the questionnaire, is not part of the hindsight reference).
    expect(r.hindsight.decAuc).toBeGreaterThan(0.7);
  });

  it("sees nothing where there is nothing: coin-flip answers score an AUC of 0.5 within 0.05", async () => {
    const r = evaluate(await readRows(fixture("null.csv")));
    expect(r.scored.length).toBe(768);
    expect(Math.abs(r.matchAucLearning - 0.5)).toBeLessThan(0.05);
    expect(Math.abs(r.decAucLearning - 0.5)).toBeLessThan(0.05);
    expect(Math.abs(r.decAucQuestionnaire - 0.5)).toBeLessThan(0.05);
    expect(Math.abs(r.hindsight.decAuc - 0.5)).toBeLessThan(0.05);
    // Leaving one meeting out of small nights pulls coin flips below 0.5 (a yes left out lowers
    // both people's rates). Real nights differ in how freely everyone says yes, which the
    // reference does read: answers shuffled within each wave of the real file score above 0.5.
    expect(r.hindsight.matchAuc).toBeLessThan(0.55);
  });

  it("is deterministic: the same file gives the same figures", async () => {
    const rows = await readRows(fixture("planted.csv"));
    const a = evaluate(rows);
    const b = evaluate(rows);
    expect(b.scored).toEqual(a.scored);
  });

  it("replays each person's meetings in their own order, even when the two orders disagree", () => {
    // a sat out the first round: their 1st meeting is b's 2nd. Then a's 2nd meeting (with d) is
    // c's 1st by c's count, yet it cannot come before a's 1st.
    const clock = nightClock([
      {
        pair: "a|b",
        people: [
          ["a", 1],
          ["b", 2],
        ],
      },
      {
        pair: "a|d",
        people: [
          ["a", 2],
          ["d", 1],
        ],
      },
      {
        pair: "b|c",
        people: [
          ["b", 1],
          ["c", 1],
        ],
      },
    ]);
    expect(clock.get("b|c")).toBe(1);
    expect(clock.get("a|b")).toBe(2);
    expect(clock.get("a|d")).toBe(3);
  });

  it("refuses a file without the columns it needs", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "eval-matching-"));
    const file = path.join(dir, "partial.csv");
    writeFileSync(file, "iid,pid,wave,dec\n1,2,1,1\n");
    await expect(readRows(file)).rejects.toThrow("missing columns order, gender, match");
  });

  it("prints the agreed lines, the calibration table and the run time", () => {
    const root = path.resolve(import.meta.dirname, "..", "..", "..");
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", "apps/server/scripts/eval-matching.ts", fixture("planted.csv")],
      { cwd: root, encoding: "utf8", env: { ...process.env, INIT_CWD: root } },
    );
    for (const line of [
      /^match AUC questionnaire-only: 0\.\d{3}$/m,
      /^match AUC with learning: (0\.\d{3}|1\.000)$/m,
      /^dec AUC with learning: (0\.\d{3}|1\.000)$/m,
      /^brier with learning: 0\.\d{4}$/m,
      /^base-rate brier: 0\.\d{4}$/m,
      /^hindsight reference \(leakage, not a method: .*\): match AUC (0\.\d{3}|1\.000), dec AUC (0\.\d{3}|1\.000)$/m,
      /^calibration \(match with learning\):$/m,
      /^ {2}0\.9-1\.0 +\d+/m,
      /^run time: \d+\.\d s$/m,
    ])
      expect(out).toMatch(line);
  });
});
