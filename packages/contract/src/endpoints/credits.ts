import { z } from "zod";
import { Id, pageOf } from "../common.js";
import {
  AddCreditsBody,
  AddCreditsView,
  CreditsView,
  CreditTransactionsQuery,
  CreditTransactionView,
  UsageQuery,
  UsageView,
} from "../credits.js";
import { endpoint } from "../endpoint.js";

const holders = ["ADMIN", "INVITER"] as const;
const admins = ["ADMIN"] as const;
const tag = "credits";
const params = z.object({ id: Id });

/** A matchmaker's credits and their ledger; an administrator's grants and the usage report. */
export const creditsApi = {
  balance: endpoint({
    method: "GET",
    path: "/api/credits",
    access: holders,
    tag,
    response: CreditsView,
  }),
  transactions: endpoint({
    method: "GET",
    path: "/api/credits/transactions",
    access: holders,
    tag,
    query: CreditTransactionsQuery,
    response: pageOf(CreditTransactionView),
  }),
  userBalance: endpoint({
    method: "GET",
    path: "/api/admin/users/:id/credits",
    access: admins,
    tag,
    params,
    response: CreditsView,
  }),
  add: endpoint({
    method: "POST",
    path: "/api/admin/users/:id/credits",
    access: admins,
    tag,
    params,
    body: AddCreditsBody,
    response: AddCreditsView,
    status: 201,
  }),
  usage: endpoint({
    method: "GET",
    path: "/api/admin/usage",
    access: admins,
    tag,
    query: UsageQuery,
    response: UsageView,
  }),
};
