import { fileURLToPath } from "node:url";

// This file sits one level below apps/server both as source (src/) and bundled (dist/main.js),
// so the same relative paths work in development and in production.
export const MIGRATIONS_DIR = fileURLToPath(new URL("../drizzle", import.meta.url));
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL("../../web/dist", import.meta.url));
