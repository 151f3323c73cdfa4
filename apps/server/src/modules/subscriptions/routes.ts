import {
  AdminSubscriptionBody,
  Id,
  PurchaseSubscriptionBody,
  PurchaseSubscriptionView,
  SubscriptionView,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { openPaymentProvider } from "../payments/providers.js";
import { startCheckout } from "../payments/service.js";
import { getUser } from "../users/service.js";
import {
  adminSetSubscription,
  cancelSubscription,
  getSubscription,
  purchaseSubscription,
} from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const holders = { access: ["ADMIN", "INVITER"] as const };
  const admin = { access: ["ADMIN"] as const };
  const provider = openPaymentProvider(deps.config.payments);
  const checkoutDeps = { db: deps.db, provider, publicUrl: deps.config.publicUrl };

  r.get(
    "/api/subscriptions/me",
    { config: holders, schema: { tags: ["subscriptions"], response: { 200: SubscriptionView } } },
    async (request) => getSubscription(deps.db, request.user!.id),
  );

  r.post(
    "/api/subscriptions",
    {
      config: holders,
      schema: {
        tags: ["subscriptions"],
        body: PurchaseSubscriptionBody,
        response: { 200: PurchaseSubscriptionView, 201: PurchaseSubscriptionView },
      },
    },
    async (request, reply) => {
      const result = await purchaseSubscription(
        { db: deps.db, checkout: (caller, product) => startCheckout(checkoutDeps, caller, product) },
        request.user!,
        request.body,
      );
      // 201: the subscription started; 200: a payment was opened and it starts once paid.
      return reply.status(result.payment ? 200 : 201).send(result);
    },
  );

  r.delete(
    "/api/subscriptions/me",
    { config: holders, schema: { tags: ["subscriptions"], response: { 200: SubscriptionView } } },
    async (request) => cancelSubscription(deps.db, request.user!.id),
  );

  r.get(
    "/api/admin/users/:id/subscription",
    {
      config: admin,
      schema: { tags: ["subscriptions"], params: z.object({ id: Id }), response: { 200: SubscriptionView } },
    },
    async (request) => getSubscription(deps.db, (await getUser(deps.db, request.params.id)).id),
  );

  r.put(
    "/api/admin/users/:id/subscription",
    {
      config: admin,
      schema: {
        tags: ["subscriptions"],
        params: z.object({ id: Id }),
        body: AdminSubscriptionBody,
        response: { 200: SubscriptionView },
      },
    },
    async (request) => adminSetSubscription(deps.db, request.user!, request.params.id, request.body),
  );
}
