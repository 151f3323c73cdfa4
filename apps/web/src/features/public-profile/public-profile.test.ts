import { DISPLAYABLE_FIELDS, type PublicProfileView } from "@matchdesk/contract";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import enUS from "../../i18n/en-US.json";
import { ApiError } from "../../lib/api";
import type { Translate } from "../profile/field-format";
import {
  accessOutcome,
  DETAIL_SECTIONS,
  detailRows,
  HEADER_FIELDS,
  interestGroups,
  mainFirst,
  TEXT_FIELDS,
} from "./public-profile";

const i18n = i18next.createInstance();
await i18n.init({
  resources: { "en-US": { translation: enUS } },
  lng: "en-US",
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
const t: Translate = (key, options) => i18n.t(key, options ?? {});

const view = (
  fields: PublicProfileView["fields"],
  extra: Partial<PublicProfileView> = {},
): PublicProfileView => ({
  userId: "u1",
  fields,
  ...extra,
});

describe("the page's layout of the displayable fields", () => {
  it("places every displayable field exactly once", () => {
    const placed = [
      ...HEADER_FIELDS,
      ...TEXT_FIELDS,
      "interests",
      "photos",
      ...DETAIL_SECTIONS.flatMap((section) => section.fields),
    ];
    expect([...placed].sort()).toEqual([...DISPLAYABLE_FIELDS].sort());
  });
});

describe("detailRows", () => {
  it("shows only the fields the server returned, with labels and readable values", () => {
    const rows = detailRows(
      view({ height: 172, smoking: "NO", hasPets: true }),
      ["gender", "height", "smoking", "hasPets"],
      t,
      "en-US",
    );
    expect(rows).toEqual([
      { field: "height", label: "Height", value: "172 cm" },
      { field: "smoking", label: "Smoking", value: expect.any(String) },
      { field: "hasPets", label: "Has pets", value: "Yes" },
    ]);
    expect(rows[1]?.value).not.toBe("");
  });

  it("leaves out empty values (not filled in) and keeps false", () => {
    const rows = detailRows(
      view({ university: null, languagesSpoken: [], tattoosOrPiercings: false }),
      ["university", "languagesSpoken", "tattoosOrPiercings"],
      t,
      "en-US",
    );
    expect(rows.map((row) => [row.field, row.value])).toEqual([["tattoosOrPiercings", "No"]]);
  });
});

describe("mainFirst", () => {
  it("puts the main photo first and keeps the others in order", () => {
    const photo = (id: string, isMain = false) => ({ id, url: `/${id}`, thumbUrl: `/t/${id}`, isMain });
    expect(mainFirst([photo("a"), photo("b"), photo("c", true), photo("d")]).map((p) => p.id)).toEqual([
      "c",
      "a",
      "b",
      "d",
    ]);
    expect(mainFirst([])).toEqual([]);
  });
});

describe("interestGroups", () => {
  it("lists the categories that have items", () => {
    expect(interestGroups(view({ interests: { travel: ["Italy"], music: [] } }))).toEqual([
      { category: "travel", items: ["Italy"] },
    ]);
    expect(interestGroups(view({}))).toEqual([]);
  });
});

describe("accessOutcome", () => {
  const apiError = (status: number, body: Record<string, unknown>) =>
    new ApiError(status, body.code as string, body, "failed");

  it("puts a wrong password on the field", () => {
    expect(accessOutcome(apiError(401, { code: "INCORRECT_PASSWORD" }))).toEqual({ kind: "password" });
    expect(accessOutcome(apiError(400, { code: "VALIDATION_FAILED" }))).toEqual({ kind: "password" });
  });

  it("waits as long as the server says after too many tries", () => {
    expect(accessOutcome(apiError(429, { code: "RATE_LIMITED", retryAfterSeconds: 42 }))).toEqual({
      kind: "rateLimited",
      retryAfterSeconds: 42,
    });
    expect(accessOutcome(apiError(429, { code: "RATE_LIMITED" }))).toEqual({
      kind: "rateLimited",
      retryAfterSeconds: 60,
    });
  });

  it("tells an unknown or unshared profile from a failure to load", () => {
    expect(accessOutcome(apiError(404, { code: "PROFILE_NOT_FOUND" }))).toEqual({ kind: "notFound" });
    expect(accessOutcome(apiError(503, { code: "SERVICE_UNAVAILABLE" }))).toEqual({ kind: "failed" });
    expect(accessOutcome(new ApiError(0, "NETWORK_ERROR", undefined, "offline"))).toEqual({ kind: "failed" });
    expect(accessOutcome(new Error("boom"))).toEqual({ kind: "failed" });
  });
});
