import { adminApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { route } from "../../platform/route.js";
import { createMatchmaker, listUsers, updateUser } from "./service.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, adminApi.listUsers, (request) => listUsers(deps.db, request.query));
  route(app, adminApi.createMatchmaker, (request) =>
    createMatchmaker({ ...deps, publicUrl: deps.config.publicUrl }, request.user, request.body),
  );
  route(app, adminApi.updateUser, (request) =>
    updateUser(deps.db, request.user, request.params.id, request.body),
  );
}
