import sharp from "sharp";

/** A JPEG photo with camera and GPS tags, as a phone makes it. */
export async function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 120 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "X1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "55/1 45/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "37/1 37/1 0/1",
      },
    })
    .toBuffer();
}

/** A JPEG whose pixels are stored sideways with an EXIF orientation of 6 (rotate 90°). */
export async function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 100, channels: 3, background: "#336699" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small file that declares more pixels than the decompression-bomb limit. */
export async function hugePng(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A multipart body with repeated file fields, as a browser's FormData sends it. */
export function multipart(field: string, files: { name: string; data: Buffer; type?: string }[]) {
  const boundary = `----matchdesk${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? "image/jpeg"}\r\n\r\n`,
      ),
      f.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
