import {
  type BodyOf,
  type EndpointSpec,
  endpointId,
  endpointUrl,
  isSchema,
  type JsonEndpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from "@matchdesk/contract";

/** A failed API call: the HTTP status, the stable error `code` when the server sent one, and the parsed body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(status: number, code: string | undefined, body: unknown, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** Code of a request that never reached the server (offline, DNS, aborted proxy). Web-only. */
export const NETWORK_ERROR_CODE = "NETWORK_ERROR";

type RequestOptions = {
  method: EndpointSpec["method"];
  body?: unknown;
  signal?: AbortSignal | undefined;
  skipSessionExpiry?: boolean | undefined;
};

/** Each part of a request is asked for exactly when the endpoint has a schema for it. */
type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What `call` needs for an endpoint: its params, query and body, as the contract types them. */
export type CallInput<E extends EndpointSpec> = Part<"params", ParamsOf<E>> &
  Part<"query", QueryOf<E>> &
  Part<"body", BodyOf<E>> & {
    signal?: AbortSignal | undefined;
    /** Set for calls where 401 is an answer, not an expired session (sign-in, password-gated pages). */
    skipSessionExpiry?: boolean;
  };

/** Input of an endpoint that needs none: `call(def)` then takes no second argument. */
type OptionalIfEmpty<E extends EndpointSpec> = [ParamsOf<E>, QueryOf<E>, BodyOf<E>] extends [
  undefined,
  undefined,
  undefined,
]
  ? [input?: CallInput<E>]
  : [input: CallInput<E>];

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides what a 401 means (clear the session, go to the front page); RootLayout sets it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** For calls made outside `call` (uploads with progress): a 401 means the same everywhere. */
export function reportUnauthorized(): void {
  onUnauthorized();
}

/**
 * The one way the web app calls the API: an endpoint of the contract and its typed input. Same-origin
 * cookies, JSON in and out, ApiError on failure. In development the answer is checked against the
 * endpoint's schema, so a server and a contract that disagree show up in the console at once.
 */
export async function call<E extends JsonEndpoint>(
  def: E,
  ...[input]: OptionalIfEmpty<E>
): Promise<ResponseOf<E>> {
  const parts = (input ?? {}) as CallInput<EndpointSpec> & { params?: object; query?: object };
  const answer = await request(endpointUrl(def, parts as never), {
    method: def.method,
    body: parts.body,
    signal: parts.signal,
    skipSessionExpiry: parts.skipSessionExpiry,
  });
  if (import.meta.env.DEV) checkAnswer(def, answer);
  return answer as ResponseOf<E>;
}

/** The URL of an endpoint that is not called for JSON: an image, a download, a redirect, a socket. */
export function href<E extends EndpointSpec>(
  def: E,
  input: { params?: ParamsOf<E>; query?: QueryOf<E> } = {},
): string {
  return endpointUrl(def, input as never);
}

/**
 * The query key of an endpoint's answer: its id, then its params and query. `queryKeyOf(def)`
 * alone is the prefix of every answer of that endpoint (for invalidation).
 */
export function queryKeyOf<E extends EndpointSpec>(
  def: E,
  input?: { params?: ParamsOf<E>; query?: QueryOf<E> },
): readonly unknown[] {
  const id = endpointId(def);
  if (!input) return [id];
  return input.query === undefined ? [id, input.params ?? {}] : [id, input.params ?? {}, input.query];
}

/** `useQuery({ ...queryOf(def, input) })`: the key and the fetch of a GET endpoint. */
export function queryOf<E extends JsonEndpoint & { method: "GET" }>(def: E, ...[input]: OptionalIfEmpty<E>) {
  return {
    queryKey: queryKeyOf(def, input as never),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      (call as (d: E, i: object) => Promise<ResponseOf<E>>)(def, { ...(input ?? {}), signal }),
  };
}

function checkAnswer(def: JsonEndpoint, answer: unknown): void {
  const { response } = def;
  if (response === "none") return;
  const schemas = isSchema(response) ? [response] : Object.values(response);
  if (schemas.some((schema) => schema?.safeParse(answer).success)) return;
  console.error(
    `${endpointId(def)}: the answer does not match the contract`,
    schemas[0]?.safeParse(answer).error,
  );
}

async function request(path: string, options: RequestOptions): Promise<unknown> {
  const { method, body, signal, skipSessionExpiry = false } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(
      0,
      NETWORK_ERROR_CODE,
      undefined,
      cause instanceof Error ? cause.message : "Network error",
    );
  }

  const parsed = await readBody(response);
  if (response.ok) return parsed;

  if (response.status === 401 && !skipSessionExpiry) onUnauthorized();
  throw toApiError(response.status, parsed);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === "") return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Builds the ApiError of a failed response; a body without a code (a proxy's HTML page) gets one by status. */
export function toApiError(status: number, body: unknown): ApiError {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : undefined;
  const code = typeof record?.code === "string" ? record.code : codeForStatus(status);
  const message =
    typeof record?.message === "string" ? record.message : `Request failed with status ${status}`;
  return new ApiError(status, code, body, message);
}

function codeForStatus(status: number): string | undefined {
  if (status === 502 || status === 503 || status === 504) return "SERVICE_UNAVAILABLE";
  if (status >= 500) return "INTERNAL_ERROR";
  return undefined;
}
