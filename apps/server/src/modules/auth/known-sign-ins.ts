import { and, eq, gt, inArray } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { knownSignIns } from "../../db/schema/index.js";
import { hashToken, newToken } from "../../platform/ids.js";

/**
 * Where an account signed in before: OWASP's device cookie (a random token this browser keeps,
 * "Slow Down Online Guessing Attacks with Device Cookies") and the address. A password attempt
 * from either skips the account's growing delay, so an attack from elsewhere never keeps the
 * owner out; it still counts against its own (account, address) limit. Entries expire
 * KNOWN_FOR_MS after the last successful sign-in from there.
 */
export const DEVICE_COOKIE = "did";
const KNOWN_FOR_MS = 90 * 86_400_000;
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type SignInSource = { ip: string; device: string | undefined };

// Keyed by the user too: one browser shared by two accounts is known to each on its own.
const deviceKey = (userId: string, device: string) => hashToken(`device:${userId}:${device}`);
const addressKey = (userId: string, ip: string) => hashToken(`address:${userId}:${ip}`);
const keysOf = (userId: string, source: SignInSource) =>
  source.device
    ? [deviceKey(userId, source.device), addressKey(userId, source.ip)]
    : [addressKey(userId, source.ip)];

/** The device token the browser sent, if it has the shape of one we issue. */
export function deviceOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[DEVICE_COOKIE];
  return value && DEVICE_TOKEN.test(value) ? value : undefined;
}

export async function isKnownSignIn(db: Db, userId: string, source: SignInSource): Promise<boolean> {
  const [row] = await db
    .select({ keyHash: knownSignIns.keyHash })
    .from(knownSignIns)
    .where(
      and(
        inArray(knownSignIns.keyHash, keysOf(userId, source)),
        eq(knownSignIns.userId, userId),
        gt(knownSignIns.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Remembers a successful sign-in's device and address for KNOWN_FOR_MS more; returns the device
 * token for the cookie (the browser's own, or a new one).
 */
export async function rememberSignIn(db: Db, userId: string, source: SignInSource): Promise<string> {
  const device = source.device ?? newToken();
  const expiresAt = new Date(Date.now() + KNOWN_FOR_MS);
  await db
    .insert(knownSignIns)
    .values(keysOf(userId, { ...source, device }).map((keyHash) => ({ keyHash, userId, expiresAt })))
    .onConflictDoUpdate({ target: knownSignIns.keyHash, set: { expiresAt } });
  return device;
}

export function setDeviceCookie(reply: FastifyReply, device: string, secure: boolean) {
  // Only the sign-in routes read it; httpOnly, so a script cannot carry it elsewhere.
  reply.setCookie(DEVICE_COOKIE, device, {
    path: "/api/auth",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: KNOWN_FOR_MS / 1000,
  });
}
