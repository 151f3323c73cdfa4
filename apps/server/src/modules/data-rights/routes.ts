import { dataRightsApi } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { requireSignedInPerson } from "../../platform/bearer.js";
import { route } from "../../platform/route.js";
import { sendStoredFile } from "../../platform/storage.js";
import { clearSessionCookie } from "../auth/sessions.js";
import { accessLogOf, accessSummaryOf } from "./access-log.js";
import { clientConsents, myConsents, withdrawMyConsent } from "./consents.js";
import { eraseClient, eraseMe, listenForErasures } from "./erase.js";
import { exportClient, exportFile, exportMine } from "./export.js";
import {
  clientRetentionOf,
  retentionDueOf,
  retentionSettingsOf,
  saveRetentionSettings,
  setClientRetention,
} from "./retention.js";

export function register(app: FastifyInstance, deps: AppDeps) {
  const exportDeps = { db: deps.db, publicUrl: deps.config.publicUrl };
  route(app, dataRightsApi.exportMine, (request) => exportMine(exportDeps, request.user));
  route(app, dataRightsApi.exportClient, (request) =>
    exportClient(exportDeps, request.user, request.params.id),
  );
  // The export's file links: 24 hours, then 410, never kept by the browser. Not an access-log
  // view: the export that made the link was one.
  route(app, dataRightsApi.exportFile, async (request, reply) => {
    const file = await exportFile(deps, request.params.token);
    return sendStoredFile(reply, file.key, file.data, "private, no-store");
  });
  route(app, dataRightsApi.accessLog, (request) =>
    accessLogOf(deps.db, request.user, request.params.id, request.query),
  );
  route(app, dataRightsApi.mySummary, (request) => accessSummaryOf(deps.db, request.user));

  // Erasure (GDPR art. 17). The person's sessions end in the database; the cookie goes too.
  route(app, dataRightsApi.eraseMine, async (request, reply) => {
    requireSignedInPerson(request.user);
    const report = await eraseMe(deps, request.user, request.body);
    clearSessionCookie(reply, deps.config.isHttps);
    return report;
  });
  route(app, dataRightsApi.eraseClient, (request) => {
    requireSignedInPerson(request.user);
    return eraseClient(deps, request.user, request.params.id, request.body);
  });
  // The client's consents (shared search, public profile): seen and withdrawn from the portal.
  route(app, dataRightsApi.myConsents, (request) => myConsents(deps.db, request.user));
  route(app, dataRightsApi.withdrawConsent, (request) =>
    withdrawMyConsent(deps.db, request.user, request.params.kind),
  );
  // The same ledger for the client's matchmaker or an admin (the client's page, tab "Data").
  route(app, dataRightsApi.clientConsents, (request) =>
    clientConsents(deps.db, request.user, request.params.id),
  );
  // Retention of inactive clients: the agency's setting, and each client's "keep".
  route(app, dataRightsApi.retentionSettings, (request) => retentionSettingsOf(deps.db, request.user));
  route(app, dataRightsApi.saveRetentionSettings, (request) =>
    saveRetentionSettings(deps.db, request.user, request.body),
  );
  route(app, dataRightsApi.retentionDue, (request) => retentionDueOf(deps.db, request.user));
  route(app, dataRightsApi.clientRetention, (request) =>
    clientRetentionOf(deps.db, request.user, request.params.id),
  );
  route(app, dataRightsApi.setClientRetention, (request) =>
    setClientRetention(deps.db, request.user, request.params.id, request.body),
  );
  const erasures = listenForErasures(deps.database);
  app.addHook("onClose", async () => (await erasures).stop());
}
