import { endpointId, filesApi } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { certificates } from "../../db/schema/index.js";
import type { AppDeps } from "../../deps.js";
import { notFound } from "../../platform/errors.js";
import { route } from "../../platform/route.js";
import { isValidKey, sendStoredFile } from "../../platform/storage.js";
import { actorOf, recordAccess } from "../data-rights/access-log.js";

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
    // A client's certificate is a sensitive document: its download by someone signed in who is
    // not the client is a view in the client's access log (issue 20), before the file goes out.
    // Photos and thumbnails, shown in every list, are not; nor is a download without an account
    // (the key is a capability: no one to name, and the client's own export links to it).
    if (request.params.folder === "certificates" && request.user) {
      const [owner] = await deps.db
        .select({ id: certificates.profileUserId })
        .from(certificates)
        .where(eq(certificates.storageKey, key));
      if (owner) {
        await recordAccess(deps.db, {
          clientIds: [owner.id],
          actor: actorOf(request.user),
          action: "view",
          what: endpointId(filesApi.get),
          ip: request.ip ?? null,
        });
      }
    }
    // The key never changes: the browser keeps the file a year.
    return sendStoredFile(reply, key, data, "private, max-age=31536000, immutable");
  });
}
