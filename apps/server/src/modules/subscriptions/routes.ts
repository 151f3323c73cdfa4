import { subscriptionsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { getUser } from "../users/service.js";
import { adminSetSubscription, cancelSubscription, getSubscription } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, subscriptionsApi.mine, (request) => getSubscription(deps.db, request.user.id));
  // Buying a plan (subscriptionsApi.purchase) is registered by the payments module: it opens a
  // checkout, and payments builds on subscriptions, not the other way round.
  route(app, subscriptionsApi.cancel, (request) => cancelSubscription(deps.db, request.user.id));
  route(app, subscriptionsApi.ofUser, async (request) =>
    getSubscription(deps.db, (await getUser(deps.db, request.params.id)).id),
  );
  route(app, subscriptionsApi.setForUser, (request) =>
    adminSetSubscription(deps.db, request.user, request.params.id, request.body),
  );
}
