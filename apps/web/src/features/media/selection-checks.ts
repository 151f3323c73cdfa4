import { LIMITS } from "@matchdesk/contract";

type LimitCode = "PHOTO_LIMIT_EXCEEDED" | "CERTIFICATE_LIMIT_EXCEEDED";

/**
 * A selection refused before anything is sent. It has the shape of the server's error body for the
 * same case, so the one error-message rule (SPEC 8) translates both alike.
 */
export type SelectionRefusal =
  | { code: LimitCode; selected: number; current: number; remaining: number; limit: number }
  | { code: "FILE_TYPE_NOT_ALLOWED"; fileName: string }
  | { code: "FILE_TOO_LARGE"; fileName: string; maxBytes: number };

type FileFacts = Pick<File, "name" | "type" | "size">;

/** SPEC 5: a selection past the limit is refused with the selected, current and remaining counts. */
export function limitRefusal(
  code: LimitCode,
  selected: number,
  current: number,
  limit: number,
): SelectionRefusal | null {
  const remaining = Math.max(0, limit - current);
  return selected > remaining ? { code, selected, current, remaining, limit } : null;
}

const CERTIFICATE_TYPES: Record<string, CertificateKind> = {
  "image/jpeg": "image",
  "image/png": "image",
  "image/gif": "image",
  "image/webp": "image",
  "application/pdf": "pdf",
};
const CERTIFICATE_EXTENSIONS: Record<string, CertificateKind> = {
  jpg: "image",
  jpeg: "image",
  png: "image",
  gif: "image",
  webp: "image",
  pdf: "pdf",
};

export type CertificateKind = "image" | "pdf";

/** SPEC 5 certificate types: JPG, PNG, GIF, WebP or PDF; by the file's type, or its name when it has none. */
export function certificateKind(file: Pick<File, "name" | "type">): CertificateKind | null {
  if (file.type) return CERTIFICATE_TYPES[file.type.toLowerCase()] ?? null;
  const extension = file.name.toLowerCase().split(".").pop() ?? "";
  return CERTIFICATE_EXTENSIONS[extension] ?? null;
}

/**
 * The first reason to refuse a certificate selection before anything is prepared: too many files,
 * a type outside SPEC 5's list, or a PDF over 10 MB (PDFs are sent unchanged). Images are checked
 * for size after the browser has reduced them, see `oversizedFile`.
 */
export function certificateRefusal(
  files: readonly FileFacts[],
  current: number,
  limit: number = LIMITS.certificatesPerProfile,
): SelectionRefusal | null {
  const overLimit = limitRefusal("CERTIFICATE_LIMIT_EXCEEDED", files.length, current, limit);
  if (overLimit) return overLimit;
  const stranger = files.find((file) => certificateKind(file) === null);
  if (stranger) return { code: "FILE_TYPE_NOT_ALLOWED", fileName: stranger.name };
  return oversizedFile(files.filter((file) => certificateKind(file) === "pdf"));
}

/** The first file larger than SPEC 9's 10 MB a certificate may have, as a refusal. */
export function oversizedFile(
  files: readonly FileFacts[],
  maxBytes: number = LIMITS.certificateBytes,
): SelectionRefusal | null {
  const large = files.find((file) => file.size > maxBytes);
  return large ? { code: "FILE_TOO_LARGE", fileName: large.name, maxBytes } : null;
}
