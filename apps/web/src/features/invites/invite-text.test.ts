import { describe, expect, it } from "vitest";
import { inviterName, termsPathFor } from "./invite-text";

describe("inviterName", () => {
  it("joins the names and skips empty ones", () => {
    expect(inviterName({ inviter: { firstName: "Anna", lastName: "Volkova", agencyName: null } })).toBe(
      "Anna Volkova",
    );
    expect(inviterName({ inviter: { firstName: "Anna", lastName: "", agencyName: "A" } })).toBe("Anna");
  });
});

describe("termsPathFor", () => {
  it("links a future matchmaker to the matchmaker terms and a client to the client terms", () => {
    expect(termsPathFor("INVITER")).toBe("/matcher-terms");
    expect(termsPathFor("INVITEE")).toBe("/client-terms");
  });
});
