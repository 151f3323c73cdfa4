import {
  CREDIT_PACKS,
  type PaymentInstructionsBody,
  type PaymentInstructionsView,
  type PaymentsQuery,
  type PaymentView,
  PLANS,
  type PlanId,
  type ProductId,
} from "@matchdesk/contract";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { paymentEvents, paymentSettings, payments, users } from "../../db/schema/index.js";
import type { AppDeps } from "../../deps.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, badRequest, conflict, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { assertNotClient, grantCredits, lockAccount, type Tx } from "../credits/service.js";
import { type NotifyDeps, notify } from "../notifications/service.js";
import { activateSubscription, assertTierAllowed } from "../subscriptions/service.js";
import type { PaymentProvider } from "./providers.js";

type PaymentRow = typeof payments.$inferSelect;

type Product =
  | { kind: "credits"; id: string; credits: number; priceUsd: number; name: string }
  | { kind: "plan"; id: string; plan: PlanId; priceUsd: number; name: string };

export function findProduct(id: string): Product | undefined {
  const pack = CREDIT_PACKS.find((p) => p.id === id);
  if (pack) return { kind: "credits", ...pack, name: `${pack.credits} AI credits` };
  const plan = PLANS.find((p) => `plan_${p.id}` === id);
  if (plan) {
    return { kind: "plan", id, plan: plan.id, priceUsd: plan.priceUsd, name: `${plan.id} plan, 30 days` };
  }
  return undefined;
}

export function toPaymentView(row: PaymentRow, userEmail?: string): PaymentView {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    userId: row.userId,
    product: row.product,
    provider: row.provider,
    amountUsd: row.amountCents / 100,
    status: row.status,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    ...(userEmail !== undefined && { userEmail }),
  };
}

/** The app's dependencies a checkout needs: the provider is built once, in buildApp. */
type CheckoutDeps = Pick<AppDeps, "db"> & {
  paymentProvider: PaymentProvider;
  config: Pick<AppDeps["config"], "publicUrl">;
};

/** The next invoice number of this year (`payment_invoice_number()`, migration 0036). */
async function nextInvoiceNumber(db: Db): Promise<string> {
  const result = (await db.execute(sql`select payment_invoice_number() as n`)) as { rows: { n: string }[] };
  return result.rows[0]!.n;
}

/** Opens a payment for a product with the configured provider. */
export async function startCheckout(deps: CheckoutDeps, caller: SessionUser, productId: ProductId | string) {
  assertNotClient(caller.role, "CREDITS_NOT_FOR_CLIENTS");
  const product = findProduct(productId);
  if (!product) throw badRequest("VALIDATION_FAILED", "Unknown product", { product: ["Unknown product"] });
  if (product.kind === "plan") {
    // SPEC 4 before any money moves, and one plan purchase at a time (two would both deliver).
    await assertTierAllowed(deps.db, caller.id, PLANS.find((p) => p.id === product.plan)!.tier);
    const [pending] = await deps.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.userId, caller.id),
          eq(payments.status, "pending"),
          inArray(
            payments.product,
            PLANS.map((p) => `plan_${p.id}`),
          ),
        ),
      );
    if (pending) throw conflict("PLAN_PAYMENT_PENDING", "A plan purchase is already waiting for payment");
  }
  const id = newId();
  const amountCents = Math.round(product.priceUsd * 100);
  // The number first, so the provider's page and receipt carry the one the buyer sees here.
  const invoiceNumber = await nextInvoiceNumber(deps.db);
  const checkout = await deps.paymentProvider.createCheckout({
    paymentId: id,
    invoiceNumber,
    productName: `${product.name}`,
    amountCents,
    customerEmail: caller.email,
    successUrl: `${deps.config.publicUrl}/admin/usage?payment=${id}`,
    cancelUrl: `${deps.config.publicUrl}/admin/usage?payment=${id}&cancelled=1`,
  });
  const [row] = await deps.db
    .insert(payments)
    .values({
      id,
      invoiceNumber,
      userId: caller.id,
      product: product.id,
      provider: deps.paymentProvider.name,
      amountCents,
      providerRef: checkout.ref,
      url: checkout.url,
    })
    .returning();
  return toPaymentView(row!);
}

/**
 * Marks a pending payment paid and delivers what it bought (credits or a subscription period),
 * once: a payment that is no longer pending delivers nothing. Inside a transaction.
 */
export async function fulfilPayment(
  tx: Tx,
  paymentId: string,
  confirmedBy: string | null = null,
  /** The provider took the money: deliver even if the buyer had withdrawn the request meanwhile. */
  isProviderPaid = false,
) {
  const [row] = await tx
    .update(payments)
    .set({ status: "paid", paidAt: new Date(), confirmedBy })
    .where(
      and(
        eq(payments.id, paymentId),
        isProviderPaid ? inArray(payments.status, ["pending", "cancelled"]) : eq(payments.status, "pending"),
      ),
    )
    .returning();
  if (!row) return null;
  const product = findProduct(row.product);
  if (!product) throw new AppError("INTERNAL_ERROR", 500, "A payment names an unknown product");
  if (product.kind === "credits") {
    await grantCredits(tx, {
      userId: row.userId,
      amount: product.credits,
      type: "pay",
      reference: `payment:${row.id}`,
      createdBy: confirmedBy,
    });
  } else {
    const plan = PLANS.find((p) => p.id === product.plan)!;
    try {
      await lockAccount(tx, row.userId);
      await assertTierAllowed(tx, row.userId, plan.tier);
    } catch (error) {
      // The rules changed since checkout (an admin set Gold meanwhile). A manual request is refused
      // and stays pending; money the provider already took is recorded as paid, for a refund by hand,
      // and buys nothing that SPEC 4 forbids.
      if (isProviderPaid) return row;
      throw error;
    }
    await activateSubscription(tx, {
      userId: row.userId,
      tier: plan.tier,
      plan: plan.id,
      createdBy: confirmedBy,
    });
  }
  return row;
}

