import { PRODUCT_NAME } from "@matchdesk/contract";
import type { Db } from "../../db/client.js";
import { AppError } from "../../platform/errors.js";
import type { Mailer } from "../../platform/mail.js";
import { mailText } from "../../platform/mail-text.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { findUserByEmail, getUser, type UserRow } from "../users/service.js";
import { consumeEmailToken, issueEmailToken } from "./email-tokens.js";
import { createSession } from "./sessions.js";

export const SIGNIN_LINK_TTL_MS = 15 * 60_000;
export const WELCOME_LINK_TTL_MS = 72 * 3_600_000;

type Deps = { db: Db; mailer: Pick<Mailer, "send">; limiter: RateLimiter; publicUrl: string };

/** E-mails a one-time sign-in link to a matchmaker (SPEC 5: e-mail sign-in is only for matchmakers). */
export async function sendSignInLink(
  deps: Deps,
  user: UserRow,
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

export async function requestSignInLink(deps: Deps, email: string, ip: string) {
  await deps.limiter.hit(`email-signin:ip:${ip}`, 20, 15 * 60_000);
  await deps.limiter.hit(`email-signin:account:${email}`, 5, 15 * 60_000);
  const user = await findUserByEmail(deps.db, email);
  // An unknown address gets the same answer as a known matchmaker: no account probing.
  if (!user || user.status === "inactive") return;
  if (user.role !== "INVITER") {
    throw new AppError(
      "EMAIL_SIGNIN_MATCHMAKERS_ONLY",
      403,
      "Access restricted: e-mail sign-in is only for matchmakers",
    );
  }
  await sendSignInLink(deps, user, SIGNIN_LINK_TTL_MS, "signInLink");
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
