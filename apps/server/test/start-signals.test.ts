import { type ChildProcess, spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

// `npm start` as a process manager runs it: SIGTERM to the npm process (not to its group, as
// Ctrl-C does) must reach the server, and npm must exit after it. Run in a copy of the repository's
// `start` script and scripts/start.mjs, with a stand-in server that reports the signal it got (the
// real server's own shutdown is in db-outage.test.ts): no build needed, a second or two.
// Once per run: not again under TEST_DATABASE_URL.

const root = fileURLToPath(new URL("../../..", import.meta.url));
const STAND_IN = `
import { writeFileSync } from "node:fs";
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    writeFileSync(process.env.SIGNAL_FILE, signal);
    process.exit(0);
  });
}
writeFileSync(process.env.SIGNAL_FILE, "ready " + process.pid);
setInterval(() => {}, 1000);
`;

let dir: string | undefined;
let npm: ChildProcess | undefined;
afterEach(() => {
  // The stand-in, should the test fail with it still running.
  const file = dir && path.join(dir, "signal.txt");
  const pid = file && existsSync(file) ? /^ready (\d+)/.exec(readFileSync(file, "utf8"))?.[1] : undefined;
  if (pid) {
    try {
      process.kill(Number(pid), "SIGKILL");
    } catch {}
  }
  if (npm?.exitCode === null) npm.kill("SIGKILL");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const waitFor = async (check: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
};

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("npm start", () => {
  it("passes a SIGTERM sent to npm on to the server and exits with it", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "matchdesk-start-"));
    const start = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.start as string;
    writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({ name: "start-signals", private: true, type: "module", scripts: { start } }),
    );
    mkdirSync(path.join(dir, "scripts"));
    copyFileSync(path.join(root, "scripts/start.mjs"), path.join(dir, "scripts/start.mjs"));
    // The built outputs start.mjs looks for; without sources beside them nothing is rebuilt.
    mkdirSync(path.join(dir, "apps/web/dist"), { recursive: true });
    writeFileSync(path.join(dir, "apps/web/dist/index.html"), "<!doctype html>");
    mkdirSync(path.join(dir, "apps/server/dist"), { recursive: true });
    writeFileSync(path.join(dir, "apps/server/dist/main.js"), STAND_IN);
    const signalFile = path.join(dir, "signal.txt");

    npm = spawn("npm", ["start", "--silent"], {
      cwd: dir,
      stdio: "ignore",
      env: { ...process.env, SIGNAL_FILE: signalFile },
    });
    const exited = new Promise<number | null>((resolve) => npm!.once("exit", (code) => resolve(code)));
    expect(await waitFor(() => existsSync(signalFile), 15_000)).toBe(true);

    npm.kill("SIGTERM");
    expect(await waitFor(() => readFileSync(signalFile, "utf8") === "SIGTERM", 5000)).toBe(true);
    expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r("still running"), 5000))])).toBe(
      0,
    );
  });
});
