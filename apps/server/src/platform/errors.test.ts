import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AppError, toErrorBody } from "./errors.js";

describe("toErrorBody", () => {
  it("keeps an AppError's code, details and field errors", () => {
    const e = new AppError("INSUFFICIENT_CREDITS", 402, "Insufficient credits", {
      required: 100,
      available: 5,
    });
    expect(toErrorBody(e)).toEqual({
      status: 402,
      body: {
        statusCode: 402,
        code: "INSUFFICIENT_CREDITS",
        message: "Insufficient credits",
        required: 100,
        available: 5,
      },
      isUnexpected: false,
    });
  });

  it("hides an unknown error behind a generic 500", () => {
    const { status, body, isUnexpected } = toErrorBody(new Error("secret table name leaked"));
    expect(status).toBe(500);
    expect(body).toEqual({ statusCode: 500, code: "INTERNAL_ERROR", message: "Server error: try again" });
    expect(isUnexpected).toBe(true);
  });

  it("maps a 4xx from a plugin to the matching code", () => {
    const e = Object.assign(new Error("Rate limit exceeded"), { statusCode: 429 });
    expect(toErrorBody(e).body).toMatchObject({ statusCode: 429, code: "RATE_LIMITED" });
  });
});

describe("a database that cannot be reached", () => {
  const unavailable = {
    status: 503,
    body: {
      statusCode: 503,
      code: "DATABASE_UNAVAILABLE",
      message: "The database is unavailable; try again shortly",
    },
    isUnexpected: false,
    headers: { "retry-after": "5" },
  };
  const wrapped = (cause: unknown) => new DrizzleQueryError("select 1", [], cause as Error);

  it.each([
    [
      "the server shutting down (57P01)",
      Object.assign(new Error("terminating connection"), { code: "57P01" }),
    ],
    ["a connection exception (08006)", Object.assign(new Error("connection failure"), { code: "08006" })],
    ["too many connections (53300)", Object.assign(new Error("too many clients"), { code: "53300" })],
    ["a broken connection", new Error("Connection terminated unexpectedly")],
    ["a pool that cannot connect in time", new Error("timeout exceeded when trying to connect")],
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })],
    [
      "every address refused",
      new AggregateError([Object.assign(new Error("refused"), { code: "ECONNREFUSED" })], "failed"),
    ],
    ["a closed PGlite", new Error("PGlite is closed")],
    ["PGlite's engine aborted", Object.assign(new Error("Aborted()"), { name: "RuntimeError" })],
  ])("answers 503 with Retry-After for %s, wrapped by Drizzle or not", (_, error) => {
    expect(toErrorBody(error)).toEqual(unavailable);
    expect(toErrorBody(wrapped(error))).toEqual(unavailable);
  });

  it("keeps another service's network failure a 500: the database is fine", () => {
    // S3 through fetch, a mail server: the same socket codes, in the cause of something else.
    const s3Down = new TypeError("fetch failed", {
      cause: Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }),
    });
    expect(toErrorBody(s3Down)).toMatchObject({ status: 500, body: { code: "INTERNAL_ERROR" } });
    const mailDown = new Error("send failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    expect(toErrorBody(mailDown).status).toBe(500);
    const wasm = new Error("image failed", {
      cause: Object.assign(new Error("x"), { name: "RuntimeError" }),
    });
    expect(toErrorBody(wasm).status).toBe(500);
  });

  it("keeps a statement the database refused a 500 (or 409)", () => {
    const refused = Object.assign(new Error("syntax error"), { code: "42601" });
    expect(toErrorBody(wrapped(refused)).status).toBe(500);
    expect(toErrorBody(wrapped(Object.assign(new Error("dup"), { code: "23505" }))).status).toBe(409);
  });
});
