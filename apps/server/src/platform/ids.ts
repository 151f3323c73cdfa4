import { randomBytes } from "node:crypto";

/** A UUID v7: time-ordered (good for B-tree indexes), opaque, not guessable from its neighbours. */
export function newId(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A random secret for links and sessions: 32 bytes, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}
