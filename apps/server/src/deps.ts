import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { Mailer } from "./platform/mail.js";
import type { RateLimiter } from "./platform/rate-limit.js";
import type { Storage } from "./platform/storage.js";

/**
 * What the platform gives every module: built once in `buildApp` (app.ts), handed to every
 * module's `register`. It lives apart from app.ts so that modules never import the file that
 * imports them, and names no module's type: a module that needs one of another module's services
 * built once (the directory's cache, the payment provider) asks for it in its own `register`'s
 * type, and buildApp hands it over.
 */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  storage: Storage;
};
