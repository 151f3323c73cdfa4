import { DEFAULT_DISPLAYED, DISPLAYABLE_FIELDS, type DisplaySettings } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { allDisplayed, changedSettings, DISPLAY_GROUPS } from "./display-groups";

const defaults = Object.fromEntries(
  DISPLAYABLE_FIELDS.map((field) => [field, DEFAULT_DISPLAYED.includes(field)]),
) as DisplaySettings;

describe("DISPLAY_GROUPS", () => {
  it("holds every displayable field exactly once", () => {
    const fields = DISPLAY_GROUPS.flatMap((group) => group.fields);
    expect([...fields].sort()).toEqual([...DISPLAYABLE_FIELDS].sort());
  });

  it("follows the editor's sections, with the age among the basics and photos apart", () => {
    expect(DISPLAY_GROUPS.map((group) => group.id)).toEqual([
      "basics",
      "appearance",
      "background",
      "family",
      "lifestyle",
      "personality",
      "photos",
    ]);
    expect(DISPLAY_GROUPS[0]?.fields).toContain("age");
    expect(DISPLAY_GROUPS.at(-1)?.fields).toEqual(["photos"]);
  });
});

describe("allDisplayed and changedSettings", () => {
  it("sends only the fields that changed", () => {
    expect(changedSettings(defaults, defaults)).toEqual({});
    const next = { ...defaults, faith: true, firstName: false };
    expect(changedSettings(defaults, next)).toEqual({ faith: true, firstName: false });
  });

  it("selects all or none", () => {
    expect(Object.values(allDisplayed(true)).every(Boolean)).toBe(true);
    expect(Object.keys(changedSettings(allDisplayed(true), allDisplayed(false)))).toHaveLength(
      DISPLAYABLE_FIELDS.length,
    );
  });
});
