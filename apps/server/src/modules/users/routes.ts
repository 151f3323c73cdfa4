import { UserView } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.js";
import { toUserView } from "./service.js";

export function register(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/users/me",
    {
      config: { access: ["ADMIN", "INVITER", "INVITEE"] },
      schema: { tags: ["users"], response: { 200: UserView } },
    },
    async (request) => toUserView(request.userRecord!),
  );
}
