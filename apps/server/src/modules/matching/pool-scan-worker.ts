import { parentPort } from "node:worker_threads";
import { type Columns, packScore, type ScanPlan, scanSlots } from "./pool-scan.js";

// The candidate pool's second scanning thread (`scoreShared` in `candidate-pool.ts`): scans the
// slots it is sent, in the pool's shared memory, and answers the members found with their packed
// scores (`packScore`; -1 for a member only the engine can score, which the pool's thread scores),
// or null when the scan threw.

type Job = { id: number; columns: Columns; plan: ScanPlan; from: number; to: number };

parentPort!.on("message", (job: Job) => {
  let found = new Int32Array(1024);
  let n = 0;
  const put = (slot: number, score: number) => {
    if (n + 2 > found.length) {
      const more = new Int32Array(found.length * 2);
      more.set(found);
      found = more;
    }
    found[n++] = slot;
    found[n++] = score;
  };
  try {
    scanSlots(
      job.columns,
      job.plan,
      job.from,
      job.to,
      (slot, percentage, clientFit, candidateFit) =>
        put(slot, packScore(percentage, clientFit, candidateFit)),
      (slot) => put(slot, -1),
    );
  } catch {
    // The pool's thread scans this half itself (and meets the same error, if it is one).
    parentPort!.postMessage({ id: job.id, found: null });
    return;
  }
  const answer = found.slice(0, n);
  parentPort!.postMessage({ id: job.id, found: answer }, [answer.buffer]);
});
