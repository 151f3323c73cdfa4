import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const DEFAULT_DIR = "../shared/data/speed-dating";

/** The file to read: the argument, or the first .csv of the default folder. */
export function pickFile(arg: string | undefined): string {
  const base = process.env.INIT_CWD ?? process.cwd();
  const target = path.resolve(base, arg ?? DEFAULT_DIR);
  if (!statSync(target).isDirectory()) return target;
  const csv = readdirSync(target)
    .filter((f) => f.endsWith(".csv"))
    .sort();
  if (csv.length === 0) throw new Error(`No .csv file in ${target}`);
  return path.join(target, csv[0]!);
}
