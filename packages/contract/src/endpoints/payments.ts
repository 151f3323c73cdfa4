import { z } from "zod";
import { Id, pageOf } from "../common.js";
import {
  CheckoutBody,
  CheckoutView,
  PaymentInstructionsBody,
  PaymentInstructionsView,
  PaymentsQuery,
  PaymentView,
  PaymentWebhookView,
} from "../credits.js";
import { endpoint } from "../endpoint.js";

const holders = ["ADMIN", "INVITER"] as const;
const admins = ["ADMIN"] as const;
const tag = "payments";
const params = z.object({ id: Id });

/** Payments for credits and plans: checkout, the buyer's and the administrator's lists, the provider's webhook. */
export const paymentsApi = {
  checkout: endpoint({
    method: "POST",
    path: "/api/payments/checkout",
    access: holders,
    tag,
    body: CheckoutBody,
    response: CheckoutView,
    status: 201,
  }),
  mine: endpoint({
    method: "GET",
    path: "/api/payments",
    access: holders,
    tag,
    query: PaymentsQuery,
    response: pageOf(PaymentView),
  }),
  /** The buyer (or an administrator) withdraws a pending request; 409 PAYMENT_NOT_PENDING otherwise. */
  cancel: endpoint({
    method: "POST",
    path: "/api/payments/:id/cancel",
    access: holders,
    tag,
    params,
    response: PaymentView,
  }),
  list: endpoint({
    method: "GET",
    path: "/api/admin/payments",
    access: admins,
    tag,
    query: PaymentsQuery,
    response: pageOf(PaymentView),
  }),
  confirm: endpoint({
    method: "POST",
    path: "/api/admin/payments/:id/confirm",
    access: admins,
    tag,
    params,
    response: PaymentView,
  }),
  /** How to pay a manual request: what a buyer sees after confirming, and what an administrator edits. */
  instructions: endpoint({
    method: "GET",
    path: "/api/payments/instructions",
    access: holders,
    tag,
    response: PaymentInstructionsView,
  }),
  setInstructions: endpoint({
    method: "PUT",
    path: "/api/admin/payments/instructions",
    access: admins,
    tag,
    body: PaymentInstructionsBody,
    response: PaymentInstructionsView,
  }),
  /** Stripe's events, signed in `Stripe-Signature` over the exact body. */
  webhook: endpoint({
    method: "POST",
    path: "/api/payments/webhook",
    access: "public",
    tag,
    bodyKind: "raw",
    response: PaymentWebhookView,
  }),
};
