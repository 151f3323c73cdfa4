import { PRODUCT_NAME } from "@matchdesk/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { AppError } from "../../platform/errors.js";
import type { Mailer } from "../../platform/mail.js";
import { mailText } from "../../platform/mail-text.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { findUserByEmail, getUser, type UserWithEmail } from "../users/service.js";
import { consumeEmailToken, issueEmailToken } from "./email-tokens.js";
import { createSession } from "./sessions.js";

export const SIGNIN_LINK_TTL_MS = 15 * 60_000;
export const WELCOME_LINK_TTL_MS = 72 * 3_600_000;

type Deps = { db: Db; mailer: Pick<Mailer, "send">; limiter: RateLimiter; publicUrl: string };

/** E-mails a one-time sign-in link to a matchmaker (SPEC 5: e-mail sign-in is only for matchmakers). */
export async function sendSignInLink(
  deps: Deps,
  user: UserWithEmail,
  ttlMs: number,
  kind: "signInLink" | "welcomeMatchmaker",
) {
  const token = await issueEmailToken(deps.db, user.id, "signin", ttlMs);
  const link = `${deps.publicUrl}/auth/email?token=${encodeURIComponent(token)}`;
  const mail = mailText(user.locale, kind, {
    name: user.firstName || user.email,
    link,
    product: PRODUCT_NAME,
  });
  await deps.mailer.send({ to: user.email, ...mail });
}

// Mails still being sent after their request was answered: awaited when the app closes.
const inFlight = new Set<Promise<void>>();

/** Resolves once every sign-in mail under way has been sent or has failed. */
export async function signInMailsSettled() {
  await Promise.allSettled([...inFlight]);
}

/**
 * Answers every address alike (no account probing, not even by timing): only the two counters,
 * which are the same for any address, run before the answer; looking the address up and mailing
 * happen after it. A matchmaker gets a sign-in link; a client or an administrator gets a note, in
 * their language, that e-mail sign-in is only for matchmakers (SPEC 5); an unknown address gets
 * nothing.
 */
export async function requestSignInLink(deps: Deps, email: string, ip: string, log: FastifyBaseLogger) {
  await deps.limiter.hit(`email-signin:ip:${ip}`, 20, 15 * 60_000);
  await deps.limiter.hit(`email-signin:account:${email}`, 5, 15 * 60_000);
  // Started on the next turn of the event loop, once this answer is on its way.
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => mailSignIn(deps, email))
    .catch((error: unknown) => {
      // The kind of failure only: a driver's message may quote the address.
      const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
      log.warn({ err: { type: name, code } }, "sign-in e-mail not sent");
    });
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
}

async function mailSignIn(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.status === "inactive") return;
  if (user.role === "INVITER") {
    await sendSignInLink(deps, user, SIGNIN_LINK_TTL_MS, "signInLink");
    return;
  }
  const mail = mailText(user.locale, "signInMatchmakersOnly", {
    name: user.firstName || user.email,
    link: `${deps.publicUrl}/login`,
    product: PRODUCT_NAME,
  });
  await deps.mailer.send({ to: user.email, ...mail });
}

export async function verifySignInLink(deps: Pick<Deps, "db" | "limiter">, token: string, ip: string) {
  await deps.limiter.hit(`email-verify:ip:${ip}`, 30, 15 * 60_000);
  const userId = await consumeEmailToken(deps.db, token, "signin");
  if (!userId) {
    throw new AppError(
      "SIGNIN_LINK_EXPIRED",
      410,
      "Sign-in link expired or already used; request a new link",
    );
  }
  const user = await getUser(deps.db, userId);
  if (user.role !== "INVITER" || user.status === "inactive") {
    throw new AppError(
      "EMAIL_SIGNIN_MATCHMAKERS_ONLY",
      403,
      "Access restricted: e-mail sign-in is only for matchmakers",
    );
  }
  const session = await createSession(deps.db, user.id);
  return { user, ...session };
}
