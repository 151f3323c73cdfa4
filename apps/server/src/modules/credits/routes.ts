import { creditsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { getUser } from "../users/service.js";
import { addCredits, getCredits, listTransactions, usage } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, creditsApi.balance, (request) => getCredits(deps.db, request.user.id));
  route(app, creditsApi.transactions, (request) => listTransactions(deps.db, request.user.id, request.query));
  route(app, creditsApi.userBalance, async (request) => {
    const user = await getUser(deps.db, request.params.id);
    return getCredits(deps.db, user.id);
  });
  route(app, creditsApi.add, (request) => addCredits(deps, request.user, request.params.id, request.body));
  route(app, creditsApi.usage, (request) => usage(deps.db, request.query));
}
