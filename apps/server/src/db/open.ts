import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.js";
import { type Database, openDatabase } from "./client.js";

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite database under DATA_DIR. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ kind: "postgres", url: config.databaseUrl });
  mkdirSync(config.dataDir, { recursive: true });
  return openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir, "db") });
}
