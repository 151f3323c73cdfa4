import path from "node:path";
import { evaluate } from "./eval-matching/evaluate.js";
import { pickFile } from "./eval-matching/pick-file.js";
import { readRows } from "./eval-matching/speed-dating.js";

// `npm run eval:matching -- [FILE.csv]`: replays a speed-dating file through the product's
// matching and learning code and prints how well it predicted who said yes. Deterministic.
// See docs/matching-evaluation.md.

const started = performance.now();
const file = pickFile(process.argv[2]);
const result = evaluate(await readRows(file));
const f3 = (v: number) => v.toFixed(3);
const f4 = (v: number) => v.toFixed(4);

console.log(`file: ${path.basename(file)}`);
console.log(
  `rows: ${result.rows}, scored: ${result.scored.length}, skipped: ${result.skipped}, waves: ${result.waves}, people: ${result.people}`,
);
console.log(`match AUC engine score alone: ${f3(result.matchAucEngine)}`);
console.log(`match AUC questionnaire-only: ${f3(result.matchAucQuestionnaire)}`);
console.log(`match AUC with learning: ${f3(result.matchAucLearning)}`);
console.log(`dec AUC questionnaire-only: ${f3(result.decAucQuestionnaire)}`);
console.log(`dec AUC with learning: ${f3(result.decAucLearning)}`);
console.log(`brier questionnaire-only: ${f4(result.brierQuestionnaire)}`);
console.log(`brier with learning: ${f4(result.brierLearning)}`);
console.log(`base-rate brier: ${f4(result.brierBaseRate)}`);
console.log("dec AUC of each signal alone (below 0.5: it points the other way):");
for (const [key, value] of Object.entries(result.signalAuc)) console.log(`  ${key}: ${f3(value)}`);
const explained = result.scored.filter((s) => s.reasons > 0).length;
console.log(
  `scores with a reason to show: ${((100 * explained) / Math.max(1, result.scored.length)).toFixed(1)} %`,
);
console.log("with learning, by part of the night (history grows):");
["first third", "middle third", "last third"].forEach((name, k) => {
  const t = result.byThird[k]!;
  console.log(`  ${name}: ${t.scored} scored, match AUC ${f3(t.matchAuc)}, dec AUC ${f3(t.decAuc)}`);
});
console.log(
  `hindsight reference (leakage, not a method: selectivity and desirability fitted on the whole night but the meeting): match AUC ${f3(result.hindsight.matchAuc)}, dec AUC ${f3(result.hindsight.decAuc)}`,
);
console.log("calibration (match with learning):");
console.log("  bin        count  predicted  observed");
for (const b of result.calibration)
  console.log(
    `  ${b.from.toFixed(1)}-${b.to.toFixed(1)}  ${String(b.count).padStart(6)}  ${b.count ? f3(b.predicted).padStart(9) : "        -"}  ${b.count ? f3(b.observed).padStart(8) : "       -"}`,
  );
console.log(`run time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
