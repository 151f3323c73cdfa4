import { IMAGE_OPTIMIZATION } from "@matchdesk/contract";

/**
 * SPEC 9: every image is shrunk in the browser before upload: at most 2 MB, longest side 1920 px,
 * WebP (JPEG where the browser cannot encode WebP) at quality 0.9; a nameless file is called
 * `image_{timestamp}.{ext}`. The server re-encodes anyway, so this only saves bandwidth and time:
 * if anything goes wrong other than the cases below, the original file is sent.
 *
 * Canvas re-encoding applies the EXIF orientation and drops the rest of the EXIF block.
 */

/** The file is not an image (SPEC 5 "File is not an image"). */
export class NotAnImageError extends Error {
  readonly code = "FILE_NOT_IMAGE";
  constructor(readonly fileName: string) {
    super(`File is not an image: ${fileName}`);
    this.name = "NotAnImageError";
  }
}

/** The browser produced no file (SPEC 5 "Failed to optimize image"). */
export class OptimizeFailedError extends Error {
  readonly code = "IMAGE_OPTIMIZE_FAILED";
  constructor(readonly fileName: string) {
    super(`Failed to optimize image: ${fileName}`);
    this.name = "OptimizeFailedError";
  }
}

export type Size = { width: number; height: number };

/** The size that fits `maxSide` on the longest side, keeping the aspect ratio; never enlarges. */
export function targetSize(source: Size, maxSide: number = IMAGE_OPTIMIZATION.maxSidePx): Size {
  const longest = Math.max(source.width, source.height);
  if (longest <= maxSide || longest <= 0) return { width: source.width, height: source.height };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

const EXTENSIONS: Record<string, string> = {
  "image/webp": "webp",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/avif": "avif",
  "image/heic": "heic",
  "image/heif": "heif",
  "image/bmp": "bmp",
  "image/svg+xml": "svg",
};

export function extensionFor(mimeType: string): string {
  return EXTENSIONS[mimeType] ?? "jpg";
}

/**
 * The uploaded file's name: the original base name with the new type's extension, or
 * `image_{timestamp}.{ext}` for a file without a name (a pasted image, some cameras).
 */
export function optimizedFileName(originalName: string, mimeType: string, now: number = Date.now()): string {
  const extension = extensionFor(mimeType);
  const trimmed = originalName.trim();
  const dot = trimmed.lastIndexOf(".");
  const base = dot > 0 ? trimmed.slice(0, dot) : dot === 0 ? "" : trimmed;
  return `${base || `image_${now}`}.${extension}`;
}

export function isImageFile(file: Pick<File, "type" | "name">): boolean {
  if (file.type) return file.type.startsWith("image/");
  // Some systems give no type for HEIC and the like; the name decides then, and the server checks the bytes.
  return /\.(jpe?g|png|gif|webp|avif|heic|heif|bmp|tiff?)$/i.test(file.name);
}

/**
 * The qualities and scales to try, in order, until the result fits the byte limit: first the
 * configured quality at full target size, then lower qualities, then smaller sizes.
 */
export function encodingAttempts(
  quality: number = IMAGE_OPTIMIZATION.quality,
): { quality: number; scale: number }[] {
  const qualities = [quality, 0.8, 0.7, 0.6].filter((q) => q <= quality);
  return [
    ...qualities.map((q) => ({ quality: q, scale: 1 })),
    { quality: 0.7, scale: 0.75 },
    { quality: 0.7, scale: 0.5 },
  ];
}

type Canvas = HTMLCanvasElement | OffscreenCanvas;

function createCanvas(size: Size): Canvas {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(size.width, size.height);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

async function encode(canvas: Canvas, type: string, quality: number): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

let webpSupport: Promise<boolean> | undefined;

/** Whether this browser's canvas can write WebP (Safari before 17 falls back to PNG silently). */
function canEncodeWebp(): Promise<boolean> {
  if (!webpSupport) {
    const probe = createCanvas({ width: 1, height: 1 });
    // An OffscreenCanvas without a context refuses to encode at all.
    probe.getContext("2d");
    webpSupport = encode(probe, "image/webp", 0.9).then((blob) => blob?.type === "image/webp");
  }
  return webpSupport;
}

async function draw(bitmap: ImageBitmap, size: Size, type: string): Promise<Canvas> {
  const canvas = createCanvas(size);
  const context = canvas.getContext("2d") as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) throw new Error("No 2D canvas context");
  if (type === "image/jpeg") {
    // JPEG has no transparency: transparent pixels would turn black.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return canvas;
}

/**
 * The file to upload for `file`: shrunk and re-encoded when that works, else the original.
 * Throws NotAnImageError for a non-image and OptimizeFailedError when the browser yields no file.
 */
export async function optimizeImage(file: File, now: number = Date.now()): Promise<File> {
  const originalName = file.name.trim() || optimizedFileName("", file.type, now);
  if (!isImageFile(file)) throw new NotAnImageError(originalName);
  // The original, as sent when optimizing is not possible; a nameless one gets its generated name.
  const original = () =>
    file.name.trim() ? file : new File([file], originalName, { type: file.type, lastModified: now });

  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    // A format this browser cannot decode (HEIC in most), or not an image after all: the server decides.
    return original();
  }

  let best: Blob | null = null;
  try {
    const type = (await canEncodeWebp()) ? "image/webp" : "image/jpeg";
    const fitted = targetSize({ width: bitmap.width, height: bitmap.height });
    const isAlreadyFit =
      file.size <= IMAGE_OPTIMIZATION.maxBytes &&
      fitted.width === bitmap.width &&
      fitted.height === bitmap.height;

    for (const attempt of encodingAttempts()) {
      const size = {
        width: Math.max(1, Math.round(fitted.width * attempt.scale)),
        height: Math.max(1, Math.round(fitted.height * attempt.scale)),
      };
      const blob = await encode(await draw(bitmap, size, type), type, attempt.quality);
      if (!blob || blob.size === 0) throw new OptimizeFailedError(originalName);
      best = blob;
      if (blob.size <= IMAGE_OPTIMIZATION.maxBytes) break;
    }
    // Re-encoding a small, already fitting image can make it bigger: keep the original then.
    if (best && isAlreadyFit && best.size >= file.size) return original();
  } catch (error) {
    if (error instanceof OptimizeFailedError) throw error;
    console.warn("Image optimization failed; sending the original", error);
    return original();
  } finally {
    bitmap.close();
  }

  if (!best) throw new OptimizeFailedError(originalName);
  return new File([best], optimizedFileName(file.name, best.type || "image/jpeg", now), {
    type: best.type || "image/jpeg",
    lastModified: now,
  });
}
