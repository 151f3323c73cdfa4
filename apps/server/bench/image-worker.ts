// One child process per run, so its peak memory is the image work's alone: reads a JPEG, runs
// the upload pipeline on it `runs` times, and prints JSON figures.
import { readFileSync } from "node:fs";
import { processImage } from "../src/platform/images.js";

const [file, runsArg] = process.argv.slice(2);
const input = readFileSync(file!);
const runs = Number(runsArg ?? 10);
const baselineRssMb = process.memoryUsage().rss / 1048576;
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  await processImage(input, "photo.jpg");
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    p50: times[Math.floor(runs * 0.5)],
    p95: times[Math.min(runs - 1, Math.floor(runs * 0.95))],
    baselineRssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
