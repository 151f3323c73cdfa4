import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { users } from "../../db/schema/index.js";
import { seedClient, seedMatchmaker } from "../../seed/seed.js";
import { signPartnerPayload, verifyPartnerSignature } from "./partner.js";

// The partner app's signed like counts and the SM ID link.
const SECRET = "partner-secret-for-tests-0123456789";
let t: TestApp;
let cookie: string;
let clientId: string;

const now = () => Math.floor(Date.now() / 1000);
function post(body: unknown, o: { secret?: string; timestamp?: number; raw?: string } = {}) {
  const raw = o.raw ?? JSON.stringify(body);
  const timestamp = o.timestamp ?? now();
  return t.app.inject({
    method: "POST",
    url: "/api/partner/likes",
    payload: raw,
    headers: {
      "content-type": "application/json",
      "x-partner-timestamp": String(timestamp),
      "x-partner-signature": signPartnerPayload(raw, o.secret ?? SECRET, timestamp),
    },
  });
}
const likesOf = async (id: string) =>
  (await t.database.db.select({ likes: users.partnerLikes }).from(users).where(eq(users.id, id)))[0]!.likes;

beforeAll(async () => {
  t = await buildTestApp({ partnerAppSecret: SECRET });
  const mm = await seedMatchmaker(t.database.db);
  const client = await seedClient(t.database.db, mm.id);
  clientId = client.id;
  cookie = (await signIn(t.app, client.email)).cookie;
});
afterAll(async () => {
  await t?.close();
});

describe("partner app", () => {
  it("links an SM ID and shows the hint until 20 likes are reported", async () => {
    const linked = await t.app.inject({
      method: "PUT",
      url: "/api/me/partner",
      payload: { smId: "SM-42" },
      headers: { cookie },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({ smId: "SM-42", likes: null, showLikesHint: true });

    const res = await post({
      items: [
        { smId: "SM-42", likes: 19 },
        { smId: "SM-unknown", likes: 5 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 1, unknown: 1 });
    expect(await likesOf(clientId)).toBe(19);
    const me = await t.app.inject({ url: "/api/me/partner", headers: { cookie } });
    expect(me.json()).toEqual({ smId: "SM-42", likes: 19, showLikesHint: true });

    await post({ items: [{ smId: "SM-42", likes: 20 }] });
    expect((await t.app.inject({ url: "/api/me/partner", headers: { cookie } })).json()).toEqual({
      smId: "SM-42",
      likes: 20,
      showLikesHint: false,
    });
  });

  it("refuses a wrong secret, a changed body, an old timestamp and a missing signature: 401, nothing stored", async () => {
    const body = { items: [{ smId: "SM-42", likes: 999 }] };
    const raw = JSON.stringify(body);
    const cases = [
      await post(body, { secret: "another-secret-0123456789abcdef" }),
      await post(body, { timestamp: now() - 301 }),
      await t.app.inject({
        method: "POST",
        url: "/api/partner/likes",
        payload: raw.replace("999", "998"),
        headers: {
          "content-type": "application/json",
          "x-partner-timestamp": String(now()),
          "x-partner-signature": signPartnerPayload(raw, SECRET, now()),
        },
      }),
      await t.app.inject({
        method: "POST",
        url: "/api/partner/likes",
        payload: raw,
        headers: { "content-type": "application/json" },
      }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe("PARTNER_SIGNATURE_INVALID");
    }
    expect(await likesOf(clientId)).toBe(20);
  });

  it("answers 400 for a signed body that is not valid, storing nothing", async () => {
    expect((await post({ items: [{ smId: "SM-42", likes: -1 }] })).statusCode).toBe(400);
    const bad = await post(null, { raw: "{not json" });
    expect([bad.statusCode, bad.json().code]).toEqual([400, "MALFORMED_JSON"]);
    expect(await likesOf(clientId)).toBe(20);
  });

  it("refuses an SM ID another account holds", async () => {
    const mm = await seedMatchmaker(t.database.db);
    const other = (await signIn(t.app, mm.email)).cookie;
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/me/partner",
      payload: { smId: "SM-42" },
      headers: { cookie: other },
    });
    expect([res.statusCode, res.json().code]).toEqual([409, "SM_ID_TAKEN"]);
    const unlink = await t.app.inject({
      method: "PUT",
      url: "/api/me/partner",
      payload: { smId: null },
      headers: { cookie },
    });
    expect(unlink.json()).toEqual({ smId: null, likes: null, showLikesHint: true });
  });

  it("verifies signatures by the clock it is given", () => {
    const sig = signPartnerPayload("{}", "s", 1_700_000_000);
    expect(verifyPartnerSignature("{}", "1700000000", sig, "s", 1_700_000_100)).toBe(true);
    expect(verifyPartnerSignature("{}", "1700000000", sig, "s", 1_700_000_301)).toBe(false);
    expect(verifyPartnerSignature("{}", "1700000000", "zz", "s", 1_700_000_000)).toBe(false);
  });

  it("answers 503 when no secret is configured", async () => {
    const off = await buildTestApp();
    try {
      const res = await off.app.inject({
        method: "POST",
        url: "/api/partner/likes",
        payload: "{}",
        headers: { "content-type": "application/json" },
      });
      expect([res.statusCode, res.json().code]).toEqual([503, "PARTNER_NOT_CONFIGURED"]);
    } finally {
      await off.close();
    }
  });
});
