import { type EndpointSpec, endpointId } from "@matchdesk/contract";
import { ENDPOINTS } from "@matchdesk/contract/endpoints";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildTestApp, signIn, type TestApp } from "../../test/app.js";

/** A 503 for a service this test app does not configure; a database outage is not one of them. */
const isNotConfigured = (res: { statusCode: number; body: string }) =>
  res.statusCode === 503 && !res.body.includes('"DATABASE_UNAVAILABLE"');

import { seedAdmin, seedClient, seedMatchmaker } from "../seed/seed.js";

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
          // 503 is a dependency that is not set up (OIDC here), never the input's fault; the database
          // is up throughout, so a DATABASE_UNAVAILABLE would be an error mistaken for an outage.
          const isServerFault = res.statusCode >= 500 && !isNotConfigured(res);
          expect(isServerFault, `${method} ${route.url} -> ${res.statusCode} ${res.body}`).toBe(false);
        }
      }
    }
  });
});

describe("[platform] text the database cannot store", () => {
  // NUL, and both halves of a surrogate pair alone. A URL cannot carry a lone surrogate (UTF-8 has
  // no bytes for one): its WTF-8 bytes make a bad URL in the path and stay as written in the query.
  const BAD = [
    { name: "NUL", char: "\u0000", url: "%00" },
    { name: "high surrogate", char: "\ud800", url: "%ED%A0%80" },
    { name: "low surrogate", char: "\udc00", url: "%ED%B0%80" },
  ];
  const bad = (char: string) => `a${char}b`;
  /** The name a refused key gets in the answer: its bad characters replaced. */
  const keyName = (char: string) => `k${char}`.replace(char, "\ufffd");

  type JsonSchema = {
    type?: string | string[];
    properties?: Record<string, JsonSchema>;
    items?: JsonSchema;
    anyOf?: JsonSchema[];
    oneOf?: JsonSchema[];
    allOf?: JsonSchema[];
  };
  const isObject = (s: JsonSchema) => s.type === "object" || s.properties !== undefined;
  /**
   * A body shaped like the endpoint's schema with the bad string in every string (in fact every
   * leaf: our check runs before the schema), and the dotted paths it put them at.
   */
  function badBody(schema: JsonSchema, char: string, path = "", paths: string[] = []): unknown {
    const choice = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
    const s = choice.find(isObject) ?? choice.find((o) => o.type === "array") ?? schema;
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (isObject(s) && path.split(".").length < 6) {
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, inner]) => [key, badBody(inner, char, at(key), paths)]),
      );
    }
    if (s.type === "array" && s.items) return [badBody(s.items, char, at("0"), paths)];
    paths.push(path || "body");
    return bad(char);
  }

  const jsonSchemaOf = (schema: z.ZodType) =>
    z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  /** A digest of every table's rows, to show that a walk wrote nothing. */
  async function databaseDigest(): Promise<Record<string, string>> {
    const tables = rowsOf<{ name: string }>(
      await t.database.db.execute(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      ),
    );
    const digest: Record<string, string> = {};
    for (const { name } of tables) {
      const [row] = rowsOf<{ md5: string | null }>(
        await t.database.db.execute(
          sql.raw(`select md5(string_agg(r::text, '|' order by r::text)) as md5 from "${name}" r`),
        ),
      );
      digest[name] = row?.md5 ?? "empty";
    }
    return digest;
  }

  type Answer = { statusCode: number; body: string };
  type ErrorAnswer = { code?: string; errors?: Record<string, string[]> };
  const errorOf = (res: Answer): ErrorAnswer => {
    try {
      return JSON.parse(res.body) as ErrorAnswer;
    } catch {
      return {};
    }
  };

  it("refuses NUL and lone surrogates in every string of every route, for every role, and writes nothing", async () => {
    // Nobody, and a user of each role signed in afresh (the garbage walk above signs out).
    const admin = await seedAdmin(t.database.db);
    const matchmaker = await seedMatchmaker(t.database.db);
    const client = await seedClient(t.database.db, matchmaker.id);
    const callers: { role: string; cookie?: string; id?: string; email?: string }[] = [{ role: "anonymous" }];
    for (const [role, user] of [
      ["ADMIN", admin],
      ["INVITER", matchmaker],
      ["INVITEE", client],
    ] as const) {
      callers.push({
        role,
        id: user.id,
        email: user.email,
        cookie: (await signIn(t.app, user.email)).cookie,
      });
    }
    const before = await databaseDigest();
    // Every way the walk went wrong, listed at the end rather than stopping at the first.
    const problems: string[] = [];
    let refusedForText = 0;
    let multipartFieldsRefused = 0;
    for (const def of ENDPOINTS as readonly EndpointSpec[]) {
      const paramNames = def.params ? Object.keys(def.params.shape) : [];
      const queryNames = def.query ? Object.keys(def.query.shape) : [];
      const method = def.method;
      for (const caller of callers) {
        // A request that slipped through may have ended the session (sign-out): note it, sign in again.
        if (caller.email) {
          const me = await t.app.inject({
            method: "GET",
            url: "/api/users/me",
            headers: { cookie: caller.cookie },
          });
          if (me.statusCode === 401) {
            problems.push(`${caller.role} was signed out before ${method} ${def.path}`);
            caller.cookie = (await signIn(t.app, caller.email)).cookie;
          }
        }
        const headers = caller.cookie ? { cookie: caller.cookie } : {};
        // The caller's own id where a path takes one, so a request that slipped through would reach
        // their own records.
        const ownPath = def.path.replace(/:(\w+)/g, caller.id ?? "x");
        for (const b of BAD) {
          const label = `${method} ${def.path} as ${caller.role} with ${b.name}`;
          const isServerFault = (res: Answer) => {
            const isFault = res.statusCode >= 500 && !isNotConfigured(res);
            if (isFault) problems.push(`${label} -> ${res.statusCode} ${res.body}`);
            return isFault;
          };
          // Access is checked first (401, 403); anything else that gets this far is refused for its text.
          const expectRefused = (res: Answer, fields: string[]) => {
            if (isServerFault(res) || res.statusCode === 401 || res.statusCode === 403) return;
            const body = errorOf(res);
            const unnamed = fields.filter((f) => !body.errors?.[f]?.[0]?.includes("cannot be stored"));
            if (res.statusCode !== 400 || body.code !== "VALIDATION_FAILED" || unnamed.length > 0) {
              problems.push(`${label}: ${unnamed.join(", ")} not refused -> ${res.statusCode} ${res.body}`);
            } else refusedForText++;
          };

          // 1. In every path parameter.
          if (paramNames.length > 0) {
            const res = await t.app.inject({
              method,
              url: def.path.replace(/:(\w+)/g, `a${b.url}b`),
              headers,
            });
            if (b.name === "NUL") expectRefused(res, paramNames);
            else if (!isServerFault(res) && ![400, 401, 403].includes(res.statusCode)) {
              problems.push(`${label} in the path -> ${res.statusCode} ${res.body}`);
            }
          }

          // 2. In every query parameter and body string, and in a key of each. (A GET has no body,
          // so a surrogate has nothing to ride in: that would be a plain request.)
          if (method === "GET" && b.name !== "NUL") continue;
          const query = [...queryNames.map((name) => `${name}=${bad(b.url)}`), `k${b.url}=1`].join("&");
          const fields = b.name === "NUL" ? [...queryNames, keyName(b.char)] : [];
          let payload: string | undefined;
          if (method !== "GET" && def.bodyKind !== "multipart") {
            const paths: string[] = [];
            const body = def.body ? badBody(jsonSchemaOf(def.body), b.char, "", paths) : {};
            const withKey =
              typeof body === "object" && body !== null && !Array.isArray(body)
                ? { ...body, [`k${b.char}`]: bad(b.char) }
                : body;
            payload = JSON.stringify(withKey);
            // A signed webhook's body is checked once its signature holds; this one has none.
            if (def.bodyKind !== "raw") fields.push(...paths, keyName(b.char));
          }
          const res = await t.app.inject({
            method,
            url: `${ownPath}?${query}`,
            headers: { ...headers, ...(payload !== undefined && { "content-type": "application/json" }) },
            ...(payload !== undefined && { payload }),
          });
          if (fields.length > 0) expectRefused(res, [...new Set(fields)]);
          else isServerFault(res);

          // 3. A multipart form's text field, sent before its file. The form is UTF-8 bytes, which
          // cannot carry a lone surrogate either: it arrives as U+FFFD.
          if (def.bodyKind === "multipart") {
            const boundary = "----walker";
            const form = Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${bad(b.char)}\r\n` +
                `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${bad(b.char)}.pdf"\r\n` +
                `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`,
            );
            const own = await t.app.inject({
              method,
              url: ownPath,
              headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
              payload: form,
            });
            if (isServerFault(own) || b.name !== "NUL") continue;
            const body = errorOf(own);
            if (own.statusCode === 400 && body.code === "VALIDATION_FAILED") {
              if (body.errors?.note) multipartFieldsRefused++;
              else problems.push(`${label}: the form's text field not refused -> ${own.body}`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The walk reached the check, signed in, on most routes and on the forms' text fields.
    expect(refusedForText).toBeGreaterThan(ENDPOINTS.length);
    expect(multipartFieldsRefused).toBeGreaterThan(0);
    expect(await databaseDigest()).toEqual(before);
  });
});

describe("[platform] health, headers and docs", () => {
  it("sends security headers, a CSP and a request id", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", db: "ok" });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
    // Served over plain HTTP here: no HSTS, and no upgrade of requests.
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(res.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    // An error answer carries them too.
    const missing = await t.app.inject({ method: "GET", url: "/api/no-such-route" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(missing.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("serves the API docs UI", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
  });
});

describe("[platform] security headers when served over HTTPS", () => {
  it("adds HSTS and has the browser upgrade plain requests", async () => {
    const secure = await buildTestApp({ publicUrl: "https://app.example", isHttps: true });
    try {
      const res = await secure.app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(res.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
      expect(res.headers["x-frame-options"]).toBe("DENY");
    } finally {
      await secure.close();
    }
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
