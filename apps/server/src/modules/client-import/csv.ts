import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import { cleanText, isStorableText, UNSTORABLE_TEXT_MESSAGE } from "@matchdesk/contract";
import { parse } from "csv-parse";
import type { FastifyRequest } from "fastify";
import iconv from "iconv-lite";
import { AppError, badRequest } from "../../platform/errors.js";
import { MAX_UPLOAD_BYTES } from "../../platform/uploads.js";

export type Encoding = "utf-8" | "windows-1251";
export type Separator = "," | ";";

/** An uploaded CSV kept in a temporary file while it is read, and the form's text fields. */
export type ReceivedCsv = { path: string; fields: Record<string, string>; dispose(): Promise<void> };

/**
 * Takes the import form: the `file` part is written to a temporary file as it arrives (memory
 * stays bounded whatever its size, up to the upload limit) and the text fields are kept, in any
 * order. A form that is not multipart is 415, a file over the limit 413, no file 400.
 */
export async function receiveCsv(
  request: Pick<FastifyRequest, "isMultipart" | "parts">,
): Promise<ReceivedCsv> {
  if (!request.isMultipart()) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, "Send the file as multipart/form-data");
  }
  const dir = await mkdtemp(join(tmpdir(), "matchdesk-import-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, "upload.csv");
  const fields: Record<string, string> = {};
  let hasFile = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") {
        const value = String(part.value);
        if (!isStorableText(part.fieldname) || !isStorableText(value)) {
          throw badRequest("VALIDATION_FAILED", "The request holds text that cannot be stored", {
            [cleanText(part.fieldname)]: [UNSTORABLE_TEXT_MESSAGE],
          });
        }
        fields[part.fieldname] = value;
        continue;
      }
      const file = part as MultipartFile;
      if (file.fieldname !== "file" || hasFile) {
        file.file.resume();
        throw badRequest("VALIDATION_FAILED", 'Send one CSV file in the field "file"', {
          file: ['Use the field "file" for one CSV file'],
        });
      }
      hasFile = true;
      await pipeline(file.file, createWriteStream(path));
      if (file.file.truncated) {
        throw new AppError(
          "FILE_TOO_LARGE",
          413,
          `The file is too large: ${cleanText(file.filename ?? "")}`,
          {
            fileName: cleanText(file.filename ?? ""),
            maxBytes: MAX_UPLOAD_BYTES,
          },
        );
      }
    }
  } catch (error) {
    await dispose();
    if (error instanceof AppError) throw error;
    throw new AppError("MALFORMED_MULTIPART", 400, "The upload form could not be read; try again");
  }
  if (!hasFile) {
    await dispose();
    throw new AppError("IMPORT_FILE_REQUIRED", 400, 'Attach the CSV file in the field "file"');
  }
  return { path, fields, dispose };
}

const SAMPLE_BYTES = 64 * 1024;

/**
 * The file's encoding and separator, from its first 64 KiB: UTF-8 when it has a BOM or reads as
 * valid UTF-8 (a character cut by the sample's end aside), Windows-1251 otherwise; ";" when the
 * header line has more semicolons than commas outside quotes.
 */
export async function detectFormat(path: string): Promise<{ encoding: Encoding; separator: Separator }> {
  const handle = await open(path, "r");
  let sample: Buffer;
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    sample = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const encoding: Encoding = isUtf8(sample, sample.length === SAMPLE_BYTES) ? "utf-8" : "windows-1251";
  const text = iconv.decode(sample, encoding);
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ",") commas++;
    else if (!quoted && char === ";") semicolons++;
  }
  return { encoding, separator: semicolons > commas ? ";" : "," };
}

function isUtf8(sample: Buffer, isCut: boolean): boolean {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return true;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  // A multi-byte character the sample's end cut in two is not an error: drop up to three bytes.
  for (let cut = 0; cut <= (isCut ? 3 : 0); cut++) {
    try {
      decoder.decode(sample.subarray(0, sample.length - cut));
      return true;
    } catch {
      // try a shorter sample
    }
  }
  return false;
}

/** The CSV's records one at a time (the header first), decoded and parsed as they stream from disk. */
export async function* readRecords(
  path: string,
  format: { encoding: Encoding; separator: Separator },
): AsyncGenerator<string[]> {
  const parser = createReadStream(path)
    .pipe(iconv.decodeStream(format.encoding))
    .pipe(
      parse({
        delimiter: format.separator,
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
      }),
    );
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    if (error instanceof AppError) throw error;
    const line = (error as { lines?: number }).lines;
    throw new AppError(
      "IMPORT_FILE_UNREADABLE",
      400,
      `The file could not be read as CSV${line ? ` (line ${line})` : ""}`,
      line ? { line } : undefined,
    );
  }
}
