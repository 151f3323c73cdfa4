import { DATA_EXPORT_VERSION, type DataExport } from "@matchdesk/contract";
import type { Db } from "../../db/client.js";
import type { SessionUser } from "../../platform/access.js";
import { messagesWrittenBy } from "../chat/service.js";
import { getOwnClient } from "../clients/service.js";
import { consentsOf, toConsentEntry } from "../consents/ledger.js";
import { creditHistory, getCredits } from "../credits/service.js";
import { consentLedgerOf } from "../introductions/consent.js";
import { introductionsOfClient } from "../introductions/records.js";
import { notificationsOf } from "../notifications/service.js";
import { packagesOf } from "../packages/service.js";
import { listCertificates } from "../profiles/certificates.js";
import { listPhotos } from "../profiles/media.js";
import { readDisplaySettings } from "../profiles/public.js";
import { readClientProfile } from "../profiles/service.js";
import { getUser, toUserView, type UserRow } from "../users/service.js";

type ExportDeps = { db: Db; publicUrl: string };

/**
 * Everything held about a person (issue 20; GDPR art. 15 and 20), assembled from each module's
 * own read functions: the data-rights module reads no other module's tables. A file's URL is
 * made absolute so the document works outside the app (docs/data-export.md).
 */
export async function buildExport(deps: ExportDeps, user: UserRow, now = new Date()): Promise<DataExport> {
  const { db } = deps;
  const absolute = (url: string) => (url.startsWith("/") ? `${deps.publicUrl}${url}` : url);
  const isClient = user.role === "INVITEE";
  const [profile, displaySettings, photos, certificates, introductions, ledger, packages] = await Promise.all(
    [
      isClient ? readClientProfile(db, user.id) : null,
      isClient ? readDisplaySettings(db, user.id) : null,
      listPhotos(db, user.id),
      listCertificates(db, user.id),
      introductionsOfClient(db, user.id),
      consentLedgerOf(db, user.id, { all: true }),
      packagesOf(db, user.id, now),
    ],
  );
  const [notifications, chatMessages, consents, credits] = await Promise.all([
    notificationsOf(db, user.id),
    messagesWrittenBy(db, user.id),
    consentsOf(db, user.id),
    isClient
      ? null
      : Promise.all([getCredits(db, user.id, now), creditHistory(db, user.id)]).then(
          ([balance, transactions]) => ({ balance, transactions }),
        ),
  ]);
  const account = toUserView(user);
  return {
    format: "matchdesk-data-export",
    version: DATA_EXPORT_VERSION,
    generatedAt: now.toISOString(),
    account: { ...account, avatarUrl: account.avatarUrl && absolute(account.avatarUrl) },
    profile: profile && { ...profile, avatarUrl: profile.avatarUrl && absolute(profile.avatarUrl) },
    displaySettings,
    photos: photos.map((p) => ({ ...p, url: absolute(p.url), thumbUrl: absolute(p.thumbUrl) })),
    certificates: certificates.items.map((c) => ({ ...c, url: absolute(c.url) })),
    introductions,
    consentLedger: ledger.items.map(({ recipientId: _, recipientName, ...entry }) => ({
      ...entry,
      recipientName: entry.recipientRole === "client" ? recipientName : null,
    })),
    packages: packages.items,
    notifications,
    chatMessages,
    consents: consents.map(toConsentEntry),
    credits,
  };
}

/** The signed-in client's own export. */
export async function exportMine(deps: ExportDeps, caller: SessionUser) {
  return buildExport(deps, await getUser(deps.db, caller.id));
}

/** A client's export for their matchmaker or an admin (404 for anyone else's client). */
export async function exportClient(deps: ExportDeps, caller: SessionUser, clientId: string) {
  return buildExport(deps, await getOwnClient(deps.db, caller, clientId));
}
