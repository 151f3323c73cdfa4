import {
  EMPTY_PREFERENCES,
  InterestCategory,
  PreferenceFields,
  ProfileFields,
  type ProfileView,
  REQUIRED_PROFILE_FIELDS,
} from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import {
  completenessOf,
  errorPaths,
  firstErrorPath,
  formValuesOf,
  isPatchEmpty,
  PROFILE_SECTIONS,
  type ProfileFormValues,
  profileFormSchema,
  profilePatch,
  SERVER_ERROR_PATHS,
  sectionOf,
} from "./profile-form";

const EMPTY_FIELDS = Object.fromEntries(
  Object.keys(ProfileFields.shape).map((key) => [key, null]),
) as unknown as ProfileView["fields"];
const blank: Pick<ProfileView, "fields" | "preferences"> = {
  fields: {
    ...EMPTY_FIELDS,
    firstName: "Olga",
    lastName: "Petrova",
    languagesSpoken: [],
    childrenAges: [],
    citizenship: [],
    interests: {},
    psychology: { narcissism: null, borderline: null, empathy: null },
  },
  preferences: EMPTY_PREFERENCES,
};
const base = formValuesOf(blank);
const complete: ProfileFormValues = {
  ...base,
  phone: "+7 999 123-45-67",
  gender: "FEMALE",
  dateOfBirth: "1990-05-07",
  height: 168,
  ethnicity: "WHITE",
  incomeLevel: "FROM_1M_TO_5M",
  country: "RU",
  city: "Moscow",
  profession: "Architect",
  aboutMe: "Kind and curious.",
  marriageStatus: "NEVER_MARRIED",
  relationshipStatus: "SINGLE",
  faith: "CHRISTIANITY",
};

describe("formValuesOf", () => {
  it("gives every interest category a list, so an untouched form has nothing to save", () => {
    expect(Object.keys(base.interests).sort()).toEqual([...InterestCategory.options].sort());
    expect(
      formValuesOf({ ...blank, fields: { ...blank.fields, interests: { music: ["jazz"] } } }).interests.music,
    ).toEqual(["jazz"]);
  });
});

describe("profilePatch", () => {
  it("is empty when nothing changed", () => {
    expect(isPatchEmpty(profilePatch(base, structuredClone(base)))).toBe(true);
  });

  it("sends only the fields that changed", () => {
    expect(profilePatch(base, { ...base, city: "Kazan", languagesSpoken: ["Russian"] })).toEqual({
      city: "Kazan",
      languagesSpoken: ["Russian"],
    });
  });

  it("sends the changed preferences and psychology scores by key", () => {
    const values = {
      ...base,
      psychology: { ...base.psychology, empathy: 80 },
      preferences: { ...base.preferences, minAge: 30, weights: { age: "high" as const } },
    };
    expect(profilePatch(base, values)).toEqual({
      psychology: { empathy: 80 },
      preferences: { minAge: 30, weights: { age: "high" } },
    });
  });

  it("sends a cleared value as null", () => {
    expect(profilePatch({ ...base, city: "Kazan" }, base)).toEqual({ city: null });
  });
});

describe("completenessOf", () => {
  it("counts SPEC 5's required fields", () => {
    const empty = completenessOf(base);
    expect(empty.total).toBe(REQUIRED_PROFILE_FIELDS.length);
    expect(empty.filled).toBe(2);
    expect(empty.missing).not.toContain("firstName");
    expect(empty.missing).toContain("phone");
    expect(completenessOf(complete)).toEqual({ filled: 15, total: 15, percent: 100, missing: [] });
  });

  it("counts blank text as missing, as the server does", () => {
    expect(completenessOf({ ...complete, city: "   " }).missing).toEqual(["city"]);
    expect(completenessOf({ ...complete, city: "   " }).percent).toBe(93);
  });
});

describe("sections", () => {
  it("place every profile field in exactly one section", () => {
    const placed = PROFILE_SECTIONS.flatMap((section) => section.fields as readonly string[]);
    expect([...placed].sort()).toEqual([...Object.keys(ProfileFields.shape), "preferences"].sort());
  });

  it("find the section of nested paths", () => {
    expect(sectionOf("height")).toBe("appearance");
    expect(sectionOf("preferences.maxAge")).toBe("preferences");
    expect(sectionOf("interests.travel.0")).toBe("personality");
    expect(sectionOf("nothing")).toBeUndefined();
  });
});

describe("errors", () => {
  it("lists the leaf paths of react-hook-form's errors", () => {
    const errors = {
      phone: { type: "custom", message: "Invalid phone" },
      preferences: { maxAge: { type: "custom", message: "x" } },
      languagesSpoken: [undefined, { type: "too_big", message: "x" }],
    };
    expect(errorPaths(errors)).toEqual(["phone", "preferences.maxAge", "languagesSpoken.1"]);
  });

  it("picks the top-most error in the editor's order", () => {
    expect(firstErrorPath(["preferences.maxAge", "faith", "height", "phone"])).toBe("phone");
    expect(firstErrorPath([])).toBeUndefined();
  });

  it("knows every path a server error may name", () => {
    expect(SERVER_ERROR_PATHS).toContain("dateOfBirth");
    expect(SERVER_ERROR_PATHS).toContain("psychology.empathy");
    expect(SERVER_ERROR_PATHS).toContain("interests.music");
    for (const key of Object.keys(PreferenceFields.shape))
      expect(SERVER_ERROR_PATHS).toContain(`preferences.${key}`);
  });
});

const ProfileFormSchema = profileFormSchema(null);

describe("profileFormSchema", () => {
  it("accepts a complete questionnaire", () => {
    expect(ProfileFormSchema.safeParse(complete).success).toBe(true);
  });

  it("puts the contract's errors on their fields", () => {
    const result = ProfileFormSchema.safeParse({
      ...complete,
      phone: "12",
      height: 90,
      preferences: { ...complete.preferences, minAge: 40, maxAge: 30 },
      childrenCount: 1,
      childrenAges: [3, 5],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join(".")).sort();
    expect(paths).toEqual(["childrenAges", "height", "phone", "preferences.maxAge"]);
  });
});

describe("profileFormSchema: a stored number the phone migration could not normalize", () => {
  const stored = "ext. 12-34 (office)";
  const schema = profileFormSchema(stored);

  it("does not block saving other fields while it is untouched", () => {
    expect(schema.safeParse({ ...complete, phone: stored, city: "Kazan" }).success).toBe(true);
    // Nor does it go into the save: only changed fields are sent.
    const before = { ...complete, phone: stored };
    expect(profilePatch(before, { ...before, city: "Kazan" })).toEqual({ city: "Kazan" });
  });

  it("shows a field error once it is edited into something that is not a phone", () => {
    const result = schema.safeParse({ ...complete, phone: "ext. 12-34" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["phone"]);
    expect(schema.safeParse({ ...complete, phone: "8 912 000-00-05" }).success).toBe(true);
    expect(schema.safeParse({ ...complete, phone: null }).success).toBe(true);
  });
});
