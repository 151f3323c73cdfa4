import { afterEach, describe, expect, it, vi } from "vitest";
import { availableActions, changeNoticeKeys, changeRequest, clientName } from "./client-changes";

const client = {
  isVerified: false,
  participatesInSearch: true,
  isActive: true,
  profileStatus: "complete" as const,
  hasRegistered: false,
};

describe("changeRequest", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("calls the route of each change with its body", async () => {
    const sent: [string, string | undefined, unknown][] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      sent.push([url, init.method, JSON.parse(String(init.body))]);
      return new Response("{}", { headers: { "content-type": "application/json" } });
    });
    await changeRequest("c 1", { kind: "verification", verified: true });
    await changeRequest("c1", { kind: "search", participates: false });
    await changeRequest("c1", { kind: "status", status: "approved" });
    expect(sent).toEqual([
      ["/api/clients/c%201/verification", "PUT", { verified: true }],
      ["/api/clients/c1/search", "PUT", { participates: false }],
      ["/api/clients/c1/status", "PUT", { status: "approved" }],
    ]);
  });
});

describe("changeNoticeKeys", () => {
  it("names a notice per outcome", () => {
    expect(changeNoticeKeys({ kind: "status", status: "inactive" })).toEqual({
      success: "clients.done.inactive",
      failure: "clients.failed.status",
    });
    expect(changeNoticeKeys({ kind: "search", participates: true }).success).toBe("clients.done.searchOn");
  });
});

describe("availableActions", () => {
  it("offers the opposite of each switch", () => {
    expect(availableActions(client)).toEqual({
      verification: { verified: true },
      search: { participates: false },
      activity: "inactive",
      approval: "approved",
      canResendInvite: true,
    });
  });

  it("approves only a complete questionnaire and withdraws an approval", () => {
    expect(availableActions({ ...client, profileStatus: "incomplete" }).approval).toBeNull();
    expect(availableActions({ ...client, profileStatus: "approved" }).approval).toBe("pending");
  });

  it("resends the invitation only to someone who has not registered", () => {
    expect(availableActions({ ...client, hasRegistered: true }).canResendInvite).toBe(false);
  });
});

describe("clientName", () => {
  // A name is required, so the fallback is for a row being created; it shows the number as stored.
  it("falls back to the e-mail, else the phone as stored", () => {
    expect(clientName({ firstName: "Olga", lastName: "Petrova", email: "o@x.test", phone: null })).toBe(
      "Olga Petrova",
    );
    expect(clientName({ firstName: " ", lastName: "", email: "o@x.test", phone: null })).toBe("o@x.test");
    expect(clientName({ firstName: "", lastName: "", email: null, phone: "+79120000000" })).toBe(
      "+79120000000",
    );
  });
});
