import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type UserRow } from "../src/modules/users/service.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../src/seed/seed.js";
import { buildTestApp, signIn, type TestApp } from "./app.js";

// Who gets what from every route. A route missing here fails the first test: each new route
// must state its answer for the five kinds of caller.
type Actor = "anonymous" | "client" | "otherMatchmaker" | "owner" | "admin";
const ACTORS: Actor[] = ["anonymous", "client", "otherMatchmaker", "owner", "admin"];
type Fixture = { owner: UserRow; client: UserRow; pendingClient: UserRow };
type Call = { url: string; payload?: Record<string, unknown> };
type Row = { call: (f: Fixture) => Call; expect: Record<Actor, number> };

const all = (status: number): Record<Actor, number> => ({
  anonymous: status,
  client: status,
  otherMatchmaker: status,
  owner: status,
  admin: status,
});
const signedIn = (status: number) => ({ ...all(status), anonymous: 401 });
const matchmakers = (status: number) => ({ ...signedIn(status), client: 403 });
const ownerOnly = (status: number) => ({ ...matchmakers(status), otherMatchmaker: 404 });
const adminOnly = (status: number) => ({ ...all(403), anonymous: 401, admin: status });
let n = 0;
const fresh = () => `matrix-${n++}@example.test`;

const MATRIX: Record<string, Row> = {
  "GET /api/health": { call: () => ({ url: "/api/health" }), expect: all(200) },
  "GET /api/auth/status": { call: () => ({ url: "/api/auth/status" }), expect: all(200) },
  "POST /api/auth/login": {
    call: () => ({ url: "/api/auth/login", payload: { email: "none@example.test", password: "wrong-pass" } }),
    expect: all(401),
  },
  "POST /api/auth/logout": { call: () => ({ url: "/api/auth/logout" }), expect: all(204) },
  "POST /api/auth/email/request": {
    call: () => ({ url: "/api/auth/email/request", payload: { email: "none@example.test" } }),
    expect: all(202),
  },
  "POST /api/auth/email/verify": {
    call: () => ({ url: "/api/auth/email/verify", payload: { token: "t".repeat(43) } }),
    expect: all(410),
  },
  "POST /api/auth/register": {
    call: () => ({
      url: "/api/auth/register",
      payload: {
        inviteCode: "zzzzzzzzzz",
        firstName: "A",
        lastName: "B",
        email: fresh(),
        password: "secret-pass",
        confirmPassword: "secret-pass",
        termsAccepted: true,
      },
    }),
    expect: all(404),
  },
  "GET /api/auth/methods": { call: () => ({ url: "/api/auth/methods" }), expect: all(200) },
  // Without OIDC settings both answer 503 OIDC_NOT_CONFIGURED; oidc.api.test.ts covers the flow.
  "GET /api/auth/oidc/start": { call: () => ({ url: "/api/auth/oidc/start" }), expect: all(503) },
  "POST /api/auth/oidc/callback": {
    call: () => ({ url: "/api/auth/oidc/callback", payload: { code: "c", state: "s" } }),
    expect: all(503),
  },
  "GET /api/users/me": { call: () => ({ url: "/api/users/me" }), expect: signedIn(200) },
  "GET /api/invites/me": { call: () => ({ url: "/api/invites/me" }), expect: matchmakers(200) },
  "GET /api/invites/me/qr.png": { call: () => ({ url: "/api/invites/me/qr.png" }), expect: matchmakers(200) },
  "GET /api/invites/:code": {
    call: (f) => ({ url: `/api/invites/${f.owner.inviteCode}` }),
    expect: all(200),
  },
  "POST /api/invites": {
    call: () => ({ url: "/api/invites", payload: { email: fresh(), firstName: "A", lastName: "B" } }),
    expect: matchmakers(201),
  },
  "POST /api/clients/:id/resend-invite": {
    call: (f) => ({ url: `/api/clients/${f.pendingClient.id}/resend-invite` }),
    expect: ownerOnly(204),
  },
  "GET /api/admin/users": { call: () => ({ url: "/api/admin/users" }), expect: adminOnly(200) },
  "POST /api/admin/matchmakers": {
    call: () => ({
      url: "/api/admin/matchmakers",
      payload: { email: fresh(), firstName: "A", lastName: "B" },
    }),
    expect: adminOnly(201),
  },
  "PUT /api/admin/users/:id": {
    call: (f) => ({ url: `/api/admin/users/${f.client.id}`, payload: { verified: true } }),
    expect: adminOnly(200),
  },
  "GET /api/debug/memory": { call: () => ({ url: "/api/debug/memory" }), expect: matchmakers(200) },
};

let t: TestApp;
let fixture: Fixture;
const emails: Partial<Record<Actor, string>> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const owner = await seedMatchmaker(db);
  const other = await seedMatchmaker(db);
  const client = await seedClient(db, owner.id);
  const admin = await seedAdmin(db);
  const pendingClient = await createUser(db, {
    email: "pending@example.test",
    firstName: "P",
    lastName: "C",
    role: "INVITEE",
    inviterId: owner.id,
  });
  fixture = { owner, client, pendingClient };
  Object.assign(emails, {
    client: client.email,
    otherMatchmaker: other.email,
    owner: owner.email,
    admin: admin.email,
  });
});
afterAll(() => t.close());

describe("[authorization] every route, every kind of caller", () => {
  it("the matrix lists every API route", () => {
    const routes = t.app.registeredRoutes
      .filter((r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs"))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !routes.includes(k))).toEqual([]);
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(route, async () => {
      const method = route.split(" ")[0] as "GET" | "POST" | "PUT" | "DELETE";
      const got: Partial<Record<Actor, number>> = {};
      for (const actor of ACTORS) {
        const headers: Record<string, string> = {};
        if (actor !== "anonymous") headers.cookie = (await signIn(t.app, emails[actor]!)).cookie;
        const { url, payload } = row.call(fixture);
        const res = await t.app.inject({ method, url, headers, ...(payload !== undefined && { payload }) });
        got[actor] = res.statusCode;
      }
      expect(got).toEqual(row.expect);
    });
  }
});
