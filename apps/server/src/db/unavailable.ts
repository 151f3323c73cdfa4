import { DrizzleQueryError } from "drizzle-orm";

/**
 * Whether an error says the database could not be reached or used at all (as opposed to a
 * statement it refused): the server stopped or restarted, the connection broke or timed out, the
 * pool was closed for shutdown, or the embedded PGlite database failed. Such a request gets a 503
 * (DATABASE_UNAVAILABLE) to retry later, never a 500.
 *
 * Socket errors (ECONNREFUSED, ENOTFOUND...) count only as the driver throws them: the error
 * itself, Drizzle's wrapper's `cause`, or one address of Node's AggregateError. The same codes in
 * the cause of anything else (S3's `fetch failed`, a mail server) are not the database: a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isUnavailable(error, 0, true);
}

function isUnavailable(error: unknown, depth: number, isDriverLevel: boolean): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  if (
    typeof e.code === "string" &&
    (isSqlStateUnavailable(e.code) || (isDriverLevel && isSocketCode(e.code)))
  )
    return true;
  if (
    isDriverLevel &&
    typeof e.message === "string" &&
    UNAVAILABLE_MESSAGES.some((m) => (e.message as string).startsWith(m))
  ) {
    return true;
  }
  // PGlite's WebAssembly engine aborted, or its file system failed under it.
  // (WebAssembly.RuntimeError, or Emscripten's ErrnoError)
  if (isDriverLevel && (e.name === "RuntimeError" || e.name === "ErrnoError")) return true;
  // Drizzle's wrapper and Node's AggregateError speak for the driver; any other cause does not.
  if (e.cause && isUnavailable(e.cause, depth + 1, error instanceof DrizzleQueryError)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isUnavailable(inner, depth + 1, isDriverLevel));
}

/**
 * SQLSTATE classes and codes (https://www.postgresql.org/docs/current/errcodes-appendix.html):
 * 08 connection exception; 57P01-57P03 the server shuts down, crashed or cannot connect now;
 * 53 insufficient resources (disk full, out of memory, too many connections); 58 system error
 * (I/O). Then Node's socket errors.
 */
function isSqlStateUnavailable(code: string): boolean {
  return /^(08|53|58)[0-9A-Z]{3}$/.test(code) || code === "57P01" || code === "57P02" || code === "57P03";
}

const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const isSocketCode = (code: string) => SOCKET_CODES.has(code);

/** What node-postgres, pg-pool and PGlite say when there is no usable connection. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
  "PGlite is closed",
  "PGlite is closing",
];
