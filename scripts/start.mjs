// `npm start`: builds what is missing or stale, then runs the production server.
//
// Signals: `npm start` runs this through `sh -c`, and npm passes a SIGTERM or SIGINT it gets to
// that shell only. Debian's dash neither forwards it nor replaces itself with its one command, so
// the shell died and left this process and the server running. The script is therefore
// `exec node scripts/start.mjs` (the shell becomes this process), this process hands each signal
// to the server and exits with it, and should npm still vanish (killed with SIGKILL), the server
// is stopped as for SIGTERM.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const outputs = ["apps/web/dist/index.html", "apps/server/dist/main.js"].map((p) => path.join(root, p));
const sources = ["apps/web/src", "apps/web/index.html", "apps/server/src", "packages/contract/src"];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestMtime(path.join(p, name))));
}

const builtAt = Math.min(...outputs.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log("Building MatchDesk (first start or changed sources)...");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
  cwd: process.cwd(),
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Under npm, orphaned (npm is gone, killed without a chance to pass a signal on): nobody is left to
// stop the server. Run directly (`node scripts/start.mjs &`), it may outlive its shell on purpose.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) server.kill("SIGTERM");
  }, 1000).unref();
}
