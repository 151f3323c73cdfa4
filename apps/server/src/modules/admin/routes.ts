import {
  AdminUsersQuery,
  AdminUserView,
  CreateMatchmakerBody,
  Id,
  pageOf,
  UpdateUserBody,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { createMatchmaker, listUsers, updateUser } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: ["ADMIN"] as const };

  r.get(
    "/api/admin/users",
    {
      config: admin,
      schema: { tags: ["admin"], querystring: AdminUsersQuery, response: { 200: pageOf(AdminUserView) } },
    },
    async (request) => listUsers(deps.db, request.query),
  );

  r.post(
    "/api/admin/matchmakers",
    {
      config: admin,
      schema: { tags: ["admin"], body: CreateMatchmakerBody, response: { 201: AdminUserView } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createMatchmaker({ ...deps, publicUrl: deps.config.publicUrl }, request.user!, request.body),
        ),
  );

  r.put(
    "/api/admin/users/:id",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        params: z.object({ id: Id }),
        body: UpdateUserBody,
        response: { 200: AdminUserView },
      },
    },
    async (request) => updateUser(deps.db, request.user!, request.params.id, request.body),
  );
}
