import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { notFound } from "../../platform/errors.js";
import { contentTypeOf, isValidKey } from "../../platform/storage.js";

/**
 * Uploaded files by key. Keys are random 192-bit capabilities handed only to callers allowed to see
 * the record; there is no listing. Content type comes from our own re-encoding, never the upload.
 */
export function register(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/files/:folder/:name",
    {
      config: { access: "public" },
      schema: {
        tags: ["files"],
        params: z.object({ folder: z.string().max(20), name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const key = `${request.params.folder}/${request.params.name}`;
      const data = isValidKey(key) ? await deps.storage.get(key) : undefined;
      if (!data) throw notFound("FILE_NOT_FOUND", "File not found");
      return reply
        .type(contentTypeOf(key))
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("content-disposition", "inline")
        .send(data);
    },
  );
}
