import { endpointId } from "@matchdesk/contract";
import { ENDPOINTS } from "@matchdesk/contract/endpoints";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../test/app.js";
import { seedAdmin } from "../seed/seed.js";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await seedAdmin(t.database.db, { email: "root@example.test" });
  adminCookie = (await signIn(t.app, admin.email)).cookie;
});
afterAll(() => t.close());

describe("[platform] routes and access", () => {
  it("every API route declares who may call it", () => {
    const apiRoutes = t.app.registeredRoutes.filter((r) => r.url.startsWith("/api/"));
    expect(apiRoutes.length).toBeGreaterThan(3);
    const undeclared = apiRoutes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it("registers every route from a contract definition, and every definition as a route", () => {
    const own = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs"),
    );
    const undefinedRoutes = own.filter((r) => !r.endpoint).map((r) => `${r.method} ${r.url}`);
    expect(undefinedRoutes).toEqual([]);
    for (const route of own) {
      expect(`${route.endpoint?.method} ${route.endpoint?.path}`).toBe(`${route.method} ${route.url}`);
      expect(route.access).toBe(route.endpoint?.access);
    }
    const registered = new Set(own.map((r) => `${r.method} ${r.url}`));
    expect(ENDPOINTS.map(endpointId).filter((id) => !registered.has(id))).toEqual([]);
    expect(new Set(ENDPOINTS.map(endpointId)).size).toBe(ENDPOINTS.length);
  });

  it("publishes every API route in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const own = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs"),
    );
    for (const route of own) {
      const path = route.url.replace(/:(\w+)/g, "{$1}");
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
  });

  it("answers an unknown API path with the JSON error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-thing?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      code: "ROUTE_NOT_FOUND",
      message: "No route GET /api/no-such-thing",
    });
  });

  it("refuses a protected route without a session before reading the body", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      code: "UNAUTHENTICATED",
      message: "User not authenticated",
    });
  });
});

describe("[platform] bad input", () => {
  it("answers malformed JSON with 400 MALFORMED_JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("MALFORMED_JSON");
  });

  it("answers an unsupported content type with 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/x-bogus" },
      payload: "x",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("answers field errors per field", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "nope" } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(body.errors).sort()).toEqual(["email", "password"]);
    expect(body.errors.email).toEqual(["Invalid e-mail format"]);
  });

  it("never answers 500 to garbage sent to any route, signed in as admin or not", async () => {
    const garbage = [
      { payload: "not json", headers: { "content-type": "application/json" } },
      { payload: JSON.stringify([1, 2, 3]), headers: { "content-type": "application/json" } },
      {
        payload: JSON.stringify({ email: 42, password: null, page: -1 }),
        headers: { "content-type": "application/json" },
      },
      { payload: "a=1", headers: { "content-type": "text/plain" } },
    ];
    const routes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs"),
    );
    for (const route of routes) {
      const url = `${route.url.replace(/:(\w+)/g, "x%00y")}?page=abc&pageSize=100000&%ff=1`;
      for (const cookie of [undefined, adminCookie]) {
        for (const g of garbage) {
          const method = route.method as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
          const hasBody = method !== "GET";
          const res = await t.app.inject({
            method,
            url,
            headers: { ...(hasBody ? g.headers : {}), ...(cookie ? { cookie } : {}) },
            ...(hasBody ? { payload: g.payload } : {}),
          });
          // 503 is a dependency that is down or not set up (OIDC here), never the input's fault.
          const isServerFault = res.statusCode >= 500 && res.statusCode !== 503;
          expect(isServerFault, `${method} ${route.url} -> ${res.statusCode} ${res.body}`).toBe(false);
        }
      }
    }
  });
});

describe("[platform] health, headers and docs", () => {
  it("sends security headers, a CSP and a request id", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", db: "ok" });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
  });

  it("serves the API docs UI", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
  });
});

describe("[platform] health when the database is down", () => {
  it("answers 503", async () => {
    const down = await buildTestApp();
    await down.database.close();
    const res = await down.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "error", db: "down" });
    await down.app.close();
  });
});
