import type { LoginBody } from "@matchdesk/contract";
import { hash, verify } from "@node-rs/argon2";
import type { Db } from "../../db/client.js";
import { AppError } from "../../platform/errors.js";
import { newToken } from "../../platform/ids.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { findUserByEmail, type UserRow } from "../users/service.js";
import { createSession } from "./sessions.js";

const ATTEMPTS_PER_ACCOUNT = 10;
// Higher for an address: an office behind one NAT signs in many people.
const ATTEMPTS_PER_IP = 50;
const WINDOW_MS = 15 * 60_000;
// Verified against when the e-mail is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hash(newToken());
  return dummyHash;
};

const invalidCredentials = () => new AppError("INVALID_CREDENTIALS", 401, "Invalid credentials");

export async function login(
  deps: { db: Db; limiter: RateLimiter },
  input: LoginBody,
  ip: string,
): Promise<{ user: UserRow; token: string; expiresAt: Date }> {
  // Each attempt is counted before the password is checked, so parallel guesses cannot slip past.
  const accountKey = `login:account:${input.email}`;
  const ipKey = `login:ip:${ip}`;
  await deps.limiter.hit(ipKey, ATTEMPTS_PER_IP, WINDOW_MS);
  await deps.limiter.hit(accountKey, ATTEMPTS_PER_ACCOUNT, WINDOW_MS);
  const user = await findUserByEmail(deps.db, input.email);
  const isValid = await verify(user?.passwordHash ?? (await getDummyHash()), input.password).catch(
    () => false,
  );
  if (!user?.passwordHash || !isValid || user.status === "inactive") {
    throw invalidCredentials();
  }
  // A success was not a guess: it leaves the account's count and gives back the address's one, so
  // an office behind one address is limited by its failures only (each still counts).
  await deps.limiter.reset(accountKey);
  await deps.limiter.undo(ipKey);
  const session = await createSession(deps.db, user.id);
  return { user, ...session };
}
