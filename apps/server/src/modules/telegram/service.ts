import { TELEGRAM_LINK_CODE_MINUTES, type TelegramLink, type TelegramState } from "@matchdesk/contract";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { telegramLinkCodes, telegramLinks, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError } from "../../platform/errors.js";
import { hashToken, newId, newToken } from "../../platform/ids.js";

/** What the routes need of the bot (bot.ts): its name for the deep link. */
type TelegramBot = { username(): Promise<string> };

const disabled = () =>
  new AppError("TELEGRAM_DISABLED", 503, "Telegram is not set up on this server (TELEGRAM_BOT_TOKEN)");

export async function telegramState(
  db: Db,
  bot: TelegramBot | undefined,
  caller: SessionUser,
): Promise<TelegramState> {
  const [link] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, caller.id));
  return {
    enabled: bot !== undefined,
    linked: link !== undefined,
    botUsername: bot ? await bot.username().catch(() => null) : null,
    linkedAt: link?.linkedAt.toISOString() ?? null,
  };
}

/**
 * A one-time code in a deep link (`https://t.me/<bot>?start=<code>`): 43 URL-safe characters, as
 * Telegram's start parameter allows; only its hash is kept. The caller's earlier unused codes
 * stop working, so one live code exists per person.
 */
export async function createLinkCode(
  db: Db,
  bot: TelegramBot | undefined,
  caller: SessionUser,
): Promise<TelegramLink> {
  if (!bot) throw disabled();
  const username = await bot.username().catch(() => {
    throw new AppError("SERVICE_UNAVAILABLE", 503, "The Telegram bot cannot be reached now");
  });
  const code = newToken();
  const expiresAt = new Date(Date.now() + TELEGRAM_LINK_CODE_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, caller.id));
    await tx.insert(telegramLinkCodes).values({ codeHash: hashToken(code), userId: caller.id, expiresAt });
  });
  return { url: `https://t.me/${username}?start=${code}`, expiresAt: expiresAt.toISOString() };
}

/** Unlinks the caller's chat (idempotent: no chat linked is fine). */
export async function unlinkUser(db: Db, caller: SessionUser): Promise<void> {
  await db.delete(telegramLinks).where(eq(telegramLinks.userId, caller.id));
}

export type LinkedPerson = { id: string; firstName: string; locale: string };

/**
 * `/start <code>`: uses the code up (once, conditionally, so two chats racing with one code link
 * one of them) and links the chat, replacing the person's earlier chat and the chat's earlier
 * account. Answers the person, or undefined for an unknown, used or expired code.
 */
export async function linkChat(db: Db, code: string, chatId: number): Promise<LinkedPerson | undefined> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(telegramLinkCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(telegramLinkCodes.codeHash, hashToken(code)),
          isNull(telegramLinkCodes.usedAt),
          gt(telegramLinkCodes.expiresAt, new Date()),
        ),
      )
      .returning({ userId: telegramLinkCodes.userId });
    if (!used) return undefined;
    const [person] = await tx
      .select({ id: users.id, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(and(eq(users.id, used.userId), isNull(users.erasedAt)));
    if (!person) return undefined;
    await tx.delete(telegramLinks).where(eq(telegramLinks.chatId, chatId));
    // Notifications from now on: a fresh time-ordered id marks where the chat's feed starts.
    const values = { userId: person.id, chatId, linkedAt: new Date(), sentUntil: newId() };
    await tx
      .insert(telegramLinks)
      .values(values)
      .onConflictDoUpdate({ target: telegramLinks.userId, set: values });
    return person;
  });
}

/** `/stop` or the Unlink button: answers whether a link was removed. */
export async function unlinkChat(db: Db, chatId: number): Promise<boolean> {
  const removed = await db
    .delete(telegramLinks)
    .where(eq(telegramLinks.chatId, chatId))
    .returning({ userId: telegramLinks.userId });
  return removed.length > 0;
}

/** The live account linked to a chat, as a session user for the services the routes call. */
export async function personOfChat(db: Db, chatId: number): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
      status: users.status,
    })
    .from(telegramLinks)
    .innerJoin(users, eq(users.id, telegramLinks.userId))
    .where(and(eq(telegramLinks.chatId, chatId), isNull(users.erasedAt)));
  if (!row || row.status === "inactive") return undefined;
  return {
    id: row.id,
    role: row.role,
    email: row.email ?? "",
    firstName: row.firstName,
    lastName: row.lastName,
    locale: row.locale,
    sessionId: `telegram:${chatId}`,
  };
}

/** Housekeeping: spent and expired link codes. */
export async function sweepTelegramCodes(db: Db, now: Date) {
  await db
    .delete(telegramLinkCodes)
    .where(lt(telegramLinkCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
}
