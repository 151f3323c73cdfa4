import { afterEach, describe, expect, it, vi } from "vitest";
import { setUnauthorizedHandler } from "../../lib/api";
import { openPublicProfile } from "../public-profile/public-profile";
import { saveByEditLink, saveOwnProfile, saveProfile } from "./useProfile";

type Sent = [string, string | undefined, unknown];

function stubFetch(status = 200) {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push([url, init.method, JSON.parse(String(init.body))]);
    return new Response(status === 200 ? "{}" : '{"code":"INCORRECT_PASSWORD"}', {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  return sent;
}

describe("profile saves", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("patch a client's profile, the caller's own, or one through its edit link", async () => {
    // The stub answers `{}`, which the development check reports as not a profile.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const sent = stubFetch();
    await saveProfile("u 1", { city: "Kazan" });
    await saveOwnProfile({ city: "Omsk" });
    await saveByEditLink("u1", "token/with+signs", { city: "Tver" });
    expect(sent).toEqual([
      ["/api/profiles/u%201", "PATCH", { city: "Kazan" }],
      ["/api/profiles/me", "PATCH", { city: "Omsk" }],
      ["/api/public/edit-profile/u1?token=token%2Fwith%2Bsigns", "PATCH", { city: "Tver" }],
    ]);
  });
});

describe("openPublicProfile", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(() => {});
  });

  it("sends the password, and a wrong one is not taken for an expired session", async () => {
    const sent = stubFetch(401);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(openPublicProfile("u1", "secret")).rejects.toMatchObject({
      status: 401,
      code: "INCORRECT_PASSWORD",
    });
    expect(sent).toEqual([["/api/public/profiles/u1/access", "POST", { password: "secret" }]]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
