import { paymentsApi, subscriptionsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { AppError, notFound } from "../../platform/errors.js";
import { route } from "../../platform/route.js";
import { readSignedJson } from "../../platform/signed-webhook.js";
import { purchaseSubscription } from "../subscriptions/service.js";
import { type PaymentProvider, verifyStripeSignature } from "./providers.js";
import {
  cancelPayment,
  confirmPayment,
  getPaymentInstructions,
  handleStripeEvent,
  instructionsFor,
  listOwnPayments,
  listPayments,
  setPaymentInstructions,
  startCheckout,
} from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps & { paymentProvider: PaymentProvider }) {
  const payments = deps.config.payments;

  route(app, paymentsApi.checkout, async (request) => {
    // Each checkout opens a payment (and a provider session): a person starts a few, a script many.
    await deps.limiter.hit(`checkout:${request.user.id}`, 20, 3_600_000);
    const payment = await startCheckout(deps, request.user, request.body.product);
    return { url: payment.url, payment, instructions: await instructionsFor(deps.db, payment) };
  });
  // A plan bought: started at once when it costs nothing more, otherwise through a checkout.
  route(app, subscriptionsApi.purchase, async (request, reply) => {
    const result = await purchaseSubscription(
      { db: deps.db, checkout: (caller, product) => startCheckout(deps, caller, product) },
      request.user,
      request.body,
    );
    // 201: the subscription started; 200: a payment was opened and it starts once paid.
    const instructions = await instructionsFor(deps.db, result.payment);
    return reply.status(result.payment ? 200 : 201).send({ ...result, instructions });
  });
  route(app, paymentsApi.mine, (request) => listOwnPayments(deps.db, request.user.id, request.query));
  route(app, paymentsApi.cancel, (request) => cancelPayment(deps.db, request.user, request.params.id));
  route(app, paymentsApi.list, (request) => listPayments(deps.db, request.query));
  route(app, paymentsApi.confirm, (request) => confirmPayment(deps, request.user, request.params.id));
  route(app, paymentsApi.instructions, () => getPaymentInstructions(deps.db));
  route(app, paymentsApi.setInstructions, (request) =>
    setPaymentInstructions(deps.db, request.user, request.body),
  );

  route(app, paymentsApi.webhook, (request) => {
    if (payments.provider !== "stripe") throw notFound("ROUTE_NOT_FOUND", "No payment webhook is configured");
    const event = readSignedJson(
      request,
      (raw, header) => verifyStripeSignature(raw, header("stripe-signature"), payments.webhookSecret),
      () => new AppError("WEBHOOK_SIGNATURE_INVALID", 400, "The webhook signature is not valid"),
    );
    return handleStripeEvent(deps, (event ?? {}) as Parameters<typeof handleStripeEvent>[1]);
  });
}
