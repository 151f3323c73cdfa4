import type { z } from "zod";
import type { Role } from "./enums.js";

/**
 * One definition per HTTP endpoint: method, path, schemas and who may call it. The server
 * registers a route from it (`route(app, def, handler)` in apps/server/src/platform/route.ts) and
 * the web app calls it (`call(def, input)` in apps/web/src/lib/call.ts), so a path, a schema or an
 * access rule is written once and the compiler checks both sides against it.
 *
 * We looked for a library first: ts-rest 3.52 (the newest) still requires zod 3, and the others
 * bring their own router or RPC wire format. This helper only describes; Fastify and
 * fastify-type-provider-zod still validate, serialise and document every route.
 */

/** Who may call a route: everyone, or any signed-in user of the listed roles. */
export type Access = "public" | readonly Role[];

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * What an endpoint answers with. A zod schema is a JSON answer with status `status` (200 unless
 * said); a map of statuses is a JSON answer that may come with either (200 for "already there",
 * 201 for "created"); a string is an answer that is not JSON (a file, an HTML page, a redirect, a
 * WebSocket upgrade), which the web app reaches by its URL (`href`) rather than by `call`;
 * `"none"` is 204 No Content.
 */
export type ResponseSpec = z.ZodType | StatusMap | "none" | NonJson;
/** `none`: 204 No Content. */
export type StatusMap = { readonly [S in SuccessStatus | 503]?: z.ZodType };
export type NonJson = "file" | "html" | "redirect" | "websocket";

/**
 * How the body comes: JSON checked by `body`, a multipart form (files) read by the handler, or
 * the raw bytes (signed webhooks, whose signature covers the exact bytes).
 */
export type BodyKind = "json" | "multipart" | "raw";

/**
 * A route that reads or changes a client's data, for the client's access log (issue 20, the
 * data-rights module). `param` names the path param holding the subject: a client's user id
 * (`of: "client"`, the default) or an introduction's id (`of: "introduction"`: both of its
 * clients). `of: "own-clients"` is every client the caller looks after (an admin: every client),
 * as the CSV export reads them; `of: "reported"` is the clients the handler names as it answers
 * (an import: those it created or updated). The server records one row per subject after a
 * successful answer, unless the caller is the subject; a change only for the clients the caller
 * looks after (an admin: all). A public route's caller without an account is recorded as someone
 * with the link.
 */
export type Audit =
  | {
      readonly action: "view" | "change";
      readonly param: string;
      readonly of?: "client" | "introduction";
    }
  | { readonly action: "view" | "change"; readonly of: "own-clients" | "reported" };

export type EndpointSpec = {
  readonly method: HttpMethod;
  /** Fastify's form: `/api/clients/:id`. Each `:name` must be a key of `params`. */
  readonly path: `/api/${string}`;
  readonly access: Access;
  /** The OpenAPI group. */
  readonly tag: string;
  readonly summary?: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly bodyKind?: BodyKind;
  readonly response: ResponseSpec;
  /** The success status of a single JSON schema, when not 200. */
  readonly status?: 201 | 202;
  /** Recorded in the client's access log (see `Audit`). */
  readonly audit?: Audit;
};

/**
 * Marks a spec as an endpoint, keeping its literal types for both sides. It does nothing at run
 * time, so a bundle keeps only the definitions it uses (`endpoint.test.ts` checks every path's
 * params against its schema).
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const S extends EndpointSpec>(spec: S): S {
  return spec;
}

/** A zod schema, told apart from a status map without loading zod (the web's first page does not). */
export const isSchema = (value: unknown): value is z.ZodType =>
  typeof (value as { safeParse?: unknown } | null)?.safeParse === "function";

/** A stable name for an endpoint: its method and path. Query keys and the route registry use it. */
export const endpointId = (def: EndpointSpec) => `${def.method} ${def.path}`;

type SchemaOut<T> = T extends z.ZodType ? z.output<T> : never;

/** What the caller gets back: the JSON of every success status, or nothing for 204. */
export type ResponseOf<E extends EndpointSpec> = E["response"] extends z.ZodType
  ? z.output<E["response"]>
  : E["response"] extends "none"
    ? undefined
    : E["response"] extends NonJson
      ? never
      : { [K in keyof E["response"]]: SchemaOut<E["response"][K]> }[keyof E["response"]];

/** The parts of a request: each is present exactly when the endpoint has a schema for it. */
export type ParamsOf<E extends EndpointSpec> = E["params"] extends z.ZodObject
  ? z.input<E["params"]>
  : undefined;
export type QueryOf<E extends EndpointSpec> = E["query"] extends z.ZodObject
  ? z.input<E["query"]>
  : undefined;
export type BodyOf<E extends EndpointSpec> = E["body"] extends z.ZodType ? z.input<E["body"]> : undefined;

/** An endpoint whose answer is JSON: these are the ones `call` reaches. */
export type JsonEndpoint = EndpointSpec & { readonly response: Exclude<ResponseSpec, NonJson> };

/** Builds an endpoint's URL from its params and query: every param encoded, empty query values left out. */
export function endpointUrl(
  def: Pick<EndpointSpec, "path">,
  input: { params?: Record<string, unknown> | undefined; query?: Record<string, unknown> | undefined } = {},
): string {
  const path = def.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined || value === null || value === "")
      throw new Error(`${def.path}: ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = toQueryString(input.query);
  return search ? `${path}?${search}` : path;
}

/** A query object as a URL's search: arrays repeat their key; undefined, null and "" are left out. */
export function toQueryString(query: Record<string, unknown> | undefined): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === "") continue;
      pairs.push(
        `${encodeURIComponent(key)}=${encodeURIComponent(item instanceof Date ? item.toISOString() : String(item))}`,
      );
    }
  }
  return pairs.join("&");
}

/** The status a successful answer has when the handler does not choose one. */
export function successStatusOf(def: EndpointSpec): SuccessStatus {
  if (def.status) return def.status;
  if (def.response === "none") return 204;
  if (typeof def.response === "object" && !isSchema(def.response)) {
    const first = Object.keys(def.response).map(Number)[0];
    return (first ?? 200) as SuccessStatus;
  }
  return 200;
}
