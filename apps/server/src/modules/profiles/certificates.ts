import { type CertificateView, LIMITS } from "@matchdesk/contract";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { certificates } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, badRequest, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { processImage, sniffImage } from "../../platform/images.js";
import { fileUrl, type Storage } from "../../platform/storage.js";
import {
  assertRoomFor,
  type FileLimit,
  type IncomingFile,
  receiveFiles,
  storeFiles,
} from "../../platform/uploads.js";
import { assertCanEditProfile } from "./media.js";

const CERTIFICATE_LIMIT: FileLimit = {
  code: "CERTIFICATE_LIMIT_EXCEEDED",
  noun: "files",
  limit: LIMITS.certificatesPerProfile,
};

type Deps = { db: Db; storage: Storage };
type Row = typeof certificates.$inferSelect;

const toView = (r: Row): CertificateView => ({
  id: r.id,
  url: fileUrl(r.storageKey),
  fileName: r.fileName,
  contentType: r.contentType,
  bytes: r.bytes,
});

const isPdf = (data: Buffer) => data.subarray(0, 5).toString("latin1") === "%PDF-";
const ALLOWED_IMAGES = new Set(["jpeg", "png", "gif", "webp"]);

/** SPEC 5: JPG, PNG, GIF, WebP or PDF, 10 MB each; images are re-encoded, PDFs kept as they are. */
async function prepare(file: { fileName: string; data: Buffer }) {
  if (file.data.length > LIMITS.certificateBytes) {
    throw new AppError("FILE_TOO_LARGE", 413, `The file is larger than 10 MB: ${file.fileName}`, {
      fileName: file.fileName,
      maxBytes: LIMITS.certificateBytes,
    });
  }
  if (isPdf(file.data))
    return { fileName: file.fileName, data: file.data, ext: "pdf", contentType: "application/pdf" };
  const kind = sniffImage(file.data);
  if (!kind || !ALLOWED_IMAGES.has(kind)) {
    throw new AppError(
      "FILE_TYPE_NOT_ALLOWED",
      415,
      `Only JPG, PNG, GIF, WebP or PDF files: ${file.fileName}`,
      {
        fileName: file.fileName,
      },
    );
  }
  const image = await processImage(file.data, file.fileName);
  return { fileName: file.fileName, data: image.main.data, ext: "webp", contentType: "image/webp" };
}

export async function getCertificates(db: Db, caller: SessionUser, profileUserId: string) {
  await assertCanEditProfile(db, caller, profileUserId);
  return listCertificates(db, profileUserId);
}

export async function listCertificates(db: Db, profileUserId: string) {
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.profileUserId, profileUserId))
    .orderBy(asc(certificates.createdAt), asc(certificates.id));
  return { items: rows.map(toView), limit: LIMITS.certificatesPerProfile };
}

/** Adds the uploaded files (SPEC 5: up to the limit); images are re-encoded, PDFs kept as sent. */
export async function uploadCertificates(
  deps: Deps,
  caller: SessionUser,
  profileUserId: string,
  files: AsyncIterable<IncomingFile>,
) {
  await assertCanEditProfile(deps.db, caller, profileUserId);
  const [existing] = await deps.db
    .select({ n: count() })
    .from(certificates)
    .where(eq(certificates.profileUserId, profileUserId));
  const current = existing?.n ?? 0;
  const remaining = Math.max(0, LIMITS.certificatesPerProfile - current);
  const { accepted, selected } = await receiveFiles(files, remaining, prepare);
  if (selected === 0) {
    throw badRequest("VALIDATION_FAILED", "Select at least one file", { certificates: ["Required field"] });
  }
  assertRoomFor(selected, current, CERTIFICATE_LIMIT);
  const stored = accepted.map((file) => ({ folder: "certificates", ext: file.ext, data: file.data }));
  await storeFiles(deps.storage, stored, (keys) =>
    deps.db.transaction(async (tx) => {
      // Uploads to one profile at the same time take turns here, and the limit is counted again.
      await tx.execute(sql`select id from users where id = ${profileUserId} for update`);
      const [now] = await tx
        .select({ n: count() })
        .from(certificates)
        .where(eq(certificates.profileUserId, profileUserId));
      assertRoomFor(selected, now?.n ?? 0, CERTIFICATE_LIMIT);
      await tx.insert(certificates).values(
        accepted.map((file, i) => ({
          id: newId(),
          profileUserId,
          storageKey: keys[i]!,
          fileName: file.fileName.slice(0, 200),
          contentType: file.contentType,
          bytes: file.data.length,
        })),
      );
    }),
  );
  return listCertificates(deps.db, profileUserId);
}

async function remove(deps: Deps, profileUserId: string, where: ReturnType<typeof eq>, expected: number) {
  const rows = await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(certificates)
      .where(and(eq(certificates.profileUserId, profileUserId), where))
      .returning();
    if (deleted.length !== expected) throw notFound("CERTIFICATE_NOT_FOUND", "Certificate not found");
    return deleted;
  });
  await deps.storage.delete(rows.map((r) => r.storageKey));
  return listCertificates(deps.db, profileUserId);
}

export async function removeCertificateByUrl(
  deps: Deps,
  caller: SessionUser,
  profileUserId: string,
  url: string,
) {
  await assertCanEditProfile(deps.db, caller, profileUserId);
  const key = url.replace(/^.*\/api\/files\//, "");
  return remove(deps, profileUserId, eq(certificates.storageKey, key), 1);
}

export async function removeCertificates(
  deps: Deps,
  caller: SessionUser,
  profileUserId: string,
  ids: string[],
) {
  await assertCanEditProfile(deps.db, caller, profileUserId);
  const unique = [...new Set(ids)];
  return remove(deps, profileUserId, inArray(certificates.id, unique), unique.length);
}
