import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyLeads, certificates, notifications, photos, reviews, users } from "../src/db/schema/index.js";
import { issueEmailToken } from "../src/modules/auth/email-tokens.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../src/seed/seed.js";
import { buildTestApp, signIn, type TestApp } from "./app.js";
import { jpegWithGps, multipart } from "./images.js";

// Requests sent at the same time, and malformed requests: what a careful attacker or a flaky
// network produces.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("[hardening] parallel requests", () => {
  it("parallel password guesses cannot pass the per-account limit", async () => {
    await seedMatchmaker(t.database.db, { email: "target2@example.test" });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/login",
          remoteAddress: `10.9.0.${i}`,
          payload: { email: "target2@example.test", password: "wrong-guess" },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(20);
  });

  it("parallel uploads cannot pass 10 photos, and one photo stays main", async () => {
    const mm = await seedMatchmaker(t.database.db);
    const client = await seedClient(t.database.db, mm.id);
    const { cookie } = await signIn(t.app, mm.email);
    const image = await jpegWithGps(200, 150);
    const send = () => {
      const form = multipart(
        "photos",
        Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.jpg`, data: image })),
      );
      return t.app.inject({
        method: "POST",
        url: `/api/profiles/${client.id}/gallery`,
        headers: { ...form.headers, cookie },
        payload: form.payload,
      });
    };
    const codes = (await Promise.all([send(), send(), send()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 400]);
    const rows = await t.database.db.select().from(photos).where(eq(photos.profileUserId, client.id));
    expect(rows).toHaveLength(10);
    expect(rows.filter((p) => p.isMain)).toHaveLength(1);
  });

  it("parallel certificate uploads cannot pass 10 files", async () => {
    const mm = await seedMatchmaker(t.database.db);
    const { cookie } = await signIn(t.app, mm.email);
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const send = () => {
      const form = multipart(
        "certificates",
        Array.from({ length: 4 }, (_, i) => ({ name: `c${i}.pdf`, data: pdf })),
      );
      return t.app.inject({
        method: "POST",
        url: "/api/profiles/me/certificates",
        headers: { ...form.headers, cookie },
        payload: form.payload,
      });
    };
    const results = await Promise.all([send(), send(), send()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().code).toBe("CERTIFICATE_LIMIT_EXCEEDED");
    const list = await t.app.inject({
      method: "GET",
      url: `/api/profiles/${mm.id}/gallery`,
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
    const rows = await t.database.db.select().from(certificates).where(eq(certificates.profileUserId, mm.id));
    expect(rows).toHaveLength(8);
  });

  it("two registrations of one e-mail at once: one account, the other gets 409", async () => {
    const mm = await seedMatchmaker(t.database.db);
    const body = {
      inviteCode: mm.inviteCode,
      firstName: "Twin",
      lastName: "Race",
      email: "twin@example.test",
      password: "secret-pass",
      confirmPassword: "secret-pass",
      termsAccepted: true,
    };
    const results = await Promise.all(
      [1, 2].map(() => t.app.inject({ method: "POST", url: "/api/auth/register", payload: body })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.database.db.select().from(users).where(eq(users.email, "twin@example.test"))).toHaveLength(
      1,
    );
  });
});

describe("[hardening] tokens keep to their purpose", () => {
  it("an invitation token does not sign anyone in", async () => {
    const mm = await seedMatchmaker(t.database.db);
    const token = await issueEmailToken(t.database.db, mm.id, "invite", 60_000);
    const res = await t.app.inject({ method: "POST", url: "/api/auth/email/verify", payload: { token } });
    expect(res.statusCode).toBe(410);
  });

  it("a sign-in token does not claim an invited account", async () => {
    const mm = await seedMatchmaker(t.database.db);
    const pending = await seedClient(t.database.db, mm.id, { email: "pending2@example.test" });
    await t.database.db
      .update(users)
      .set({ passwordHash: null, termsAcceptedAt: null })
      .where(eq(users.id, pending.id));
    const token = await issueEmailToken(t.database.db, pending.id, "signin", 60_000);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        inviteCode: mm.inviteCode,
        inviteToken: token,
        firstName: "P",
        lastName: "C",
        email: "pending2@example.test",
        password: "secret-pass",
        confirmPassword: "secret-pass",
        termsAccepted: true,
      },
    });
    expect(res.statusCode).toBe(410);
  });
});

describe("[hardening] malformed requests and self-harm", () => {
  it("a broken multipart body is a 400, not a 500", async () => {
    const mm = await seedMatchmaker(t.database.db);
    const { cookie } = await signIn(t.app, mm.email);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/profiles/me/gallery",
      headers: { cookie, "content-type": "multipart/form-data; boundary=xyz" },
      payload: '--xyz\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\nabc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("MALFORMED_MULTIPART");
  });

  it("a bad percent-escape in the path answers the API's error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/profiles/%ff" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      code: expect.any(String),
      message: expect.any(String),
    });
  });

  it("an admin cannot deactivate themselves", async () => {
    const admin = await seedAdmin(t.database.db);
    const { cookie } = await signIn(t.app, admin.email);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${admin.id}`,
      headers: { cookie },
      payload: { status: "inactive" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("CANNOT_CHANGE_SELF");
  });
});

describe("[hardening] text the database cannot store", () => {
  // PostgreSQL refuses NUL in text and jsonb, and an unpaired surrogate in jsonb: each was a 500.
  const refused = (res: { statusCode: number; json(): unknown; body: string }, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: { [field]: [expect.stringContaining("cannot be stored")] },
    });
  };

  it("refuses NUL in the directory's search, anonymously", async () => {
    refused(await t.app.inject({ method: "GET", url: "/api/directory?q=%00" }), "q");
    refused(await t.app.inject({ method: "GET", url: "/api/directory?city=a%00b&q=anna" }), "city");
  });

  it("refuses NUL in a path parameter", async () => {
    const mm = await seedMatchmaker(t.database.db);
    const { cookie } = await signIn(t.app, mm.email);
    refused(await t.app.inject({ method: "GET", url: "/api/clients/%00", headers: { cookie } }), "id");
  });

  it("refuses a review whose author name holds NUL, and stores nothing", async () => {
    await seedAdmin(t.database.db);
    const agency = await seedMatchmaker(t.database.db, { login: "text-rules-reviews" });
    for (const authorName of ["a\u0000b", "a\ud800b", "a\udc00b"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/agencies/text-rules-reviews/reviews",
        payload: { authorName, authorEmail: "vera@example.test", text: "Careful, kind and quick to answer." },
        remoteAddress: "10.77.0.1",
      });
      refused(res, "authorName");
    }
    expect(await t.database.db.select().from(reviews).where(eq(reviews.agencyUserId, agency.id))).toEqual([]);
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.kind, "review_pending")),
    ).toEqual([]);
  });

  it("refuses a profile's first name holding NUL and keeps the stored one", async () => {
    const mm = await seedMatchmaker(t.database.db);
    const client = await seedClient(t.database.db, mm.id, { firstName: "Anna" });
    const { cookie } = await signIn(t.app, mm.email);
    for (const firstName of ["a\u0000b", "x\ud800y"]) {
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/profiles/${client.id}`,
        headers: { cookie },
        payload: { firstName },
      });
      refused(res, "firstName");
    }
    const nested = await t.app.inject({
      method: "PATCH",
      url: `/api/profiles/${client.id}`,
      headers: { cookie },
      payload: { preferences: { "city\u0000": "Paris" } },
    });
    refused(nested, "preferences.city\ufffd");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, client.id));
    expect(row!.firstName).toBe("Anna");
  });

  it("refuses a lone surrogate in a request to join an agency (a JSON column), and stores nothing", async () => {
    const agency = await seedMatchmaker(t.database.db, { login: "text-rules-join" });
    for (const firstName of ["x\ud800y", "x\udfffy", "x\u0000y"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/agencies/text-rules-join/join",
        payload: { firstName, lastName: "Gray", email: "lena.gray@example.test" },
        remoteAddress: "10.77.0.2",
      });
      refused(res, "firstName");
    }
    expect(
      await t.database.db.select().from(agencyLeads).where(eq(agencyLeads.agencyUserId, agency.id)),
    ).toEqual([]);
  });

  it("keeps a certificate named with NUL under a cleaned name", async () => {
    const mm = await seedMatchmaker(t.database.db);
    const { cookie } = await signIn(t.app, mm.email);
    const form = multipart("certificates", [
      { name: "a\u0000b.pdf", data: Buffer.from("%PDF-1.4\n%%EOF\n"), type: "application/pdf" },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/profiles/me/certificates",
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.select().from(certificates).where(eq(certificates.profileUserId, mm.id));
    expect(rows.map((r) => r.fileName)).toEqual(["a\ufffdb.pdf"]);
  });
});
