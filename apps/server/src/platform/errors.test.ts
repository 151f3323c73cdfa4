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
