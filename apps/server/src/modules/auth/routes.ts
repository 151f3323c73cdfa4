import { AuthStatusView, LoginBody, UserView } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app.js";
import { getUser, toUserView } from "../users/service.js";
import { login } from "./service.js";
import { clearSessionCookie, deleteSession, setSessionCookie } from "./sessions.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = deps.config.isHttps;

  r.get(
    "/api/auth/status",
    { config: { access: "public" }, schema: { tags: ["auth"], response: { 200: AuthStatusView } } },
    async (request) => {
      if (!request.user) return { authenticated: false, user: null };
      return { authenticated: true, user: toUserView(await getUser(deps.db, request.user.id)) };
    },
  );

  r.post(
    "/api/auth/login",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], body: LoginBody, response: { 200: UserView } },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await login(deps, request.body, request.ip);
      setSessionCookie(reply, token, expiresAt, secure);
      return toUserView(user);
    },
  );

  r.post(
    "/api/auth/logout",
    { config: { access: "public" }, schema: { tags: ["auth"], response: { 204: z.null() } } },
    async (request, reply) => {
      if (request.user) await deleteSession(deps.db, request.user.sessionId);
      clearSessionCookie(reply, secure);
      return reply.status(204).send(null);
    },
  );
}
