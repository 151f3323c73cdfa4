import { afterEach, describe, expect, it, vi } from "vitest";
import { lookUpInvite } from "../invites/invite-calls";
import { completeOidcOnce, verifyEmailLinkOnce } from "./auth-calls";

type Sent = [url: string, method: string | undefined, body: unknown];

// The answers are stubs: the development check that they match the contract would only add noise.
function stubFetch(answer: unknown): Sent[] {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push([url, init.method, init.body === undefined ? undefined : JSON.parse(String(init.body))]);
    return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
  });
  return sent;
}

describe("sign-in calls", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("sends a link's token once, however often the page asks", async () => {
    const sent = stubFetch({ id: "u1" });
    const [first, second] = await Promise.all([
      verifyEmailLinkOnce("token-123456"),
      verifyEmailLinkOnce("token-123456"),
    ]);
    expect(first).toBe(second);
    expect(sent).toEqual([["/api/auth/email/verify", "POST", { token: "token-123456" }]]);
  });

  it("sends a provider's code once", async () => {
    const sent = stubFetch({ user: { id: "u1" }, redirect: "/admin/dashboard" });
    await completeOidcOnce({ code: "code-1", state: "s" });
    await completeOidcOnce({ code: "code-1", state: "s" });
    expect(sent).toEqual([["/api/auth/oidc/callback", "POST", { code: "code-1", state: "s" }]]);
  });

  it("looks an invite up by its code", async () => {
    const sent = stubFetch({});
    await lookUpInvite("abc123");
    expect(sent).toEqual([["/api/invites/abc123", "GET", undefined]]);
  });
});
