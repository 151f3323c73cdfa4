import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.js";

// A mutation from another origin is refused before it runs; the same site passes through to the
// route (here a sign-in with a wrong password: 401). Same site means scheme, host and port.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: "https://app.example" });
});
afterAll(() => t.close());

const signInFrom = (origin: string, host = "app.internal:8080") =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { origin, host },
    payload: { email: "nobody@example.test", password: "wrong-password" },
  });

describe("[origin] the CSRF check compares scheme, host and port", () => {
  it.each([
    ["http://app.example", "the public host over plain http"],
    ["https://app.example:8443", "the public host on another port"],
    ["https://evil.example", "another host"],
    ["https://app.internal:8080", "the request's host with another scheme"],
    ["null", "an opaque origin"],
  ])("refuses %s (%s)", async (origin) => {
    const res = await signInFrom(origin);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("CROSS_ORIGIN_REQUEST");
  });

  it.each([
    ["https://app.example", "the public URL"],
    ["https://app.example:443", "the public URL with its default port spelled out"],
    ["http://app.internal:8080", "the origin the request was made to"],
  ])("lets %s through (%s)", async (origin) => {
    const res = await signInFrom(origin);
    expect(res.statusCode).toBe(401);
  });
});
