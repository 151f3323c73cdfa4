import { describe, expect, it } from "vitest";
import { changeBody, changeNoticeKeys } from "./user-changes";

describe("changeBody", () => {
  it("sends only the changed field", () => {
    expect(changeBody({ kind: "status", status: "inactive" })).toEqual({ status: "inactive" });
    expect(changeBody({ kind: "verification", verified: false })).toEqual({ verified: false });
    expect(changeBody({ kind: "search", participatesInSearch: true })).toEqual({
      participatesInSearch: true,
    });
    expect(changeBody({ kind: "notifications", emailNotifications: false })).toEqual({
      emailNotifications: false,
    });
    expect(changeBody({ kind: "aiMatching", aiMatchingEnabled: true })).toEqual({ aiMatchingEnabled: true });
  });
});

describe("changeNoticeKeys", () => {
  it("names SPEC 8's failure for each kind of change", () => {
    expect(changeNoticeKeys({ kind: "status", status: "active" }).failure).toBe("users.failed.status");
    expect(changeNoticeKeys({ kind: "verification", verified: true }).failure).toBe(
      "users.failed.verification",
    );
    expect(changeNoticeKeys({ kind: "notifications", emailNotifications: true }).failure).toBe(
      "users.failed.notifications",
    );
    expect(changeNoticeKeys({ kind: "aiMatching", aiMatchingEnabled: false }).failure).toBe(
      "users.failed.aiMatching",
    );
  });

  it("tells turning on from turning off", () => {
    expect(changeNoticeKeys({ kind: "status", status: "active" }).success).toBe("users.done.activated");
    expect(changeNoticeKeys({ kind: "status", status: "inactive" }).success).toBe("users.done.deactivated");
    expect(changeNoticeKeys({ kind: "search", participatesInSearch: false }).success).toBe(
      "users.done.searchOff",
    );
    expect(changeNoticeKeys({ kind: "aiMatching", aiMatchingEnabled: true }).success).toBe(
      "users.done.aiMatchingOn",
    );
    expect(changeNoticeKeys({ kind: "aiMatching", aiMatchingEnabled: false }).success).toBe(
      "users.done.aiMatchingOff",
    );
  });
});
