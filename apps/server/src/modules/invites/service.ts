import {
  type CreateInviteBody,
  type InviteView,
  PRODUCT_NAME,
  type RegisterBody,
  type Role,
} from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, notFound } from "../../platform/errors.js";
import type { Mailer } from "../../platform/mail.js";
import { mailText } from "../../platform/mail-text.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { getAgencyName } from "../agencies/service.js";
import { consumeEmailToken, issueEmailToken } from "../auth/email-tokens.js";
import { createSession } from "../auth/sessions.js";
import { getOwnClient } from "../clients/service.js";
import { type NotifyDeps, notify } from "../notifications/service.js";
import {
  claimAccount,
  clientEmailOf,
  createUser,
  deleteUser,
  findUserByEmail,
  getUser,
  type UserRow,
  type UserWithEmail,
} from "../users/service.js";
import { clientEventData } from "../webhooks/events.js";
import { emitWebhookEvent } from "../webhooks/service.js";

const INVITE_TTL_MS = 14 * 86_400_000;

type Deps = { db: Db; mailer: Pick<Mailer, "send">; limiter: RateLimiter; config: { publicUrl: string } };

/** An admin's invite makes a matchmaker; a matchmaker's invite makes a client of theirs. */
export function grantedRole(inviterRole: Role): "INVITER" | "INVITEE" | null {
  if (inviterRole === "ADMIN") return "INVITER";
  if (inviterRole === "INVITER") return "INVITEE";
  return null;
}

const inviteNotFound = () => notFound("INVITE_NOT_FOUND", "This invite code is not valid");

async function findInviter(db: Db, code: string): Promise<UserRow & { grants: "INVITER" | "INVITEE" }> {
  const [inviter] = await db.select().from(users).where(eq(users.inviteCode, code.toLowerCase()));
  const grants = inviter ? grantedRole(inviter.role) : null;
  if (!inviter || !grants || inviter.status === "inactive") throw inviteNotFound();
  return { ...inviter, grants };
}

export const registrationLink = (publicUrl: string, code: string, token?: string) =>
  `${publicUrl}/app/register?invite=${encodeURIComponent(code)}${token ? `&token=${encodeURIComponent(token)}` : ""}`;

export async function getInvite(
  deps: Pick<Deps, "db" | "limiter">,
  code: string,
  ip: string,
): Promise<InviteView> {
  await deps.limiter.hit(`invite-lookup:ip:${ip}`, 60, 60_000);
  const inviter = await findInviter(deps.db, code);
  return {
    code: inviter.inviteCode,
    grantsRole: inviter.grants,
    inviter: {
      firstName: inviter.firstName,
      lastName: inviter.lastName,
      agencyName: await getAgencyName(deps.db, inviter.id),
    },
  };
}

export async function myInvite(deps: Pick<Deps, "db" | "config">, caller: SessionUser) {
  const user = await getUser(deps.db, caller.id);
  return { code: user.inviteCode, link: registrationLink(deps.config.publicUrl, user.inviteCode) };
}

