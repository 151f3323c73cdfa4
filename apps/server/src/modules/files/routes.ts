import { filesApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { notFound } from "../../platform/errors.js";
import { route } from "../../platform/route.js";
import { contentTypeOf, isValidKey } from "../../platform/storage.js";

/**
 * Uploaded files by key. Keys are random 192-bit capabilities handed only to callers allowed to see
 * the record; there is no listing. Content type comes from our own re-encoding, never the upload.
 */
export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, filesApi.get, async (request, reply) => {
    const key = `${request.params.folder}/${request.params.name}`;
    const data = isValidKey(key) ? await deps.storage.get(key) : undefined;
    if (!data) throw notFound("FILE_NOT_FOUND", "File not found");
    return reply
      .type(contentTypeOf(key))
      .header("cache-control", "private, max-age=31536000, immutable")
      .header("content-disposition", "inline")
      .send(data);
  });
}
