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

export type ApiOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Set for calls where 401 is an answer, not an expired session (sign-in, password-gated pages). */
  skipSessionExpiry?: boolean;
};

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides what a 401 means (clear the session, go to the front page); see app/session-expiry.ts. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** For calls made outside `api` (uploads with progress): a 401 means the same everywhere. */
export function reportUnauthorized(): void {
  onUnauthorized();
}

/** The one way the web app calls the API: same-origin cookies, JSON in and out, ApiError on failure. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = "GET", body, signal, skipSessionExpiry = false } = options;
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
  if (response.ok) return parsed as T;

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
