// `npm run test:e2e`: builds, starts the production server on a throwaway embedded database with
// demo data, and runs the Playwright suite in Debian's Chromium against it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `e2e: Chromium not found at ${chromium}; install it with "apt-get install chromium" (Debian).`,
  );
  process.exit(1);
}

const port = Number(process.env.E2E_PORT ?? 3100);
const baseUrl = `http://127.0.0.1:${port}`;
// Playwright (apps/web/playwright.config.ts) reads the address of the server started here.
process.env.E2E_BASE_URL ??= baseUrl;
const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit" }).status ?? 1;

if (process.env.E2E_SKIP_BUILD !== "1" && run("npm", ["run", "build"]) !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), "matchdesk-e2e-"));
const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
  stdio: ["ignore", "pipe", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DEMO_DATA: "true",
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
  },
});
server.stdout.on("data", () => {});

async function waitForHealth(deadline) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

let code = 1;
try {
  if (!(await waitForHealth(Date.now() + 60_000))) throw new Error("e2e: the server did not become healthy");
  code = run("npx", ["playwright", "test", "-c", "apps/web/playwright.config.ts", ...process.argv.slice(2)]);
} catch (error) {
  console.error(error.message);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
