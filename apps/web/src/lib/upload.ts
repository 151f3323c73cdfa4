import {
  type EndpointSpec,
  endpointUrl,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from "@matchdesk/contract";
import { ApiError, NETWORK_ERROR_CODE, reportUnauthorized, toApiError } from "./api";

export type UploadOptions = {
  /** Share of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** An endpoint of the contract that takes a multipart form (file uploads). */
export type UploadEndpoint = EndpointSpec & { readonly bodyKind: "multipart" };

/** The params of an upload endpoint, asked for exactly when its path has some; its query, if it has one. */
export type UploadInput<E extends UploadEndpoint> = ([ParamsOf<E>] extends [undefined]
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  ([QueryOf<E>] extends [undefined] ? { query?: undefined } : { query?: QueryOf<E> });

/**
 * Sends multipart form data to an upload endpoint with upload progress (fetch cannot report it):
 * the same cookies, answers and errors as `call`, including the session-expiry handling of a 401.
 */
export function uploadForm<E extends UploadEndpoint>(
  def: E,
  input: UploadInput<E>,
  form: FormData,
  options: UploadOptions = {},
): Promise<ResponseOf<E>> {
  const { onProgress, signal } = options;
  const url = endpointUrl(
    def,
    input as { params?: Record<string, unknown>; query?: Record<string, unknown> },
  );
  return new Promise<ResponseOf<E>>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(def.method, url);
    request.withCredentials = true;
    request.setRequestHeader("Accept", "application/json");

    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const body = parseBody(request);
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(body as ResponseOf<E>);
        return;
      }
      if (request.status === 401) reportUnauthorized();
      reject(toApiError(request.status, body));
    });
    request.addEventListener("error", () =>
      reject(new ApiError(0, NETWORK_ERROR_CODE, undefined, "Network error")),
    );
    request.addEventListener("abort", () => reject(new DOMException("Upload aborted", "AbortError")));

    if (signal) {
      if (signal.aborted) {
        reject(new DOMException("Upload aborted", "AbortError"));
        return;
      }
      signal.addEventListener("abort", () => request.abort(), { once: true });
    }
    request.send(form);
  });
}

function parseBody(request: XMLHttpRequest): unknown {
  const text = request.responseText;
  if (!text) return undefined;
  if (!(request.getResponseHeader("content-type") ?? "").includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
