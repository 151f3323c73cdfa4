import { writeFileSync } from "node:fs";
import path from "node:path";
import { fitLearner } from "./eval-matching/evaluate.js";
import { pickFile } from "./eval-matching/pick-file.js";
import { readRows } from "./eval-matching/speed-dating.js";

// `npm run fit:matching -- [FILE.csv]`: fits the learner the product ships on every wave of the
// speed-dating file (default: ../shared/data/speed-dating) and writes it to
// apps/server/src/modules/matching/learning/fitted-learner.json. Deterministic: the same file
// gives the same JSON. See docs/matching-evaluation.md, "In the product".

const file = pickFile(process.argv[2]);
const fitted = fitLearner(await readRows(file));
const out = path.join(import.meta.dirname, "../src/modules/matching/learning/fitted-learner.json");
writeFileSync(out, `${JSON.stringify({ source: path.basename(file), ...fitted }, null, 1)}\n`);
console.log(`fitted on ${path.basename(file)}: ${out}`);
