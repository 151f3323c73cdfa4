import { subscriptionsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { startCheckout } from "../payments/service.js";
import { getUser } from "../users/service.js";
import {
  adminSetSubscription,
  cancelSubscription,
  getSubscription,
  purchaseSubscription,
} from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, subscriptionsApi.mine, (request) => getSubscription(deps.db, request.user.id));
  route(app, subscriptionsApi.purchase, async (request, reply) => {
    const result = await purchaseSubscription(
      { db: deps.db, checkout: (caller, product) => startCheckout(deps, caller, product) },
      request.user,
      request.body,
    );
    // 201: the subscription started; 200: a payment was opened and it starts once paid.
    return reply.status(result.payment ? 200 : 201).send(result);
  });
  route(app, subscriptionsApi.cancel, (request) => cancelSubscription(deps.db, request.user.id));
  route(app, subscriptionsApi.ofUser, async (request) =>
    getSubscription(deps.db, (await getUser(deps.db, request.params.id)).id),
  );
  route(app, subscriptionsApi.setForUser, (request) =>
    adminSetSubscription(deps.db, request.user, request.params.id, request.body),
  );
}
