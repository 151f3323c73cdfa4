import { applicationsApi, PUBLIC_LOCALE_COOKIE } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { withRetryAfter } from "../../platform/rate-limit.js";
import { route } from "../../platform/route.js";
import {
  apply,
  approveApplication,
  contact,
  declineApplication,
  listApplications,
  listContactMessages,
} from "./service.js";

/**
 * A new agency's way in and the contact form, and the admins' inbox of both. It builds on the
 * admin module (an approval makes the matchmaker as an admin does by hand), which does not need it.
 */
export function register(app: FastifyInstance, deps: AppDeps) {
  const appDeps = { ...deps, publicUrl: deps.config.publicUrl };
  route(app, applicationsApi.apply, async (request, reply) => {
    await withRetryAfter(reply, () =>
      apply(appDeps, request.body, request.ip, request.log, request.cookies[PUBLIC_LOCALE_COOKIE.name]),
    );
    return { status: "received" as const };
  });
  route(app, applicationsApi.contact, async (request, reply) => {
    await withRetryAfter(reply, () =>
      contact(appDeps, request.body, request.ip, request.log, request.cookies[PUBLIC_LOCALE_COOKIE.name]),
    );
    return { status: "received" as const };
  });
  route(app, applicationsApi.list, (request) => listApplications(deps.db, request.query));
  route(app, applicationsApi.approve, (request) =>
    approveApplication(appDeps, request.user, request.params.id),
  );
  route(app, applicationsApi.decline, (request) =>
    declineApplication(appDeps, request.user, request.params.id),
  );
  route(app, applicationsApi.contactMessages, (request) => listContactMessages(deps.db, request.query));
}
