import { describe, expect, it } from "vitest";
import { toApiError } from "./api";
import { applyServerErrors, serverFieldErrors } from "./form-errors";

const fields = ["email", "password", "firstName"] as const;

describe("serverFieldErrors", () => {
  it("places a code that concerns one field on that field, to be translated", () => {
    const error = toApiError(409, { code: "EMAIL_TAKEN", message: "taken" });
    expect(serverFieldErrors(error, fields, { EMAIL_TAKEN: "email" })).toEqual([
      { field: "email", message: undefined },
    ]);
  });

  it("prefers the code's field over the raw field list", () => {
    const error = toApiError(409, {
      code: "AGENCY_LOGIN_TAKEN",
      message: "taken",
      errors: { login: ["This agency login is taken"] },
    });
    expect(serverFieldErrors(error, ["login"], { AGENCY_LOGIN_TAKEN: "login" })).toEqual([
      { field: "login", message: undefined },
    ]);
  });

  it("joins the `errors` lists of the form's own fields and skips the others", () => {
    const error = toApiError(400, {
      code: "VALIDATION_FAILED",
      message: "Bad input",
      errors: { email: ["Invalid e-mail format", "Too long"], inviteCode: ["Invalid invite code"] },
    });
    expect(serverFieldErrors(error, fields)).toEqual([
      { field: "email", message: "Invalid e-mail format; Too long" },
    ]);
  });

  it("finds nothing in errors without field lists", () => {
    expect(serverFieldErrors(toApiError(500, undefined), fields)).toEqual([]);
    expect(serverFieldErrors(new Error("boom"), fields)).toEqual([]);
    expect(serverFieldErrors(undefined, fields)).toEqual([]);
  });
});

describe("applyServerErrors", () => {
  it("sets the errors and says whether any was placed", () => {
    const set: [string, string][] = [];
    const setError = (field: string, error: { message: string }) => set.push([field, error.message]);
    const taken = toApiError(409, { code: "EMAIL_TAKEN", message: "taken" });
    expect(applyServerErrors(taken, setError, () => "Translated", fields, { EMAIL_TAKEN: "email" })).toBe(
      true,
    );
    expect(set).toEqual([["email", "Translated"]]);
    expect(applyServerErrors(toApiError(503, undefined), setError, () => "x", fields)).toBe(false);
  });
});
