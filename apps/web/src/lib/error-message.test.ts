import { describe, expect, it } from "vitest";
import { ApiError, toApiError } from "./api";
import { errorMessage, type Translator } from "./error-message";

const catalog: Record<string, string> = {
  "errors.INVALID_CREDENTIALS": "Invalid e-mail or password.",
  "errors.INSUFFICIENT_CREDITS": "Need {{required}}, have {{available}}.",
  "errors.default": "Something went wrong.",
};

const translator: Translator = {
  exists: (key) => key in catalog,
  t: (key, options) =>
    (catalog[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? "")),
};

describe("errorMessage", () => {
  it("translates a known code", () => {
    const error = toApiError(401, {
      statusCode: 401,
      code: "INVALID_CREDENTIALS",
      message: "Invalid credentials",
    });
    expect(errorMessage(error, translator)).toBe("Invalid e-mail or password.");
  });

  it("passes the body's fields to the translation", () => {
    const error = toApiError(402, {
      code: "INSUFFICIENT_CREDITS",
      message: "x",
      required: 150,
      available: 20,
    });
    expect(errorMessage(error, translator)).toBe("Need 150, have 20.");
  });

  it("joins field error lists with semicolons when the code is not in the catalog", () => {
    const error = toApiError(400, {
      code: "SOMETHING_NEW",
      message: "Bad input",
      errors: { email: ["Invalid e-mail", "Too long"], password: ["Too short"] },
    });
    expect(errorMessage(error, translator)).toBe("Invalid e-mail; Too long; Too short");
  });

  it("uses the message string when there are no field errors", () => {
    expect(errorMessage(toApiError(409, { message: "Already taken" }), translator)).toBe("Already taken");
  });

  it("joins a message array of constraint texts", () => {
    const error = toApiError(400, { message: ["name should not be empty", "email must be an email"] });
    expect(errorMessage(error, translator)).toBe("name should not be empty; email must be an email");
  });

  it("reads constraint objects inside a message array", () => {
    const error = toApiError(400, {
      message: [{ property: "age", constraints: { min: "age must be >= 18" } }],
    });
    expect(errorMessage(error, translator)).toBe("age must be >= 18");
  });

  it("falls back to the error's own message", () => {
    expect(errorMessage(new Error("Boom"), translator)).toBe("Boom");
    expect(errorMessage(new ApiError(418, undefined, "teapot", "I'm a teapot"), translator)).toBe(
      "I'm a teapot",
    );
  });

  it("falls back to the default for anything else", () => {
    expect(errorMessage(undefined, translator)).toBe("Something went wrong.");
    expect(errorMessage({ errors: {}, message: "  " }, translator)).toBe("Something went wrong.");
    expect(errorMessage(new Error(""), translator)).toBe("Something went wrong.");
  });

  it("reads plain error bodies too", () => {
    expect(errorMessage({ code: "INVALID_CREDENTIALS" }, translator)).toBe("Invalid e-mail or password.");
  });
});

describe("toApiError", () => {
  it("gives a code to proxy failures without a JSON body", () => {
    expect(toApiError(502, "<html>").code).toBe("SERVICE_UNAVAILABLE");
    expect(toApiError(500, undefined).code).toBe("INTERNAL_ERROR");
    expect(toApiError(404, undefined).code).toBeUndefined();
  });
});
