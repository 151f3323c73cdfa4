import { z } from "zod";
import { Id } from "../common.js";
import {
  AdminSubscriptionBody,
  PurchaseSubscriptionBody,
  PurchaseSubscriptionView,
  SubscriptionView,
} from "../credits.js";
import { endpoint } from "../endpoint.js";

const holders = ["ADMIN", "INVITER"] as const;
const admins = ["ADMIN"] as const;
const tag = "subscriptions";
const params = z.object({ id: Id });

/** A matchmaker's subscription, and an administrator's view and change of anyone's. */
export const subscriptionsApi = {
  mine: endpoint({
    method: "GET",
    path: "/api/subscriptions/me",
    access: holders,
    tag,
    response: SubscriptionView,
  }),
  /** 201: the subscription started; 200: a payment was opened and it starts once paid. */
  purchase: endpoint({
    method: "POST",
    path: "/api/subscriptions",
    access: holders,
    tag,
    body: PurchaseSubscriptionBody,
    response: { 200: PurchaseSubscriptionView, 201: PurchaseSubscriptionView },
  }),
  cancel: endpoint({
    method: "DELETE",
    path: "/api/subscriptions/me",
    access: holders,
    tag,
    response: SubscriptionView,
  }),
  ofUser: endpoint({
    method: "GET",
    path: "/api/admin/users/:id/subscription",
    access: admins,
    tag,
    params,
    response: SubscriptionView,
  }),
  setForUser: endpoint({
    method: "PUT",
    path: "/api/admin/users/:id/subscription",
    access: admins,
    tag,
    params,
    body: AdminSubscriptionBody,
    response: SubscriptionView,
  }),
};
