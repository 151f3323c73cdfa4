import type { Access, EndpointSpec, Role } from "@matchdesk/contract";
import type { FastifyInstance, RouteOptions } from "fastify";
import type { users } from "../db/schema/index.js";
import { AppError, unauthenticated } from "./errors.js";

export type { Access };

/** The signed-in user as every request sees it; loaded by the session hook. */
export type SessionUser = {
  id: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
  sessionId: string;
};

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** The contract's definition the route was registered from (`route()` in route.ts). */
    endpoint?: EndpointSpec;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The signed-in user's whole row, loaded with the session: no second query to show it. */
    userRecord: typeof users.$inferSelect | null;
  }
}

// Routes that plugins register themselves: the API docs and the web app's static files.
const isPluginOwned = (url: string) => !url.startsWith("/api/") || url.startsWith("/api/docs");

export type RegisteredRoute = {
  method: string;
  url: string;
  access: Access | undefined;
  endpoint: EndpointSpec | undefined;
};

/**
 * Records every route with its declared access and checks each request against it, before the
 * body is read. The session hook must be registered before this one (it sets `request.user`).
 */
export function registerAccessControl(app: FastifyInstance, routes: RegisteredRoute[]) {
  app.addHook("onRoute", (route: RouteOptions) => {
    const config = (route.config ?? {}) as { access?: Access; endpoint?: EndpointSpec };
    if (!config.access && isPluginOwned(route.url)) {
      route.config = { ...config, access: "public" };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      routes.push({ method, url: route.url, access: route.config?.access, endpoint: config.endpoint });
    }
  });

  app.addHook("onRequest", async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === "public") return;
    if (!access) throw new AppError("FORBIDDEN", 403, "This route declares no access");
    const user = request.user;
    if (!user) throw unauthenticated();
    if (!access.includes(user.role)) throw new AppError("FORBIDDEN", 403, "You are not allowed to do this");
  });
}
