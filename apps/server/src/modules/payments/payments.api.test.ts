import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { creditTransactions, paymentEvents, payments, subscriptions } from "../../db/schema/index.js";
import { seedAdmin, seedMatchmaker } from "../../seed/seed.js";
import { getBalance } from "../credits/service.js";
import { signStripePayload, verifyStripeSignature } from "./providers.js";

const SECRET_KEY = "sk_test_local";
const WEBHOOK_SECRET = "whsec_local_test_secret";

/** A local HTTP server standing in for the Stripe API's Checkout Sessions endpoint. */
type Captured = { path: string; auth: string | undefined; form: URLSearchParams };
let stripe: Server;
let stripeUrl: string;
const captured: Captured[] = [];
let sessionCounter = 0;
let failNext = false;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => resolve(body));
  });

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  stripe = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    captured.push({ path: req.url ?? "", auth: req.headers.authorization, form });
    res.setHeader("content-type", "application/json");
    if (failNext) {
      failNext = false;
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { message: "down" } }));
      return;
    }
    const id = `cs_test_${++sessionCounter}`;
    res.end(JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/c/${id}` }));
  });
  await new Promise<void>((resolve) => stripe.listen(0, "127.0.0.1", resolve));
  stripeUrl = `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`;
  t = await buildTestApp({
    publicUrl: "http://app.test",
    payments: {
      provider: "stripe",
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: stripeUrl,
    },
  });
  const mm = await seedMatchmaker(t.database.db);
  userId = mm.id;
  cookie = (await signIn(t.app, mm.email)).cookie;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stripe.close(resolve));
});

const webhook = (body: string, signature: string | undefined) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/webhook",
    headers: { "content-type": "application/json", ...(signature && { "stripe-signature": signature }) },
    payload: body,
  });
const completed = (eventId: string, sessionId: string) =>
  JSON.stringify({
    id: eventId,
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: sessionId, object: "checkout.session", payment_status: "paid" } },
  });

describe("[payments] Stripe", () => {
  it("creates a Checkout Session through the API and stores the pending payment", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/checkout",
      headers: { cookie },
      payload: { product: "credits_500" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      url: "https://checkout.stripe.test/c/cs_test_1",
      payment: { product: "credits_500", provider: "stripe", status: "pending", amountUsd: 25 },
    });
    const sent = captured.at(-1)!;
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.auth).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.form.get("mode")).toBe("payment");
    expect(sent.form.get("line_items[0][price_data][unit_amount]")).toBe("2500");
    expect(sent.form.get("client_reference_id")).toBe(res.json().payment.id);
    // The invoice number the buyer sees here is on Stripe's page, receipt and records too.
    const invoice = res.json().payment.invoiceNumber;
    expect(invoice).toMatch(/^MD-\d{4}-\d{6}$/);
    expect(sent.form.get("metadata[invoiceNumber]")).toBe(invoice);
    expect(sent.form.get("payment_intent_data[metadata][invoiceNumber]")).toBe(invoice);
    expect(sent.form.get("payment_intent_data[description]")).toContain(invoice);
    expect(sent.form.get("line_items[0][price_data][product_data][description]")).toBe(`Invoice ${invoice}`);
    expect(sent.form.get("success_url")).toBe(`http://app.test/admin/usage?payment=${res.json().payment.id}`);
    const [stored] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, res.json().payment.id));
    expect(stored).toMatchObject({ providerRef: "cs_test_1", status: "pending", amountCents: 2500 });
  });

  it("credits a paid session once, however often the event is replayed", async () => {
    const body = completed("evt_paid_1", "cs_test_1");
    const first = await webhook(body, signStripePayload(body, WEBHOOK_SECRET));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await getBalance(t.database.db, userId)).toBe(500);

    const replay = await webhook(body, signStripePayload(body, WEBHOOK_SECRET));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // Stripe may also send a second event for the same session: the payment is no longer pending.
    const other = completed("evt_paid_2", "cs_test_1");
    expect((await webhook(other, signStripePayload(other, WEBHOOK_SECRET))).statusCode).toBe(200);
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => webhook(body, signStripePayload(body, WEBHOOK_SECRET))),
    );
    expect(parallel.every((r) => r.statusCode === 200)).toBe(true);

    expect(await getBalance(t.database.db, userId)).toBe(500);
    const rows = await t.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "pay", amount: 500 });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerRef, "cs_test_1"));
    expect(payment!.status).toBe("paid");
  });

  it("starts a subscription when its Checkout Session is paid", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie },
      payload: { tier: "gold", plan: "plus" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toMatchObject({
      product: "plan_plus",
      url: expect.stringContaining("checkout.stripe.test"),
    });
    const sessionId = `cs_test_${sessionCounter}`;
    const body = completed("evt_plan_1", sessionId);
    expect((await webhook(body, signStripePayload(body, WEBHOOK_SECRET))).statusCode).toBe(200);
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(sub).toMatchObject({ tier: "gold", plan: "plus", status: "active" });
    expect(await getBalance(t.database.db, userId)).toBe(3500);
  });

  it("delivers a paid session even when the buyer had withdrawn the request", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/checkout",
      headers: { cookie },
      payload: { product: "credits_500" },
    });
    const id = res.json().payment.id;
    const before = await getBalance(t.database.db, userId);
    const withdrawn = await t.app.inject({
      method: "POST",
      url: `/api/payments/${id}/cancel`,
      headers: { cookie },
    });
    expect(withdrawn.json().status).toBe("cancelled");
    const body = completed("evt_after_cancel", `cs_test_${sessionCounter}`);
    expect((await webhook(body, signStripePayload(body, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect(await getBalance(t.database.db, userId)).toBe(before + 500);
    const [stored] = await t.database.db.select().from(payments).where(eq(payments.id, id));
    expect(stored!.status).toBe("paid");
  });

  it("refuses a bad, missing or stale signature and stores nothing", async () => {
    const body = completed("evt_forged", "cs_test_1");
    const stale = Math.floor(Date.now() / 1000) - 600;
    for (const signature of [
      undefined,
      "t=1,v1=abc",
      signStripePayload(body, "whsec_wrong"),
      signStripePayload(body, WEBHOOK_SECRET, stale),
      signStripePayload(`${body} `, WEBHOOK_SECRET),
    ]) {
      const res = await webhook(body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("WEBHOOK_SIGNATURE_INVALID");
    }
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, "evt_forged"));
    expect(events).toHaveLength(0);
    const notJson = "not json";
    expect((await webhook(notJson, signStripePayload(notJson, WEBHOOK_SECRET))).statusCode).toBe(400);
  });

  it("verifies signatures the way Stripe computes them", () => {
    // HMAC-SHA256 of "<t>.<payload>" keyed by the secret, hex, in the v1 field (several v1 allowed).
    const header = signStripePayload("{}", "whsec_x", 1_700_000_000);
    expect(verifyStripeSignature("{}", header, "whsec_x", 1_700_000_100)).toBe(true);
    expect(verifyStripeSignature("{}", `v1=00,${header}`, "whsec_x", 1_700_000_100)).toBe(true);
    expect(verifyStripeSignature("{}", header, "whsec_x", 1_700_000_400)).toBe(false);
  });

  it("answers 503 when Stripe refuses, and stores no payment", async () => {
    const before = (await t.database.db.select().from(payments)).length;
    failNext = true;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/checkout",
      headers: { cookie },
      payload: { product: "credits_2000" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe("PAYMENT_PROVIDER_FAILED");
    expect((await t.database.db.select().from(payments)).length).toBe(before);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/payments/checkout",
      headers: { cookie },
      payload: { product: "credits_1" },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("[payments] manual provider", () => {
  it("an admin confirms a payment request; the buyer can cancel one still pending", async () => {
    const m = await buildTestApp();
    try {
      const db = m.database.db;
      const buyer = await seedMatchmaker(db);
      const admin = await seedAdmin(db);
      const buyerCookie = (await signIn(m.app, buyer.email)).cookie;
      const adminCookie = (await signIn(m.app, admin.email)).cookie;
      const checkout = (product: string) =>
        m.app.inject({
          method: "POST",
          url: "/api/payments/checkout",
          headers: { cookie: buyerCookie },
          payload: { product },
        });
      const first = await checkout("credits_500");
      expect(first.json()).toMatchObject({ url: null, payment: { provider: "manual", status: "pending" } });
      const pending = await m.app.inject({
        method: "GET",
        url: "/api/admin/payments?status=pending",
        headers: { cookie: adminCookie },
      });
      expect(pending.json()).toMatchObject({
        total: 1,
        items: [{ userEmail: buyer.email, product: "credits_500" }],
      });
      const id = first.json().payment.id;
      const confirm = await m.app.inject({
        method: "POST",
        url: `/api/admin/payments/${id}/confirm`,
        headers: { cookie: adminCookie },
      });
      expect(confirm.statusCode).toBe(200);
      expect(await getBalance(db, buyer.id)).toBe(500);

      const second = (await checkout("credits_2000")).json().payment.id;
      const cancel = await m.app.inject({
        method: "POST",
        url: `/api/payments/${second}/cancel`,
        headers: { cookie: buyerCookie },
      });
      expect(cancel.json().status).toBe("cancelled");
      const late = await m.app.inject({
        method: "POST",
        url: `/api/admin/payments/${second}/confirm`,
        headers: { cookie: adminCookie },
      });
      expect(late.statusCode).toBe(409);
      expect(await getBalance(db, buyer.id)).toBe(500);
      // Another matchmaker cannot see or cancel someone else's payment.
      const other = await seedMatchmaker(db);
      const otherCookie = (await signIn(m.app, other.email)).cookie;
      const third = (await checkout("credits_500")).json().payment.id;
      const foreign = await m.app.inject({
        method: "POST",
        url: `/api/payments/${third}/cancel`,
        headers: { cookie: otherCookie },
      });
      expect(foreign.statusCode).toBe(404);
      const own = await m.app.inject({
        method: "GET",
        url: "/api/payments",
        headers: { cookie: otherCookie },
      });
      expect(own.json().total).toBe(0);
    } finally {
      await m.close();
    }
  });
});
