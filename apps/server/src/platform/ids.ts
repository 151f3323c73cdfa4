import { createHash, randomBytes } from "node:crypto";

let lastMs = 0;
let counter = 0;

/**
 * A UUID v7: time-ordered (good for B-tree indexes), opaque, not guessable from its neighbours.
 * Ids made in the same millisecond keep their order through a 12-bit counter (RFC 9562, method 1),
 * so rows inserted together sort in the order they were made.
 */
export function newId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = randomBytes(2).readUInt16BE() & 0x1ff;
  } else {
    counter++;
    if (counter > 0xfff) {
      lastMs++;
      counter = 0;
    }
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** How secrets are kept at rest: only their SHA-256 is stored. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A random secret for links and sessions: 32 bytes, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}
