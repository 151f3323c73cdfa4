import { CheckoutBody, CheckoutView, Id, PaymentsQuery, PaymentView, pageOf } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { AppError, notFound } from "../../platform/errors.js";
import { openPaymentProvider, verifyStripeSignature } from "./providers.js";
import {
  cancelPayment,
  confirmPayment,
  handleStripeEvent,
  listOwnPayments,
  listPayments,
  startCheckout,
} from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const holders = { access: ["ADMIN", "INVITER"] as const };
  const admin = { access: ["ADMIN"] as const };
  const payments = deps.config.payments;
  const provider = openPaymentProvider(payments);
  const checkoutDeps = { db: deps.db, provider, publicUrl: deps.config.publicUrl };
  const params = z.object({ id: Id });

  r.post(
    "/api/payments/checkout",
    { config: holders, schema: { tags: ["payments"], body: CheckoutBody, response: { 201: CheckoutView } } },
    async (request, reply) => {
      // Each checkout opens a payment (and a provider session): a person starts a few, a script many.
      await deps.limiter.hit(`checkout:${request.user!.id}`, 20, 3_600_000);
      const payment = await startCheckout(checkoutDeps, request.user!, request.body.product);
      return reply.status(201).send({ url: payment.url, payment });
    },
  );

  r.get(
    "/api/payments",
    {
      config: holders,
      schema: { tags: ["payments"], querystring: PaymentsQuery, response: { 200: pageOf(PaymentView) } },
    },
    async (request) => listOwnPayments(deps.db, request.user!.id, request.query),
  );

  r.post(
    "/api/payments/:id/cancel",
    { config: holders, schema: { tags: ["payments"], params, response: { 200: PaymentView } } },
    async (request) => cancelPayment(deps.db, request.user!, request.params.id),
  );

  r.get(
    "/api/admin/payments",
    {
      config: admin,
      schema: { tags: ["payments"], querystring: PaymentsQuery, response: { 200: pageOf(PaymentView) } },
    },
    async (request) => listPayments(deps.db, request.query),
  );

  r.post(
    "/api/admin/payments/:id/confirm",
    { config: admin, schema: { tags: ["payments"], params, response: { 200: PaymentView } } },
    async (request) => confirmPayment(deps, request.user!, request.params.id),
  );

  // The provider's webhook reads the body as sent: the signature covers its exact bytes.
  app.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/payments/webhook",
      {
        config: { access: "public" },
        schema: {
          tags: ["payments"],
          response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
        },
      },
      async (request) => {
        if (payments.provider !== "stripe")
          throw notFound("ROUTE_NOT_FOUND", "No payment webhook is configured");
        const raw = typeof request.body === "string" ? request.body : "";
        const header = request.headers["stripe-signature"];
        if (
          !verifyStripeSignature(raw, typeof header === "string" ? header : undefined, payments.webhookSecret)
        ) {
          throw new AppError("WEBHOOK_SIGNATURE_INVALID", 400, "The webhook signature is not valid");
        }
        let event: unknown;
        try {
          event = JSON.parse(raw);
        } catch {
          throw new AppError("MALFORMED_JSON", 400, "The body is not valid JSON");
        }
        return handleStripeEvent(deps, (event ?? {}) as Parameters<typeof handleStripeEvent>[1]);
      },
    );
  });
}
