import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { editLinkState } from "./edit-link-state";

const apiError = (status: number, code?: string) => new ApiError(status, code, { code }, "failed");

describe("editLinkState", () => {
  it("is a bad link without a token", () => {
    expect(editLinkState("", null)).toBe("invalid");
    expect(editLinkState("  ", null)).toBe("invalid");
  });

  it("is fine while the profile loads or once it has", () => {
    expect(editLinkState("abcdefghijkl", null)).toBe("ok");
  });

  it("tells a bad, an expired and an unknown link apart", () => {
    expect(editLinkState("t", apiError(401, "EDIT_LINK_INVALID"))).toBe("invalid");
    expect(editLinkState("t", apiError(400, "VALIDATION_FAILED"))).toBe("invalid");
    expect(editLinkState("t", apiError(410, "EDIT_LINK_EXPIRED"))).toBe("expired");
    expect(editLinkState("t", apiError(404, "PROFILE_NOT_FOUND"))).toBe("notFound");
  });

  it("offers a retry for anything else", () => {
    expect(editLinkState("t", apiError(503, "SERVICE_UNAVAILABLE"))).toBe("failed");
    expect(editLinkState("t", apiError(0, "NETWORK_ERROR"))).toBe("failed");
    expect(editLinkState("t", new Error("boom"))).toBe("failed");
  });
});
