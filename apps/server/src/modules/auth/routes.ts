import {
  AcceptedView,
  AuthStatusView,
  EmailSignInRequestBody,
  EmailSignInVerifyBody,
  LoginBody,
  RegisterBody,
  UserView,
} from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app.js";
import { register as registerUser } from "../invites/service.js";
import { getUser, toUserView } from "../users/service.js";
import { requestSignInLink, verifySignInLink } from "./email-signin.js";
import { login } from "./service.js";
import { clearSessionCookie, deleteSession, setSessionCookie } from "./sessions.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = deps.config.isHttps;
  const emailDeps = { ...deps, publicUrl: deps.config.publicUrl };

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
    "/api/auth/email/request",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], body: EmailSignInRequestBody, response: { 202: AcceptedView } },
    },
    async (request, reply) => {
      await requestSignInLink(emailDeps, request.body.email, request.ip);
      return reply.status(202).send({ status: "sent" as const });
    },
  );

  r.post(
    "/api/auth/email/verify",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], body: EmailSignInVerifyBody, response: { 200: UserView } },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await verifySignInLink(deps, request.body.token, request.ip);
      setSessionCookie(reply, token, expiresAt, secure);
      return toUserView(user);
    },
  );

  r.post(
    "/api/auth/register",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], body: RegisterBody, response: { 201: UserView } },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await registerUser(deps, request.body, request.ip);
      setSessionCookie(reply, token, expiresAt, secure);
      return reply.status(201).send(toUserView(user));
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
