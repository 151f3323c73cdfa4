import { DISPLAYABLE_FIELDS, type DisplayableField, type DisplaySettings } from "@matchdesk/contract";
import { PROFILE_SECTIONS, type ProfileSectionId, sectionOf } from "../profile/profile-form";

export type DisplayGroup = { id: ProfileSectionId | "photos"; fields: DisplayableField[] };

/** Where a displayable field sits: its editor section; the age with the date of birth; photos apart. */
function groupOf(field: DisplayableField): DisplayGroup["id"] {
  if (field === "photos") return "photos";
  if (field === "age") return "basics";
  return sectionOf(field) ?? "basics";
}

/** The display-settings dialog's groups, in the editor's order, each field once. */
export const DISPLAY_GROUPS: readonly DisplayGroup[] = [
  ...PROFILE_SECTIONS.map((section) => section.id),
  "photos" as const,
]
  .map((id) => ({ id, fields: DISPLAYABLE_FIELDS.filter((field) => groupOf(field) === id) }))
  .filter((group) => group.fields.length > 0);

/** Every displayable field set to one value: "select all" and "select none". */
export function allDisplayed(value: boolean): DisplaySettings {
  return Object.fromEntries(DISPLAYABLE_FIELDS.map((field) => [field, value])) as DisplaySettings;
}

/** Only what changed, for saving the display settings. */
export function changedSettings(before: DisplaySettings, after: DisplaySettings): Partial<DisplaySettings> {
  return Object.fromEntries(
    DISPLAYABLE_FIELDS.filter((field) => before[field] !== after[field]).map((field) => [
      field,
      after[field],
    ]),
  );
}
