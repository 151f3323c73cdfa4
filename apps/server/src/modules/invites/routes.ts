import { CreateInviteBody, Id, InviteCode, InviteView, MyInviteView, UserView } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { toUserView } from "../users/service.js";
import { createInvite, getInvite, myInvite, myInviteQr, resendInvite } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const inviters = ["INVITER", "ADMIN"] as const;

  r.get(
    "/api/invites/me",
    { config: { access: inviters }, schema: { tags: ["invites"], response: { 200: MyInviteView } } },
    async (request) => myInvite(deps, request.user!),
  );

  r.get(
    "/api/invites/me/qr.png",
    {
      config: { access: inviters },
      schema: { tags: ["invites"], querystring: z.object({ format: z.enum(["png", "svg"]).default("png") }) },
    },
    async (request, reply) => {
      const format = request.query.format;
      const body = await myInviteQr(deps, request.user!, format);
      return reply
        .type(format === "svg" ? "image/svg+xml" : "image/png")
        .header("content-disposition", `attachment; filename="invite-qr.${format}"`)
        .header("cache-control", "private, no-store")
        .send(body);
    },
  );

  r.get(
    "/api/invites/:code",
    {
      config: { access: "public" },
      schema: { tags: ["invites"], params: z.object({ code: InviteCode }), response: { 200: InviteView } },
    },
    async (request) => getInvite(deps, request.params.code, request.ip),
  );

  r.post(
    "/api/invites",
    {
      // Admins create matchmakers through POST /api/admin/matchmakers.
      config: { access: ["INVITER"] },
      schema: { tags: ["invites"], body: CreateInviteBody, response: { 201: UserView } },
    },
    async (request, reply) =>
      reply.status(201).send(toUserView(await createInvite(deps, request.user!, request.body))),
  );

  r.post(
    "/api/clients/:id/resend-invite",
    {
      config: { access: inviters },
      schema: { tags: ["invites"], params: z.object({ id: Id }), response: { 204: z.null() } },
    },
    async (request, reply) => {
      await resendInvite(deps, request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
