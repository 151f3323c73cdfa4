import { describe, expect, it } from "vitest";
import { oidcStartPath } from "./auth-methods";

describe("oidcStartPath", () => {
  it("carries the page to return to", () => {
    expect(oidcStartPath({ redirect: "/admin/users?page=2" })).toBe(
      "/api/auth/oidc/start?redirect=%2Fadmin%2Fusers%3Fpage%3D2",
    );
  });

  it("adds the invite and the accepted terms for registration", () => {
    expect(oidcStartPath({ redirect: "/admin/dashboard", invite: "abc123" })).toBe(
      "/api/auth/oidc/start?redirect=%2Fadmin%2Fdashboard&invite=abc123&termsAccepted=true",
    );
  });
});
