import { describe, expect, it } from "vitest";
import { profileErrorText } from "./profile-errors";

describe("profileErrorText", () => {
  it("shows the server's own text for errors the server placed", () => {
    expect(profileErrorText("city", { type: "server", message: "Too long" })).toEqual({ text: "Too long" });
  });

  it("names each field's rule", () => {
    expect(profileErrorText("phone", { type: "custom" })).toEqual({ key: "profile.errors.phone" });
    expect(profileErrorText("dateOfBirth", { type: "invalid_format" })).toEqual({
      key: "profile.errors.date",
    });
    expect(profileErrorText("dateOfBirth", { type: "custom" })).toEqual({
      key: "profile.errors.age",
      params: { min: 18, max: 100 },
    });
    expect(profileErrorText("preferences.maxAge", { type: "custom" })).toEqual({
      key: "profile.errors.maxAgeBelowMin",
    });
    expect(profileErrorText("childrenAges", { type: "custom" })).toEqual({
      key: "profile.errors.tooManyAges",
    });
  });

  it("gives number fields their range", () => {
    expect(profileErrorText("height", { type: "too_small" })).toEqual({
      key: "profile.errors.range",
      params: { min: 100, max: 250 },
    });
    expect(profileErrorText("psychology.empathy", { type: "too_big" })).toEqual({
      key: "profile.errors.range",
      params: { min: 0, max: 100 },
    });
  });

  it("tells a required name from a text that is too long", () => {
    expect(profileErrorText("firstName", { type: "too_small" })).toEqual({ key: "validation.required" });
    expect(profileErrorText("aboutMe", { type: "too_big" })).toEqual({
      key: "validation.maxLength",
      params: { max: 3000 },
    });
    expect(profileErrorText("interests.travel", { type: "too_big" })).toEqual({
      key: "profile.errors.tagTooLong",
      params: { max: 40 },
    });
  });
});
