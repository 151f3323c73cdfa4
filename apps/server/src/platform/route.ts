import {
  type Access,
  type EndpointSpec,
  type ResponseOf,
  type StatusMap,
  successStatusOf,
  UNSTORABLE_TEXT_MESSAGE,
  unstorableTextPaths,
} from "@matchdesk/contract";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
  RouteOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SessionUser } from "./access.js";
import { badRequest } from "./errors.js";

/** A public route may be called signed in or not; any other is reached only by a signed-in user. */
export type UserOf<A extends Access> = A extends "public" ? SessionUser | null : SessionUser;

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The request a handler of `E` receives: parsed params, query and body, and the caller as `E` allows. */
export type RouteRequest<E extends EndpointSpec> = Omit<
  FastifyRequest,
  "params" | "query" | "body" | "user"
> & {
  params: Out<E["params"]>;
  query: Out<E["query"]>;
  body: E["bodyKind"] extends "multipart" | "raw" ? unknown : Out<E["body"]>;
  user: UserOf<E["access"]>;
};

/**
 * What a handler gives back: the answer's data (sent with the endpoint's success status), nothing
 * for 204, or the reply when it chose another status or sent the answer itself (files, redirects).
 */
export type RouteResult<E extends EndpointSpec> =
  // biome-ignore lint/suspicious/noConfusingVoidType: a 204 handler is any function that returns nothing
  (E["response"] extends "none" ? void : ResponseOf<E>) | FastifyReply;

export type RouteHandler<E extends EndpointSpec> = (
  request: RouteRequest<E>,
  reply: FastifyReply,
) => Promise<RouteResult<E>> | RouteResult<E>;

/** What a few routes add to their definition: a WebSocket handler, hooks of their own, a body limit. */
export type RouteExtras = Omit<RouteOptions, "method" | "url" | "handler" | "schema" | "config">;

/**
 * Registers one endpoint of the contract: its path, schemas and access come from the definition,
 * so the route cannot drift from what the web app calls. Every API route is registered this way
 * (a test checks that every registered route has a definition and every definition a route).
 */
export function route<const E extends EndpointSpec>(
  app: FastifyInstance,
  def: E,
  handler: RouteHandler<E>,
  extras: RouteExtras = {},
): void {
  const status = successStatusOf(def);
  const register = (scope: FastifyInstance) =>
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...extras,
      method: def.method,
      url: def.path,
      config: { access: def.access, endpoint: def },
      // Before the schemas, so no route can skip it and a field's refusal is not hidden by others.
      preValidation: [refuseUnstorableText(def), ...[extras.preValidation ?? []].flat()],
      schema: {
        tags: [def.tag],
        ...(def.access === "public" && { security: [] }),
        ...(def.summary && { summary: def.summary }),
        ...(def.params && { params: def.params }),
        ...(def.query && { querystring: def.query }),
        ...(def.body && { body: def.body }),
        ...(def.bodyKind === "multipart" && { consumes: ["multipart/form-data"] }),
        ...responseSchema(def),
      },
      handler: async (request, reply) => {
        // A JSON answer's status, unless the handler picks another. Not for a redirect, whose
        // `reply.redirect(url)` would keep a status set here instead of its own 302.
        if (typeof def.response !== "string" || def.response === "none") reply.status(status);
        const result = await handler(request as unknown as RouteRequest<E>, reply);
        if (result === reply || reply.sent) return reply;
        return def.response === "none" ? reply.send(null) : result;
      },
    });

  if (def.bodyKind !== "raw") {
    register(app);
    return;
  }
  // A signed webhook reads its body as sent: the signature covers the exact bytes.
  app.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    register(scope);
  });
}

/**
 * The contract's text rule (`packages/contract/src/text.ts`) for every route: a string or object
 * key that PostgreSQL cannot store (NUL, an unpaired surrogate) anywhere in the path, the query or
 * a JSON body is 400 VALIDATION_FAILED with a field error on each, before any handler runs. A raw
 * body is checked once its signature holds (`readSignedJson`), a multipart form as it is read
 * (`multipartFiles`).
 */
const refuseUnstorableText =
  (def: EndpointSpec): preValidationAsyncHookHandler =>
  async (request) => {
    const body = def.bodyKind === "raw" ? undefined : request.body;
    const parts = { params: request.params, querystring: request.query, body };
    const errors: Record<string, string[]> = {};
    for (const [context, value] of Object.entries(parts)) {
      for (const path of unstorableTextPaths(value)) errors[path || context] = [UNSTORABLE_TEXT_MESSAGE];
    }
    if (Object.keys(errors).length > 0) {
      throw badRequest("VALIDATION_FAILED", "The request holds text that cannot be stored", errors);
    }
  };

function responseSchema(def: EndpointSpec): { response?: Record<number, z.ZodType> } {
  const { response } = def;
  if (response === "none") return { response: { 204: z.null() } };
  if (typeof response === "string") return {};
  if (response instanceof z.ZodType) return { response: { [successStatusOf(def)]: response } };
  return { response: response as Record<number, z.ZodType> & StatusMap };
}

/**
 * For a hot read whose answer the service builds field by field with the contract's types: the
 * answer is written as JSON without parsing it through its schema again (the schema still
 * documents it in OpenAPI, and the route's tests compare answers with it). Only for answers that
 * hold nothing the schema would strip.
 */
export const typedResponse: RouteExtras = {
  serializerCompiler: () => (data) => JSON.stringify(data),
};
