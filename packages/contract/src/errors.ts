import { z } from "zod";
import { ADMIN_ERRORS } from "./admin.js";
import { APPLICATION_ERRORS } from "./applications.js";
import { AUTH_ERRORS } from "./auth.js";
import { CHAT_ERRORS } from "./chat.js";
import { CLIENT_IMPORT_ERRORS } from "./client-import.js";
import { PACKAGE_ERRORS } from "./client-packages.js";
import { CLIENT_ERRORS } from "./clients.js";
import { MONEY_ERRORS } from "./credits.js";
import { DATA_RIGHTS_ERRORS } from "./data-rights.js";
import { INTEGRATION_ERRORS } from "./integrations.js";
import { INTRODUCTION_ERRORS } from "./introductions.js";
import { MARKETPLACE_ERRORS } from "./marketplace.js";
import { MATCHING_ERRORS } from "./matching.js";
import { MEDIA_ERRORS } from "./media.js";
import { PROFILE_ERRORS } from "./profiles.js";
import { QUIZ_ERRORS } from "./quiz.js";
import { RECALIBRATION_ERRORS } from "./recalibration.js";
import { TELEGRAM_ERRORS } from "./telegram.js";

/** Codes of the platform: bad input, access, dependencies. */
const PLATFORM_ERRORS = [
  "VALIDATION_FAILED",
  "MALFORMED_JSON",
  "UNSUPPORTED_MEDIA_TYPE",
  "PAYLOAD_TOO_LARGE",
  "NOT_FOUND",
  "ROUTE_NOT_FOUND",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "CROSS_ORIGIN_REQUEST",
  "RATE_LIMITED",
  "CONFLICT",
  "SERVICE_UNAVAILABLE",
  /** 503 with Retry-After: the database is unreachable for now (a restart, an outage). */
  "DATABASE_UNAVAILABLE",
  "INTERNAL_ERROR",
  /** Only the web app uses it: the request never reached the server. */
  "NETWORK_ERROR",
  "MAIL_FAILED",
] as const;

/**
 * Every stable error code the API answers with: the platform's above, each domain's beside its
 * schemas. The web app translates them by code (catalog key `errors.<CODE>`), so a new code needs
 * both catalog entries too.
 */
export const ERROR_CODES = [
  ...PLATFORM_ERRORS,
  ...AUTH_ERRORS,
  ...ADMIN_ERRORS,
  ...APPLICATION_ERRORS,
  ...MEDIA_ERRORS,
  ...PROFILE_ERRORS,
  ...CLIENT_ERRORS,
  ...CLIENT_IMPORT_ERRORS,
  ...MONEY_ERRORS,
  ...MARKETPLACE_ERRORS,
  ...CHAT_ERRORS,
  ...MATCHING_ERRORS,
  ...INTRODUCTION_ERRORS,
  ...INTEGRATION_ERRORS,
  ...TELEGRAM_ERRORS,
  ...PACKAGE_ERRORS,
  ...QUIZ_ERRORS,
  ...RECALIBRATION_ERRORS,
  ...DATA_RIGHTS_ERRORS,
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The one error shape of API.md. `errors` only for field errors. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
