import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client.js";
import { findUserByEmail } from "./modules/users/service.js";

const dataDir = mkdtempSync(path.join(tmpdir(), "matchdesk-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "cli.ts"), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });

describe("[cli] create-admin", () => {
  it("prints help", () => {
    const r = cli("--help");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("create-admin --email E --password P");
  });

  it("refuses a bad e-mail and a short password with clear errors", () => {
    const bad = cli("create-admin", "--email", "not-an-email", "--password", "longenough");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--email: "not-an-email" is not a valid e-mail address');
    const short = cli("create-admin", "--email", "boss@example.test", "--password", "12345");
    expect(short.status).toBe(2);
    expect(short.stderr).toContain("--password: must be at least 6 characters");
  });

  // Two CLI processes, each opening and migrating the embedded database: more than the default 30 s on a busy machine.
  it("creates an admin once, then refuses the same e-mail", { timeout: 120_000 }, async () => {
    const ok = cli("create-admin", "--email", "Boss@Example.test", "--password", "s3cret-pass");
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("Created admin boss@example.test");
    const again = cli("create-admin", "--email", "boss@example.test", "--password", "s3cret-pass");
    expect(again.status).toBe(2);
    expect(again.stderr).toContain("already has an account");

    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
    const user = await findUserByEmail(database.db, "boss@example.test");
    await database.close();
    expect(user?.role).toBe("ADMIN");
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
