import type { LoginBody } from "@matchdesk/contract";
import { hash, verify } from "@node-rs/argon2";
import type { Db } from "../../db/client.js";
import { AppError } from "../../platform/errors.js";
import { newToken } from "../../platform/ids.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { findUserByEmail, type UserRow } from "../users/service.js";
import { isKnownSignIn, rememberSignIn, type SignInSource } from "./known-sign-ins.js";
import { createSession } from "./sessions.js";

// Sign-in throttling after OWASP (Authentication and Credential Stuffing cheat sheets): never a
// lockout that anyone can trigger for someone else.
// 1. Per address, all accounts: a generous cap (an office behind one NAT signs in many people).
const ATTEMPTS_PER_IP = 50;
// 2. Per (account, address) pair: the guesses one address may make against one account.
const ATTEMPTS_PER_PAIR = 10;
const WINDOW_MS = 15 * 60_000;
// 3. Per account, from addresses and browsers it never signed in from: a few free attempts, then
// a growing delay (15 s, 30 s, ... up to 15 minutes) that a botnet shares. Refused early attempts
// are answered at once with Retry-After: nothing waits on the server.
const ACCOUNT_BACKOFF = {
  free: 5,
  firstDelayMs: 15_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 60 * 60_000,
};
// Verified against when the e-mail is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hash(newToken());
  return dummyHash;
};

const invalidCredentials = () => new AppError("INVALID_CREDENTIALS", 401, "Invalid credentials");

/**
 * Password sign-in. Every attempt is counted before the password is checked, so parallel guesses
 * cannot slip past. A browser or address that signed in to the account before skips the account's
 * delay (it still has its own pair limit), so an attack from elsewhere never keeps the owner out.
 */
export async function login(
  deps: { db: Db; limiter: RateLimiter },
  input: LoginBody,
  source: SignInSource,
): Promise<{ user: UserRow; token: string; expiresAt: Date; device: string }> {
  const ipKey = `login:ip:${source.ip}`;
  const pairKey = `login:pair:${input.email}:${source.ip}`;
  const accountKey = `login:account:${input.email}`;
  await deps.limiter.hit(ipKey, ATTEMPTS_PER_IP, WINDOW_MS);
  await deps.limiter.hit(pairKey, ATTEMPTS_PER_PAIR, WINDOW_MS);
  const user = await findUserByEmail(deps.db, input.email);
  // An unknown e-mail is never "known" (and costs the same query), so it is throttled exactly like
  // a real account.
  const isKnown = await isKnownSignIn(deps.db, user?.id ?? "", source);
  if (!isKnown) await deps.limiter.backoff(accountKey, ACCOUNT_BACKOFF);
  const isValid = await verify(user?.passwordHash ?? (await getDummyHash()), input.password).catch(
    () => false,
  );
  if (!user?.passwordHash || !isValid || user.status === "inactive") {
    throw invalidCredentials();
  }
  // A success was not a guess: the pair starts over and the address and account get their count
  // back, so an office behind one address is limited by its failures only. The account's delay
  // stays as it is: an attack elsewhere may still be going on.
  await deps.limiter.reset(pairKey);
  await deps.limiter.undo(ipKey);
  if (!isKnown) await deps.limiter.undo(accountKey);
  const device = await rememberSignIn(deps.db, user.id, source);
  const session = await createSession(deps.db, user.id);
  return { user, ...session, device };
}
