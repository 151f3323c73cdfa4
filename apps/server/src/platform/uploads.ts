import type { MultipartFile } from "@fastify/multipart";
import { cleanText, isStorableText, UNSTORABLE_TEXT_MESSAGE } from "@matchdesk/contract";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "./errors.js";
import { newFileKey, type Storage } from "./storage.js";

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

export type ReceivedFile = { fileName: string; data: Buffer };

/** One file of an upload as it arrives: `read` takes it whole; a file left unread is skipped. */
export type IncomingFile = { fileName: string; read(): Promise<Buffer> };

/**
 * The files of one multipart field, one at a time as the form arrives. Nothing is read until the
 * first file is asked for, so a service checks who may upload before the body is touched. A form
 * that is not multipart is 415, a file under another field 400, a file over the size limit 413,
 * and a form that cannot be read (truncated, no boundary, too many parts) 400 MALFORMED_MULTIPART.
 * The contract's text rule (`text.ts`) holds here too: a text field that cannot be stored is 400
 * VALIDATION_FAILED on that field; a file's name has such characters replaced, since the person
 * did not type it and the file itself is fine.
 */
export async function* multipartFiles(
  request: Pick<FastifyRequest, "isMultipart" | "parts">,
  field: string,
): AsyncGenerator<IncomingFile> {
  if (!request.isMultipart()) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, "Send the files as multipart/form-data");
  }
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") {
        if (!isStorableText(part.fieldname) || !isStorableText(String(part.value))) {
          throw badRequest("VALIDATION_FAILED", "The request holds text that cannot be stored", {
            [cleanText(part.fieldname)]: [UNSTORABLE_TEXT_MESSAGE],
          });
        }
        continue;
      }
      const file = part as MultipartFile;
      if (file.fieldname !== field) {
        file.file.resume();
        const fieldName = cleanText(file.fieldname);
        throw badRequest("VALIDATION_FAILED", `Unexpected file field "${fieldName}"`, {
          [fieldName]: [`Use the field "${field}"`],
        });
      }
      let isRead = false;
      const fileName = cleanText(file.filename ?? "") || `image_${Date.now()}`;
      yield {
        fileName,
        read: () => {
          isRead = true;
          return file.toBuffer().catch((error: unknown) => {
            throw formError(error, fileName);
          });
        },
      };
      // A file the caller did not take is drained unread, so the next part can arrive.
      if (!isRead) file.file.resume();
    }
  } catch (error) {
    throw formError(error);
  }
}

/** What went wrong reading the form, in the API's terms. */
function formError(error: unknown, fileName?: string): AppError {
  if (error instanceof AppError) return error;
  if (fileName !== undefined && (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
    return new AppError("FILE_TOO_LARGE", 413, `The file is too large: ${fileName}`, {
      fileName,
      maxBytes: MAX_UPLOAD_BYTES,
    });
  }
  // A truncated body, a missing boundary or too many parts: the form itself is broken.
  return new AppError("MALFORMED_MULTIPART", 400, "The upload form could not be read; try again");
}

/**
 * Takes the files of an upload one at a time, handing each to `accept` while fewer than `room`
 * have been taken. Files past the room are skipped unread, so the caller learns how many were
 * selected without holding them all in memory.
 */
export async function receiveFiles<T>(
  files: AsyncIterable<IncomingFile>,
  room: number,
  accept: (file: ReceivedFile) => Promise<T>,
): Promise<{ accepted: T[]; selected: number }> {
  const accepted: T[] = [];
  let selected = 0;
  for await (const file of files) {
    selected++;
    if (accepted.length >= room) continue;
    accepted.push(await accept({ fileName: file.fileName, data: await file.read() }));
  }
  return { accepted, selected };
}

/** A file to keep: the folder of its key, its extension and its bytes. */
export type FileToStore = { folder: string; ext: string; data: Buffer };

/**
 * Stores files under new random keys, in order, then hands the keys to `record` (which saves the
 * rows that point at them). If a write or `record` fails, every file written is removed again, so
 * a failed upload leaves nothing behind.
 */
export async function storeFiles<T>(
  storage: Storage,
  files: readonly FileToStore[],
  record: (keys: string[]) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    for (const file of files) {
      const key = newFileKey(file.folder, file.ext);
      await storage.put(key, file.data);
      written.push(key);
    }
    return await record([...written]);
  } catch (error) {
    await storage.delete(written);
    throw error;
  }
}

export type FileLimit = {
  code: "PHOTO_LIMIT_EXCEEDED" | "CERTIFICATE_LIMIT_EXCEEDED";
  noun: string;
  limit: number;
};

/**
 * SPEC 5: a selection past the limit is refused with the selected, current and remaining counts.
 * Called before storing and again inside the transaction that inserts, after locking the owner.
 */
export function assertRoomFor(selected: number, current: number, rule: FileLimit) {
  const remaining = Math.max(0, rule.limit - current);
  if (selected <= remaining) return;
  throw new AppError(
    rule.code,
    400,
    `Too many ${rule.noun}: ${selected} selected, ${current} already uploaded, ${remaining} more allowed`,
    { selected, current, remaining, limit: rule.limit },
  );
}
