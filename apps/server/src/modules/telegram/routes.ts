import { telegramApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { requireSignedInPerson } from "../../platform/bearer.js";
import { route } from "../../platform/route.js";
import type { TelegramBot } from "./bot.js";
import { createLinkCode, telegramState, unlinkUser } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps & { telegram: TelegramBot | undefined }) {
  const { db, telegram } = deps;
  route(app, telegramApi.state, (request) => telegramState(db, telegram, request.user));
  // A key must not route its owner's notifications to a chat of the key holder's choice.
  route(app, telegramApi.link, (request) => {
    requireSignedInPerson(request.user);
    return createLinkCode(db, telegram, request.user);
  });
  route(app, telegramApi.unlink, (request) => unlinkUser(db, request.user));
}
