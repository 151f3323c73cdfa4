import { describe, expect, it } from "vitest";
import { loginPath, safeRedirectPath } from "./redirect-target";

const origin = "https://matchdesk.example";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/admin/dashboard", origin)).toBe("/admin/dashboard");
    expect(safeRedirectPath("/admin/users?page=2#top", origin)).toBe("/admin/users?page=2#top");
  });

  it("refuses other origins and non-paths", () => {
    expect(safeRedirectPath("https://evil.example/x", origin)).toBeNull();
    expect(safeRedirectPath("//evil.example/x", origin)).toBeNull();
    expect(safeRedirectPath("/\\evil.example", origin)).toBeNull();
    expect(safeRedirectPath("javascript:alert(1)", origin)).toBeNull();
    expect(safeRedirectPath("admin", origin)).toBeNull();
    expect(safeRedirectPath("", origin)).toBeNull();
    expect(safeRedirectPath(null, origin)).toBeNull();
  });
});

describe("loginPath", () => {
  it("carries the redirect along", () => {
    expect(loginPath("/admin/dashboard?tab=1")).toBe("/login?redirect=%2Fadmin%2Fdashboard%3Ftab%3D1");
    expect(loginPath(null)).toBe("/login");
  });
});
