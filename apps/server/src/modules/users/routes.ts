import { UserView } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app.js";
import { getUser, toUserView } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/users/me",
    {
      config: { access: ["ADMIN", "INVITER", "INVITEE"] },
      schema: { tags: ["users"], response: { 200: UserView } },
    },
    async (request) => toUserView(await getUser(deps.db, request.user!.id)),
  );
}
