import { PAYMENT_INSTRUCTIONS_MAX } from "@matchdesk/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { creditTransactions, paymentSettings, payments } from "../../db/schema/index.js";
import { seedAdmin, seedMatchmaker } from "../../seed/seed.js";
import { getBalance } from "../credits/service.js";

// Issue 17 item 5: manual payment requests carry an invoice number and the administrator's
// instructions, can be withdrawn, and the balance note gives each grant its own expiry.

let t: TestApp;
let adminCookie: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = (await signIn(t.app, (await seedAdmin(t.database.db)).email)).cookie;
});
afterAll(() => t.close());

async function newMatchmaker() {
  const user = await seedMatchmaker(t.database.db);
  return { user, cookie: (await signIn(t.app, user.email)).cookie };
}
const call = (cookie: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
const checkout = (cookie: string, product = "credits_500") =>
  call(cookie, "POST", "/api/payments/checkout", { product });
const stored = async (id: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

describe("[payments] payment instructions", () => {
  it("are empty until an administrator writes them, then every buyer gets them", async () => {
    const { cookie } = await newMatchmaker();
    const empty = await call(cookie, "GET", "/api/payments/instructions");
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ text: "", updatedAt: null });
    const first = await checkout(cookie);
    expect(first.statusCode).toBe(201);
    expect(first.json().instructions).toBe("");

    const text = "Bank: Demo Bank\nIBAN: DE00 1234 5678 9012 3456 78\nReference: your invoice number";
    const set = await call(adminCookie, "PUT", "/api/admin/payments/instructions", { text: `  ${text}  ` });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ text, updatedAt: expect.any(String) });
    const [row] = await t.database.db.select().from(paymentSettings);
    expect(row).toMatchObject({ id: 1, instructions: text });

    expect((await call(cookie, "GET", "/api/payments/instructions")).json().text).toBe(text);
    const second = await checkout(cookie, "credits_2000");
    expect(second.json()).toMatchObject({ url: null, instructions: text });
    // A plan bought through the subscription route answers them too.
    const plan = await call(cookie, "POST", "/api/subscriptions", { tier: "silver" });
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({ payment: { product: "plan_silver" }, instructions: text });
    // A free tier opens no request and needs none.
    const { cookie: other } = await newMatchmaker();
    const free = await call(other, "POST", "/api/subscriptions", { tier: "regular" });
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({ payment: null, instructions: null });
  });

  it("are written by administrators only, within the length limit, and can be cleared", async () => {
    const { cookie } = await newMatchmaker();
    const denied = await call(cookie, "PUT", "/api/admin/payments/instructions", { text: "Pay me" });
    expect(denied.statusCode).toBe(403);
    const tooLong = await call(adminCookie, "PUT", "/api/admin/payments/instructions", {
      text: "x".repeat(PAYMENT_INSTRUCTIONS_MAX + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe("VALIDATION_FAILED");
    expect((await call(cookie, "GET", "/api/payments/instructions")).json().text).not.toBe("Pay me");
    const cleared = await call(adminCookie, "PUT", "/api/admin/payments/instructions", { text: "" });
    expect(cleared.json().text).toBe("");
    expect((await checkout(cookie)).json().instructions).toBe("");
  });
});

describe("[payments] invoice numbers", () => {
  it("gives every request a unique, stored MD-year-number, shown to the buyer and the admin", async () => {
    const { user, cookie } = await newMatchmaker();
    const created = [];
    for (const product of ["credits_500", "credits_2000", "credits_500"]) {
      created.push((await checkout(cookie, product)).json().payment);
    }
    const year = new Date().getUTCFullYear();
    const numbers = created.map((p) => p.invoiceNumber as string);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^MD-${year}-\\d{6}$`));
    expect(new Set(numbers).size).toBe(3);
    // Ascending in the order they were made.
    const seqs = numbers.map((n) => Number(n.slice(-6)));
    expect(seqs[1]).toBeGreaterThan(seqs[0]!);
    expect(seqs[2]).toBeGreaterThan(seqs[1]!);
    for (const p of created) expect((await stored(p.id)).invoiceNumber).toBe(p.invoiceNumber);

    const mine = (await call(cookie, "GET", "/api/payments")).json();
    expect(mine.items.map((p: { invoiceNumber: string }) => p.invoiceNumber).sort()).toEqual(
      [...numbers].sort(),
    );
    const admin = (await call(adminCookie, "GET", "/api/admin/payments?pageSize=100")).json();
    const listed = admin.items.filter((p: { userId: string }) => p.userId === user.id);
    expect(listed.map((p: { invoiceNumber: string }) => p.invoiceNumber).sort()).toEqual([...numbers].sort());

    // Stable: confirming and withdrawing change status, never the number.
    await call(adminCookie, "POST", `/api/admin/payments/${created[0].id}/confirm`);
    await call(cookie, "POST", `/api/payments/${created[1].id}/cancel`);
    expect((await stored(created[0].id)).invoiceNumber).toBe(numbers[0]);
    expect((await stored(created[1].id)).invoiceNumber).toBe(numbers[1]);
  });

  it("restarts at 000001 each year and keeps counting the current one", async () => {
    const year = new Date().getUTCFullYear();
    const { cookie } = await newMatchmaker();
    const before = Number((await checkout(cookie)).json().payment.invoiceNumber.slice(-6));
    const next = (at: string) =>
      t.database.db.execute(
        sql`select payment_invoice_number(${at}::timestamptz) as n`,
      ) as unknown as Promise<{
        rows: { n: string }[];
      }>;
    // Next year's first invoice is number 1, its second 2; this year's counter is not touched.
    expect((await next(`${year + 1}-01-01T00:00:00Z`)).rows[0]!.n).toBe(`MD-${year + 1}-000001`);
    expect((await next(`${year + 1}-06-30T12:00:00Z`)).rows[0]!.n).toBe(`MD-${year + 1}-000002`);
    const after = (await checkout(cookie)).json().payment.invoiceNumber;
    expect(after).toBe(`MD-${year}-${String(before + 1).padStart(6, "0")}`);
  });

  it("gives requests made at once distinct numbers, one after another", async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => newMatchmaker()));
    const made = await Promise.all(buyers.map((b) => checkout(b.cookie)));
    const numbers = made.map((r) => Number(r.json().payment.invoiceNumber.slice(-6))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(5);
    expect(numbers.at(-1)! - numbers[0]!).toBe(4);
  });

  it("is unique in the database itself", async () => {
    const { cookie } = await newMatchmaker();
    const a = (await checkout(cookie)).json().payment;
    const b = (await checkout(cookie)).json().payment;
    await expect(
      t.database.db.update(payments).set({ invoiceNumber: a.invoiceNumber }).where(eq(payments.id, b.id)),
    ).rejects.toThrow();
  });
});

describe("[payments] withdrawing a request", () => {
  it("lets the buyer withdraw a pending request; a second time is 409 PAYMENT_NOT_PENDING", async () => {
    const { cookie } = await newMatchmaker();
    const payment = (await checkout(cookie)).json().payment;
    const res = await call(cookie, "POST", `/api/payments/${payment.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: payment.id,
      status: "cancelled",
      invoiceNumber: payment.invoiceNumber,
    });
    expect((await stored(payment.id)).status).toBe("cancelled");
    const again = await call(cookie, "POST", `/api/payments/${payment.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("PAYMENT_NOT_PENDING");
  });

  it("grants nothing when an administrator confirms a withdrawn request", async () => {
    const { user, cookie } = await newMatchmaker();
    const payment = (await checkout(cookie)).json().payment;
    await call(cookie, "POST", `/api/payments/${payment.id}/cancel`);
    const confirm = await call(adminCookie, "POST", `/api/admin/payments/${payment.id}/confirm`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe("PAYMENT_NOT_PENDING");
    expect(await getBalance(t.database.db, user.id)).toBe(0);
    const grants = await t.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, user.id));
    expect(grants).toHaveLength(0);
  });

  it("cannot withdraw a paid request (409), and an administrator may withdraw anyone's", async () => {
    const { user, cookie } = await newMatchmaker();
    const paid = (await checkout(cookie)).json().payment;
    await call(adminCookie, "POST", `/api/admin/payments/${paid.id}/confirm`);
    const late = await call(cookie, "POST", `/api/payments/${paid.id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("PAYMENT_NOT_PENDING");
    expect(await getBalance(t.database.db, user.id)).toBe(500);

    const plan = (await call(cookie, "POST", "/api/subscriptions", { tier: "gold" })).json().payment;
    const byAdmin = await call(adminCookie, "POST", `/api/payments/${plan.id}/cancel`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().status).toBe("cancelled");
    // Another matchmaker does not see it.
    const { cookie: stranger } = await newMatchmaker();
    const hidden = await call(stranger, "POST", `/api/payments/${paid.id}/cancel`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe("PAYMENT_NOT_FOUND");
  });

  it("lets exactly one of a racing withdrawal and confirmation win, and credits only a confirmation", async () => {
    for (let i = 0; i < 3; i++) {
      const { user, cookie } = await newMatchmaker();
      const payment = (await checkout(cookie)).json().payment;
      const [cancel, confirm] = await Promise.all([
        call(cookie, "POST", `/api/payments/${payment.id}/cancel`),
        call(adminCookie, "POST", `/api/admin/payments/${payment.id}/confirm`),
      ]);
      expect([cancel.statusCode, confirm.statusCode].sort()).toEqual([200, 409]);
      const row = await stored(payment.id);
      const balance = await getBalance(t.database.db, user.id);
      if (cancel.statusCode === 200) {
        expect(row.status).toBe("cancelled");
        expect(balance).toBe(0);
      } else {
        expect(row.status).toBe("paid");
        expect(balance).toBe(500);
      }
    }
  });
});

describe("[credits] expiry per grant", () => {
  it("lists each expiry date with its own amount, soonest first, same-day grants together", async () => {
    const { user, cookie } = await newMatchmaker();
    // A Silver period bought earlier (its credits expire sooner) and a Gold one now.
    const silver = (await call(cookie, "POST", "/api/subscriptions", { tier: "silver" })).json().payment;
    await call(adminCookie, "POST", `/api/admin/payments/${silver.id}/confirm`);
    // Noon UTC ten days on: the gift below, at 23:30 the same day, always expires later (a
    // "now + 10 days" after 23:30 UTC did not).
    const inTen = new Date(Date.now() + 10 * DAY);
    const soon = new Date(Date.UTC(inTen.getUTCFullYear(), inTen.getUTCMonth(), inTen.getUTCDate(), 12));
    await t.database.db
      .update(creditTransactions)
      .set({ expiresAt: soon })
      .where(eq(creditTransactions.userId, user.id));
    const gold = (await call(cookie, "POST", "/api/subscriptions", { tier: "gold" })).json().payment;
    await call(adminCookie, "POST", `/api/admin/payments/${gold.id}/confirm`);
    // A gift that expires the same UTC day as the Silver credits, and a pack that never expires.
    const sameDay = new Date(
      Date.UTC(soon.getUTCFullYear(), soon.getUTCMonth(), soon.getUTCDate(), 23, 30),
    ).toISOString();
    await call(adminCookie, "POST", `/api/admin/users/${user.id}/credits`, {
      amount: 100,
      type: "gift",
      expiresAt: sameDay,
    });
    const pack = (await checkout(cookie, "credits_500")).json().payment;
    await call(adminCookie, "POST", `/api/admin/payments/${pack.id}/confirm`);

    const res = await call(cookie, "GET", "/api/credits");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.balance).toBe(1000 + 2000 + 100 + 500);
    expect(body.expiring).toBe(3100);
    expect(body.expiries).toHaveLength(2);
    expect(body.expiries[0]).toEqual({ amount: 1100, expiresAt: soon.toISOString() });
    expect(body.expiries[1].amount).toBe(2000);
    expect(Date.parse(body.expiries[1].expiresAt)).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(body.nextExpiryAt).toBe(soon.toISOString());
    // The administrator's view of the user says the same.
    const adminView = await call(adminCookie, "GET", `/api/admin/users/${user.id}/credits`);
    expect(adminView.json().expiries).toEqual(body.expiries);
  });
});