export async function myInviteQr(
  deps: Pick<Deps, "db" | "config">,
  caller: SessionUser,
  format: "png" | "svg",
) {
  const { link } = await myInvite(deps, caller);
  if (format === "svg") return QRCode.toString(link, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return QRCode.toBuffer(link, { type: "png", width: 512, margin: 2, errorCorrectionLevel: "M" });
}

async function sendInvitation(deps: Deps, inviter: UserRow, invitee: UserRow) {
  const to = clientEmailOf(invitee);
  const token = await issueEmailToken(deps.db, invitee.id, "invite", INVITE_TTL_MS);
  const agency = await getAgencyName(deps.db, inviter.id);
  const mail = mailText(invitee.locale, "invitation", {
    name: invitee.firstName,
    inviter: agency ?? `${inviter.firstName} ${inviter.lastName}`.trim(),
    link: registrationLink(deps.config.publicUrl, inviter.inviteCode, token),
    product: PRODUCT_NAME,
  });
  await deps.mailer.send({ to, ...mail });
}

/** Creates the invited person's account (no password yet) and e-mails them the invitation. */
export async function createInvite(
  deps: Deps,
  caller: SessionUser,
  body: CreateInviteBody,
): Promise<UserRow> {
  await deps.limiter.hit(`invite-create:user:${caller.id}`, 200, 3_600_000);
  const inviter = await getUser(deps.db, caller.id);
  if (inviter.role !== "INVITER") throw new AppError("FORBIDDEN", 403, "Only matchmakers invite clients");
  const invitee = await createUser(deps.db, {
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    role: "INVITEE",
    inviterId: inviter.id,
    locale: body.locale ?? (inviter.locale === "en-US" ? "en-US" : "ru-RU"),
  });
  try {
    await sendInvitation(deps, inviter, invitee);
  } catch (error) {
    // Without the e-mail the invitation did not happen: leave nothing behind, so a retry works.
    await deleteUser(deps.db, invitee.id);
    throw error;
  }
  // The account counts once the invitation went out (a failed mail removed it again).
  await announceNewClient(deps.db, invitee);
  return invitee;
}

/** The matchmaker's webhooks hear of a client account that now exists (`client.created`). */
async function announceNewClient(db: Db, user: UserRow) {
  if (user.role !== "INVITEE" || !user.inviterId) return;
  await emitWebhookEvent(db, [user.inviterId], "client.created", clientEventData(user));
}

export async function resendInvite(deps: Deps, caller: SessionUser, userId: string) {
  const invitee = await getOwnClient(deps.db, caller, userId);
  await deps.limiter.hit(`invite-resend:${invitee.id}`, 5, 3_600_000);
  if (invitee.passwordHash || invitee.termsAcceptedAt) {
    throw new AppError("ALREADY_REGISTERED", 409, "This person has already registered");
  }
  await sendInvitation(deps, await getUser(deps.db, invitee.inviterId!), invitee);
}

/**
 * Registration through an invite code. A client whose matchmaker created the account claims it
 * with the token from the invitation e-mail; anyone else gets a new account.
 */
export async function register(deps: Deps, body: RegisterBody, ip: string) {
  await deps.limiter.hit(`register:ip:${ip}`, 20, 3_600_000);
  const inviter = await findInviter(deps.db, body.inviteCode);
  const existing = await findUserByEmail(deps.db, body.email);
  let user: UserRow;
  if (existing) {
    const isPending =
      !existing.passwordHash && !existing.termsAcceptedAt && existing.inviterId === inviter.id;
    if (!isPending || !body.inviteToken) {
      throw new AppError("EMAIL_TAKEN", 409, "A user with this e-mail already exists");
    }
    const owner = await consumeEmailToken(deps.db, body.inviteToken, "invite");
    if (owner !== existing.id) {
      throw new AppError("INVITE_TOKEN_INVALID", 410, "This invitation link has expired; ask for a new one");
    }
    user = await claimAccount(deps.db, existing, body);
  } else {
    user = await deps.db.transaction(async (tx) => {
      const created = await createUser(tx, {
        email: body.email,
        password: body.password,
        firstName: body.firstName,
        lastName: body.lastName,
        role: inviter.grants,
        inviterId: inviter.id,
        termsAccepted: true,
        locale: body.locale,
      });
      await announceNewClient(tx, created);
      return created;
    });
  }
  await announceRegistration(deps, inviter, user);
  const session = await createSession(deps.db, user.id);
  return { user, ...session };
}

/** The matchmaker hears of a client who registered through their invite. */
async function announceRegistration(deps: NotifyDeps, inviter: UserRow, user: UserRow) {
  if (user.role !== "INVITEE") return;
  await notify(deps, inviter.id, "client_registered", {
    clientId: user.id,
    clientName: `${user.firstName} ${user.lastName}`.trim(),
  });
}

/** Registration through an external provider that confirmed the e-mail; terms were accepted before it started. */
export async function registerWithProvider(
  deps: NotifyDeps,
  inviteCode: string,
  identity: { email: string; firstName: string; lastName: string },
): Promise<UserWithEmail> {
  const inviter = await findInviter(deps.db, inviteCode);
  const user = await deps.db.transaction(async (tx) => {
    const created = await createUser(tx, {
      ...identity,
      role: inviter.grants,
      inviterId: inviter.id,
      termsAccepted: true,
    });
    await announceNewClient(tx, created);
    return created;
  });
  await announceRegistration(deps, inviter, user);
  return user;
}
