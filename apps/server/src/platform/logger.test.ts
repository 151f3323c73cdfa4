import { describe, expect, it } from "vitest";
import { withoutTokens } from "./logger.js";

describe("the request log", () => {
  it("logs an export's file link without its token, other paths as they are", () => {
    expect(withoutTokens("/api/export-files/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA")).toBe(
      "/api/export-files/[token]",
    );
    expect(withoutTokens("/api/invites/k3y9code")).toBe("/api/invites/[token]");
    expect(withoutTokens("/api/clients/0191a2b3-c4d5")).toBe("/api/clients/0191a2b3-c4d5");
  });
});