export async function listOwnPayments(db: Db, userId: string, query: PaymentsQuery) {
  return listPayments(db, query, eq(payments.userId, userId));
}

export async function listPayments(db: Db, query: PaymentsQuery, owner?: SQL) {
  const where = and(owner, query.status ? eq(payments.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ payment: payments, email: users.email })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return {
    items: rows.map((r) => toPaymentView(r.payment, r.email ?? undefined)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** An administrator confirms a manual payment request: the money arrived. */
export async function confirmPayment(deps: NotifyDeps, caller: SessionUser, paymentId: string) {
  const row = await deps.db.transaction(async (tx) => {
    // Locked, so a withdrawal racing this waits and then finds it paid (409), or commits first
    // and this finds it cancelled (409): a withdrawn request never delivers.
    const [existing] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!existing) throw notFound("PAYMENT_NOT_FOUND", "Payment not found");
    if (existing.provider !== "manual" || existing.status !== "pending") {
      throw conflict("PAYMENT_NOT_PENDING", "This payment is not waiting for confirmation");
    }
    const fulfilled = await fulfilPayment(tx, paymentId, caller.id);
    if (!fulfilled) throw conflict("PAYMENT_NOT_PENDING", "This payment is not waiting for confirmation");
    return fulfilled;
  });
  await notifyFulfilled(deps, row);
  return toPaymentView(row);
}

/** A paid credit pack tells its buyer, once the payment's transaction has committed. */
async function notifyFulfilled(deps: NotifyDeps, row: { userId: string; product: string }) {
  const product = findProduct(row.product);
  if (product?.kind === "credits")
    await notify(deps, row.userId, "credits_added", { amount: product.credits });
}

/**
 * The buyer or an administrator drops a pending request: 409 PAYMENT_NOT_PENDING once it is paid
 * or already withdrawn. The update re-checks `pending` under the row's lock, the same lock a
 * confirmation takes, so the two never both succeed.
 */
export async function cancelPayment(db: Db, caller: SessionUser, paymentId: string) {
  const [existing] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!existing || (caller.role !== "ADMIN" && existing.userId !== caller.id)) {
    throw notFound("PAYMENT_NOT_FOUND", "Payment not found");
  }
  const [row] = await db
    .update(payments)
    .set({ status: "cancelled" })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")))
    .returning();
  if (!row) throw conflict("PAYMENT_NOT_PENDING", "This payment is not waiting for confirmation");
  return toPaymentView(row);
}

/** How to pay a manual request, as an administrator wrote it; "" until one does. */
export async function getPaymentInstructions(db: Db): Promise<PaymentInstructionsView> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1));
  return { text: row?.instructions ?? "", updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** An administrator writes (or clears, with "") how buyers pay manual requests. */
export async function setPaymentInstructions(
  db: Db,
  caller: SessionUser,
  body: PaymentInstructionsBody,
): Promise<PaymentInstructionsView> {
  const values = { instructions: body.text.trim(), updatedBy: caller.id, updatedAt: new Date() };
  const [row] = await db
    .insert(paymentSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: paymentSettings.id, set: values })
    .returning();
  return { text: row!.instructions, updatedAt: row!.updatedAt.toISOString() };
}

/** What a buyer is shown after opening `payment`: the instructions for a manual request, else null. */
export async function instructionsFor(db: Db, payment: PaymentView | null): Promise<string | null> {
  if (payment?.provider !== "manual") return null;
  return (await getPaymentInstructions(db)).text;
}

type StripeEvent = {
  id?: unknown;
  type?: unknown;
  data?: { object?: { id?: unknown; payment_status?: unknown; client_reference_id?: unknown } };
};

/**
 * Handles one verified Stripe event, once per event id: a replay finds the id stored and changes
 * nothing. A completed, paid Checkout Session fulfils its payment.
 */
export async function handleStripeEvent(deps: NotifyDeps, event: StripeEvent) {
  const { db } = deps;
  if (typeof event.id !== "string" || typeof event.type !== "string") {
    throw badRequest("VALIDATION_FAILED", "Not a Stripe event");
  }
  const eventId = event.id;
  const type = event.type;
  const handled = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ eventId, provider: "stripe", type })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (inserted.length === 0) return { received: true, duplicate: true, fulfilled: null };
    const session = event.data?.object;
    if (
      (type === "checkout.session.completed" || type === "checkout.session.async_payment_succeeded") &&
      session?.payment_status === "paid" &&
      typeof session.id === "string"
    ) {
      const [payment] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.provider, "stripe"), eq(payments.providerRef, session.id)));
      if (payment) {
        const fulfilled = await fulfilPayment(tx, payment.id, null, true);
        return { received: true, duplicate: false, fulfilled };
      }
    }
    return { received: true, duplicate: false, fulfilled: null };
  });
  if (handled.fulfilled) await notifyFulfilled(deps, handled.fulfilled);
  return { received: handled.received, duplicate: handled.duplicate };
}
