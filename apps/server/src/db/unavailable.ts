/**
 * Whether an error says the database could not be reached or used at all (as opposed to a
 * statement it refused): the server stopped or restarted, the connection broke or timed out, the
 * pool was closed for shutdown, or the embedded PGlite database failed. Such a request gets a 503
 * (DATABASE_UNAVAILABLE) to retry later, never a 500. Drizzle wraps the driver's error as `cause`;
 * Node wraps each address it tried in an AggregateError's `errors`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && isUnavailableCode(e.code)) return true;
  if (
    typeof e.message === "string" &&
    UNAVAILABLE_MESSAGES.some((m) => (e.message as string).startsWith(m))
  ) {
    return true;
  }
  // PGlite's WebAssembly engine aborted, or its file system failed under it.
  // (WebAssembly.RuntimeError, or Emscripten's ErrnoError)
  if (e.name === "RuntimeError" || e.name === "ErrnoError") return true;
  if (e.cause && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/**
 * SQLSTATE classes and codes (https://www.postgresql.org/docs/current/errcodes-appendix.html):
 * 08 connection exception; 57P01-57P03 the server shuts down, crashed or cannot connect now;
 * 53 insufficient resources (disk full, out of memory, too many connections); 58 system error
 * (I/O). Then Node's socket errors.
 */
function isUnavailableCode(code: string): boolean {
  if (/^(08|53|58)[0-9A-Z]{3}$/.test(code)) return true;
  return (
    code === "57P01" ||
    code === "57P02" ||
    code === "57P03" ||
    code === "ECONNREFUSED" ||
    code === "ECONNRESET" ||
    code === "ETIMEDOUT" ||
    code === "EPIPE" ||
    code === "EHOSTUNREACH" ||
    code === "ENETUNREACH" ||
    code === "ENOTFOUND" ||
    code === "EAI_AGAIN"
  );
}

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
