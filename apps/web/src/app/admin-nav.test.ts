import { describe, expect, it } from "vitest";
import { ADMIN_NAV, navItemsFor, rolesForPath } from "./admin-nav";

describe("rolesForPath", () => {
  it("reads the roles of the page's nav item", () => {
    expect(rolesForPath("/admin/users")).toEqual(["ADMIN"]);
    expect(rolesForPath("/admin/generate-invite")).toEqual(["INVITER", "ADMIN"]);
    expect(rolesForPath("/admin/dashboard")).toContain("INVITEE");
  });

  it("covers sub-pages but not look-alike paths", () => {
    expect(rolesForPath("/admin/users/42")).toEqual(["ADMIN"]);
    expect(rolesForPath("/admin/users-archive")).toContain("INVITEE");
  });

  it("keeps the client pages to matchmakers and admins, the own profile to clients and matchmakers", () => {
    expect(rolesForPath("/admin/invited-users")).toEqual(["INVITER", "ADMIN"]);
    expect(rolesForPath("/invited-users/0190a1b2")).toEqual(["INVITER", "ADMIN"]);
    expect(rolesForPath("/admin/profile")).toEqual(["INVITEE", "INVITER"]);
    expect(rolesForPath("/admin/profile/advanced")).toEqual(["INVITEE", "INVITER"]);
    expect(rolesForPath("/admin/reviews")).toEqual(["ADMIN"]);
    expect(rolesForPath("/admin/applications")).toEqual(["ADMIN"]);
  });

  it("lets everyone open a page that has no nav item (the not-found page)", () => {
    expect(rolesForPath("/admin/no-such-page")).toEqual(["ADMIN", "INVITER", "INVITEE"]);
  });
});

describe("navItemsFor", () => {
  it("shows each role only the pages it may open", () => {
    const paths = (role: "ADMIN" | "INVITER" | "INVITEE") => navItemsFor(role, "main").map((i) => i.path);
    expect(paths("ADMIN")).toEqual(expect.arrayContaining(["/admin/users", "/admin/generate-invite"]));
    expect(paths("INVITER")).toContain("/admin/generate-invite");
    expect(paths("INVITER")).not.toContain("/admin/users");
    expect(paths("INVITEE")).not.toContain("/admin/generate-invite");
    expect(paths("INVITEE")).toContain("/admin/profile");
    expect(paths("INVITEE")).not.toContain("/admin/invited-users");
    expect(paths("INVITER")).toContain("/admin/invited-users");
    expect(paths("INVITER")).toContain("/admin/profile");
    expect(paths("ADMIN")).not.toContain("/admin/profile");
    expect(paths("ADMIN")).toContain("/admin/reviews");
    expect(paths("INVITER")).not.toContain("/admin/reviews");
    expect(ADMIN_NAV.filter((i) => i.section === "account")).toHaveLength(1);
  });
});
