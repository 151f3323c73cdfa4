import { describe, expect, it } from "vitest";
import { notificationLink } from "./notification-link";

describe("notification links", () => {
  it("lead to the client a notification is about, or nowhere", () => {
    expect(notificationLink({ kind: "client_registered", params: { clientId: "u1" } })).toBe(
      "/invited-users/u1",
    );
    expect(notificationLink({ kind: "client_registered", params: {} })).toBeNull();
    expect(notificationLink({ kind: "credits_added", params: { amount: 5 } })).toBeNull();
    expect(notificationLink({ kind: "review_pending", params: {} })).toBe("/admin/reviews");
    // Where the matchmaker can change the guessed password.
    expect(notificationLink({ kind: "profile_password_attempts", params: { clientId: "u2" } })).toBe(
      "/invited-users/u2",
    );
    // Retention: one client's warning leads to their data tab; a digest, to the list of them all.
    expect(notificationLink({ kind: "client_retention_warning", params: { clientId: "u3" } })).toBe(
      "/invited-users/u3?tab=data",
    );
    expect(notificationLink({ kind: "client_retention_digest", params: { count: 3 } })).toBe(
      "/admin/profile/advanced",
    );
  });
});
