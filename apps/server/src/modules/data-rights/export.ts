import { DATA_EXPORT_VERSION, type DataExport, EXPORT_LINK_HOURS } from "@matchdesk/contract";
import { eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { exportLinks } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, notFound } from "../../platform/errors.js";
import { hashToken, newToken } from "../../platform/ids.js";
import { fileUrl, isValidKey, type Storage } from "../../platform/storage.js";
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

const HOUR_MS = 3_600_000;
const FILES_PREFIX = fileUrl("");

/**
 * Everything held about a person (issue 20; GDPR art. 15 and 20), assembled from each module's
 * own read functions: the data-rights module reads no other module's tables. A stored file (the
 * avatar, photos and thumbnails, certificates) is named by a link of this export, absolute so the
 * document works outside the app, that opens it for 24 hours; the file's lasting key is not in
 * the document (docs/data-export.md).
 */
export async function buildExport(deps: ExportDeps, user: UserRow, now = new Date()): Promise<DataExport> {
  const { db } = deps;
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_HOURS * HOUR_MS);
  const links: (typeof exportLinks.$inferInsert)[] = [];
  const absolute = (url: string) => {
    const key = url.startsWith(FILES_PREFIX) ? url.slice(FILES_PREFIX.length) : null;
    if (key === null) return url.startsWith("/") ? `${deps.publicUrl}${url}` : url;
    const token = newToken();
    links.push({ tokenHash: hashToken(token), userId: user.id, storageKey: key, expiresAt });
    return `${deps.publicUrl}/api/export-files/${token}`;
  };
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
  const doc: DataExport = {
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
  for (let i = 0; i < links.length; i += 1000) await db.insert(exportLinks).values(links.slice(i, i + 1000));
  return doc;
}

/**
 * A file by an export's link: 404 FILE_NOT_FOUND for a link that never was (or was swept, or
 * whose file is gone), 410 EXPORT_LINK_EXPIRED once its 24 hours are over.
 */
export async function exportFile(
  deps: { db: Db; storage: Storage },
  token: string,
  now = new Date(),
): Promise<{ data: Buffer; key: string }> {
  const [link] = await deps.db
    .select()
    .from(exportLinks)
    .where(eq(exportLinks.tokenHash, hashToken(token)));
  if (!link || !isValidKey(link.storageKey)) throw notFound("FILE_NOT_FOUND", "File not found");
  if (link.expiresAt.getTime() <= now.getTime())
    throw new AppError("EXPORT_LINK_EXPIRED", 410, "This export link has expired");
  const data = await deps.storage.get(link.storageKey);
  if (!data) throw notFound("FILE_NOT_FOUND", "File not found");
  return { data, key: link.storageKey };
}

/** Housekeeping: an expired link is kept a day (its 410 says why), then deleted. */
export async function sweepExportLinks(db: Db, now: Date) {
  await db.delete(exportLinks).where(lt(exportLinks.expiresAt, new Date(now.getTime() - 24 * HOUR_MS)));
}

/** The signed-in client's own export. */
export async function exportMine(deps: ExportDeps, caller: SessionUser) {
  return buildExport(deps, await getUser(deps.db, caller.id));
}

/** A client's export for their matchmaker or an admin (404 for anyone else's client). */
export async function exportClient(deps: ExportDeps, caller: SessionUser, clientId: string) {
  return buildExport(deps, await getOwnClient(deps.db, caller, clientId));
}
