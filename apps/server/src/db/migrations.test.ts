import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../paths.js";

describe("[db] committed migrations", () => {
  it("match the Drizzle schema (run `npm run db:generate` when this fails)", () => {
    const root = path.resolve(MIGRATIONS_DIR, "../../..");
    // drizzle-kit reads `out` relative to the working directory, so the copy lives inside the repo.
    const out = mkdtempSync(path.join(root, ".drizzle-check-"));
    try {
      cpSync(MIGRATIONS_DIR, out, { recursive: true });
      const before = readdirSync(out).filter((f) => f.endsWith(".sql"));
      const output = execFileSync(
        process.execPath,
        [
          path.join(root, "node_modules/drizzle-kit/bin.cjs"),
          "generate",
          "--config",
          "apps/server/drizzle.config.ts",
        ],
        {
          cwd: root,
          env: { ...process.env, DRIZZLE_OUT: path.relative(root, out) },
          stdio: "pipe",
          encoding: "utf8",
        },
      );
      expect(output).toContain("No schema changes");
      const after = readdirSync(out).filter((f) => f.endsWith(".sql"));
      expect(after).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
