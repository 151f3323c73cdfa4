import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "./errors.js";

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

export type ReceivedFile = { fileName: string; data: Buffer };

/**
 * Reads the files of one multipart field, one at a time, handing each to `accept` while fewer than
 * `room` have been taken. Files past the room are drained without being kept, so the caller learns
 * how many were selected without holding them all in memory.
 */
export async function receiveFiles<T>(
  request: FastifyRequest,
  field: string,
  room: number,
  accept: (file: ReceivedFile) => Promise<T>,
): Promise<{ accepted: T[]; selected: number }> {
  if (!request.isMultipart()) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, "Send the files as multipart/form-data");
  }
  const accepted: T[] = [];
  let selected = 0;
  try {
    await readParts();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A truncated body, a missing boundary or too many parts: the form itself is broken.
    throw new AppError("MALFORMED_MULTIPART", 400, "The upload form could not be read; try again");
  }
  return { accepted, selected };

  async function readParts() {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      const file = part as MultipartFile;
      if (file.fieldname !== field) {
        file.file.resume();
        throw badRequest("VALIDATION_FAILED", `Unexpected file field "${file.fieldname}"`, {
          [file.fieldname]: [`Use the field "${field}"`],
        });
      }
      selected++;
      if (accepted.length >= room) {
        file.file.resume();
        continue;
      }
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new AppError("FILE_TOO_LARGE", 413, `The file is too large: ${file.filename}`, {
            fileName: file.filename,
            maxBytes: MAX_UPLOAD_BYTES,
          });
        }
        throw error;
      }
      const fileName = file.filename || `image_${Date.now()}`;
      accepted.push(await accept({ fileName, data }));
    }
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
