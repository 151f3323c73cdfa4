import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { DirectoryCache } from "./modules/agencies/directory-cache.js";
import type { PaymentProvider } from "./modules/payments/providers.js";
import type { Mailer } from "./platform/mail.js";
import type { RateLimiter } from "./platform/rate-limit.js";
import type { Storage } from "./platform/storage.js";

/**
 * What the app gives its modules: built once in `buildApp` (app.ts), handed to every module's
 * `register`. It lives apart from app.ts so that modules never import the file that imports them.
 */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  storage: Storage;
  directory: DirectoryCache;
  /** Where buyers pay (config.payments): built once, shared by checkout and subscription purchases. */
  paymentProvider: PaymentProvider;
};
