import type { ErrorBody, ErrorCode } from "@matchdesk/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/unavailable.js";

type FieldErrors = Record<string, string[]>;

/** The one error type services throw; the handler below turns it into API.md's shape. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    /** Extra top-level fields of the body, e.g. `{ required, available }` for 402. */
    readonly details?: Record<string, unknown>,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (code: ErrorCode = "NOT_FOUND", message = "Not found") =>
  new AppError(code, 404, message);
export const forbidden = (message = "You are not allowed to do this") =>
  new AppError("FORBIDDEN", 403, message);
export const unauthenticated = () => new AppError("UNAUTHENTICATED", 401, "User not authenticated");
export const conflict = (code: ErrorCode, message: string) => new AppError(code, 409, message);
export const badRequest = (code: ErrorCode, message: string, fieldErrors?: FieldErrors) =>
  new AppError(code, 400, message, undefined, fieldErrors);

const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: "MALFORMED_JSON",
    message: "The body is not valid JSON",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "MALFORMED_JSON", message: "The JSON body is empty" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "MALFORMED_JSON", message: "Bad content length" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Unsupported content type",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "PAYLOAD_TOO_LARGE", message: "The request is too large" },
  FST_ERR_VALIDATION: { status: 400, code: "VALIDATION_FAILED", message: "The request is not valid" },
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: "VALIDATION_FAILED",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  503: "SERVICE_UNAVAILABLE",
};

function fieldErrorsOf(
  validation: { instancePath: string; message?: string }[],
  context?: string,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of validation) {
    const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const key = path || context || "_";
    const list = out[key] ?? [];
    list.push(issue.message ?? "Invalid value");
    out[key] = list;
  }
  return out;
}

/** Seconds a client is asked to wait (`Retry-After`) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function toErrorBody(error: unknown): {
  status: number;
  body: ErrorBody;
  isUnexpected: boolean;
  headers?: Record<string, string>;
} {
  if (error instanceof AppError) {
    const body: ErrorBody = {
      ...error.details,
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
    };
    if (error.fieldErrors) body.errors = error.fieldErrors;
    return { status: error.statusCode, body, isUnexpected: false };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    return {
      status: 400,
      body: {
        statusCode: 400,
        code: "VALIDATION_FAILED",
        message: "The request is not valid",
        errors: fieldErrorsOf(error.validation, context),
      },
      isUnexpected: false,
    };
  }
  if (isCheckViolation(error)) {
    // A row the schema's own checks refuse (users_contact_check: staff need an e-mail, a client an
    // e-mail or a phone): the request asked for it, so it is the caller's 400, not a server error.
    return {
      status: 400,
      body: { statusCode: 400, code: "VALIDATION_FAILED", message: "The request is not valid" },
      isUnexpected: false,
    };
  }
  if (isUniqueViolation(error)) {
    return {
      status: 409,
      body: { statusCode: 409, code: "CONFLICT", message: "This already exists" },
      isUnexpected: false,
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: {
        statusCode: 503,
        code: "DATABASE_UNAVAILABLE",
        message: "The database is unavailable; try again shortly",
      },
      isUnexpected: false,
      headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  const fe = error as Partial<FastifyError>;
  if (!isResponseSerializationError(error) && fe.code && FASTIFY_CODES[fe.code]) {
    const known = FASTIFY_CODES[fe.code]!;
    return {
      status: known.status,
      body: { statusCode: known.status, code: known.code, message: known.message },
      isUnexpected: false,
    };
  }
  const status = typeof fe.statusCode === "number" ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = STATUS_CODES[status] ?? "VALIDATION_FAILED";
    return { status, body: { statusCode: status, code, message: fe.message ?? code }, isUnexpected: false };
  }
  const unavailable = status === 503;
  return {
    status: unavailable ? 503 : 500,
    body: {
      statusCode: unavailable ? 503 : 500,
      code: unavailable ? "SERVICE_UNAVAILABLE" : "INTERNAL_ERROR",
      message: unavailable ? "A service the server depends on is down; try again" : "Server error: try again",
    },
    isUnexpected: true,
  };
}

/** Whether a database error has this SQLSTATE, as node-postgres or PGlite report it, wrapped by Drizzle or not. */
const hasSqlState = (error: unknown, state: string) => {
  const codeOf = (e: unknown) =>
    e && typeof e === "object" && "code" in e ? (e as { code: unknown }).code : undefined;
  return codeOf(error) === state || codeOf((error as { cause?: unknown })?.cause) === state;
};

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, "23505");

/** PostgreSQL's check_violation. */
const isCheckViolation = (error: unknown): boolean => hasSqlState(error, "23514");

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, isUnexpected, headers } = toErrorBody(error);
    if (isUnexpected) request.log.error({ err: error }, "unexpected error");
    // Logged without the error itself: a driver's message may quote the statement's values.
    else if (body.code === "DATABASE_UNAVAILABLE") request.log.warn("database unavailable");
    if (headers) void reply.headers(headers);
    return reply.status(status).send(body);
  });
}
