import { filesApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { notFound } from "../../platform/errors.js";
import { route } from "../../platform/route.js";
import { contentTypeOf, isValidKey } from "../../platform/storage.js";

/**
 * Uploaded files by key. Keys are random 192-bit capabilities handed only to callers allowed to see
 * the record; there is no listing. Content type comes from our own re-encoding, never the upload.
 * Every file is served under `Content-Security-Policy: sandbox`, so nothing in it runs with our
 * origin; PDFs (stored as uploaded, scripts and all) are downloads, images are shown inline.
 */
export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, filesApi.get, async (request, reply) => {
    const key = `${request.params.folder}/${request.params.name}`;
    const data = isValidKey(key) ? await deps.storage.get(key) : undefined;
    if (!data) throw notFound("FILE_NOT_FOUND", "File not found");
    const type = contentTypeOf(key);
    return reply
      .type(type)
      .header("cache-control", "private, max-age=31536000, immutable")
      .header("content-security-policy", "sandbox")
      .header("content-disposition", type.startsWith("image/") ? "inline" : "attachment")
      .send(data);
  });
}
