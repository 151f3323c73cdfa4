import { describe, expect, it } from "vitest";
import { homePathFor, isKnownRole, needsOnboarding, protectedRedirect } from "./routing-rules";

const matchmaker = (isOnboardingComplete: boolean) => ({ role: "INVITER" as const, isOnboardingComplete });
const admin = { role: "ADMIN" as const, isOnboardingComplete: true };
const client = { role: "INVITEE" as const, isOnboardingComplete: true };

describe("needsOnboarding", () => {
  it("is true only for a matchmaker who has not finished", () => {
    expect(needsOnboarding(matchmaker(false))).toBe(true);
    expect(needsOnboarding(matchmaker(true))).toBe(false);
    expect(needsOnboarding(admin)).toBe(false);
    expect(needsOnboarding({ role: "INVITEE", isOnboardingComplete: false })).toBe(false);
  });
});

describe("homePathFor", () => {
  it("starts an unfinished matchmaker at onboarding and everyone else at the dashboard", () => {
    expect(homePathFor(matchmaker(false))).toBe("/onboarding");
    expect(homePathFor(matchmaker(true))).toBe("/admin/dashboard");
    expect(homePathFor(admin)).toBe("/admin/dashboard");
    expect(homePathFor(client)).toBe("/admin/dashboard");
  });
});

describe("protectedRedirect", () => {
  it("sends an unfinished matchmaker to onboarding from any other protected page", () => {
    expect(protectedRedirect(matchmaker(false), "/admin/dashboard")).toBe("/onboarding");
    expect(protectedRedirect(matchmaker(false), "/admin/users")).toBe("/onboarding");
    expect(protectedRedirect(matchmaker(false), "/onboarding")).toBeNull();
  });

  it("lets finished users and other roles through", () => {
    expect(protectedRedirect(matchmaker(true), "/admin/dashboard")).toBeNull();
    expect(protectedRedirect(admin, "/admin/users")).toBeNull();
    expect(protectedRedirect(client, "/admin/dashboard")).toBeNull();
  });
});

describe("isKnownRole", () => {
  it("knows the contract's roles only", () => {
    expect(isKnownRole("ADMIN")).toBe(true);
    expect(isKnownRole("INVITEE")).toBe(true);
    expect(isKnownRole("SUPERVISOR")).toBe(false);
    expect(isKnownRole("admin")).toBe(false);
  });
});

describe("isKnownRole and the contract", () => {
  it("accepts every role of the contract", async () => {
    const { Role } = await import("@matchdesk/contract");
    expect(Role.options.every(isKnownRole)).toBe(true);
  });
});
