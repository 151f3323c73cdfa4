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
  });

  it("tells turning on from turning off", () => {
    expect(changeNoticeKeys({ kind: "status", status: "active" }).success).toBe("users.done.activated");
    expect(changeNoticeKeys({ kind: "status", status: "inactive" }).success).toBe("users.done.deactivated");
    expect(changeNoticeKeys({ kind: "search", participatesInSearch: false }).success).toBe(
      "users.done.searchOff",
    );
  });
});
