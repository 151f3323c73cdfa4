import {
  AddCreditsBody,
  AddCreditsView,
  CreditsView,
  CreditTransactionsQuery,
  CreditTransactionView,
  Id,
  pageOf,
  UsageQuery,
  UsageView,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { getUser } from "../users/service.js";
import { addCredits, getCredits, listTransactions, usage } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const holders = { access: ["ADMIN", "INVITER"] as const };
  const admin = { access: ["ADMIN"] as const };

  r.get(
    "/api/credits",
    { config: holders, schema: { tags: ["credits"], response: { 200: CreditsView } } },
    async (request) => getCredits(deps.db, request.user!.id),
  );

  r.get(
    "/api/credits/transactions",
    {
      config: holders,
      schema: {
        tags: ["credits"],
        querystring: CreditTransactionsQuery,
        response: { 200: pageOf(CreditTransactionView) },
      },
    },
    async (request) => listTransactions(deps.db, request.user!.id, request.query),
  );

  r.get(
    "/api/admin/users/:id/credits",
    {
      config: admin,
      schema: { tags: ["credits"], params: z.object({ id: Id }), response: { 200: CreditsView } },
    },
    async (request) => {
      const user = await getUser(deps.db, request.params.id);
      return getCredits(deps.db, user.id);
    },
  );

  r.post(
    "/api/admin/users/:id/credits",
    {
      config: admin,
      schema: {
        tags: ["credits"],
        params: z.object({ id: Id }),
        body: AddCreditsBody,
        response: { 201: AddCreditsView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addCredits(deps, request.user!, request.params.id, request.body)),
  );

  r.get(
    "/api/admin/usage",
    { config: admin, schema: { tags: ["credits"], querystring: UsageQuery, response: { 200: UsageView } } },
    async (request) => usage(deps.db, request.query),
  );
}
