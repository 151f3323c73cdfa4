import type { NotificationKind, NotificationParams } from "@matchdesk/contract";
import { and, asc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { GrammyError, HttpError, type InlineKeyboard } from "grammy";
import type { Db } from "../../db/client.js";
import { introductions, notifications, telegramLinks, telegramPoller, users } from "../../db/schema/index.js";
import { newId } from "../../platform/ids.js";
import { formatMeetingTime } from "../introductions/mail.js";
import { notificationLine } from "../notifications/mail.js";
import { answerButtons, dateButtons, feedbackButtons, type TelegramBot } from "./bot.js";
import { botTexts } from "./messages.js";

// One instance at a time talks to Telegram (issue 18, docs/telegram.md): the Bot API allows one
// getUpdates consumer per bot (a second gets 409), and one sender keeps each chat's messages in
// order. The instance holding the lease (a row of telegram_poller, renewed on every round) reads
// updates by long polling and sends the notifications; the others try to take the lease over
// now and then, so a stopped instance is replaced within a lease's time.

const POLLER = "bot";
export const LEASE_MS = 60_000;
/** How long a getUpdates call waits for an update (seconds), well inside the lease. */
const LONG_POLL_SECONDS = 25;
/** How many notifications one sending round takes. */
const SEND_BATCH = 50;
/** How long a notification is retried while Telegram is unreachable. */
const GIVE_UP_MS = 86_400_000;

/** Takes or renews the lease for `holder`; answers whether this holder has it now. */
export async function claimLease(db: Db, holder: string, now = new Date()): Promise<boolean> {
  await db.insert(telegramPoller).values({ id: POLLER }).onConflictDoNothing();
  const taken = await db
    .update(telegramPoller)
    .set({ holder, leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(telegramPoller.id, POLLER),
        or(
          eq(telegramPoller.holder, holder),
          isNull(telegramPoller.leaseUntil),
          lt(telegramPoller.leaseUntil, now),
        ),
      ),
    )
    .returning({ id: telegramPoller.id });
  return taken.length > 0;
}

/** Gives the lease up (a clean shutdown), so another instance takes over at once. */
export async function releaseLease(db: Db, holder: string) {
  await db
    .update(telegramPoller)
    .set({ holder: null, leaseUntil: null })
    .where(and(eq(telegramPoller.id, POLLER), eq(telegramPoller.holder, holder)));
}

/**
 * One getUpdates call from the stored offset, each update handled by the bot (a failing one is
 * logged and skipped, never retried forever), the offset stored after each. Answers how many
 * updates came.
 */
export async function pollUpdates(
  db: Db,
  telegram: TelegramBot,
  log: FastifyBaseLogger,
  options: { holder: string; timeoutSeconds?: number; signal?: AbortSignal },
): Promise<number> {
  const { bot } = telegram;
  // grammY types its signal with the abort-controller shim's class; Node's own one works the same.
  const signal = options.signal as Parameters<typeof bot.init>[0];
  if (!bot.isInited()) await bot.init(signal);
  const [state] = await db.select().from(telegramPoller).where(eq(telegramPoller.id, POLLER));
  const updates = await bot.api.getUpdates(
    {
      offset: state?.updateOffset ?? 0,
      timeout: options.timeoutSeconds ?? LONG_POLL_SECONDS,
      // A small batch: handling it (database work, mail, replies) stays well inside the lease.
      limit: 20,
      allowed_updates: ["message", "callback_query"],
    },
    signal,
  );
  for (const update of updates) {
    try {
      await bot.handleUpdate(update);
    } catch (error) {
      log.warn({ err: error, updateId: update.update_id }, "telegram update failed");
    }
    await db
      .update(telegramPoller)
      .set({ updateOffset: update.update_id + 1 })
      .where(and(eq(telegramPoller.id, POLLER), eq(telegramPoller.holder, options.holder)));
  }
  return updates.length;
}

/**
 * What a client's notification carries beyond its sentence: the question's answers, the feedback
 * form, or the planned date (when and where, read now) with "I'll be there" and "another time".
 */
async function extrasFor(
  db: Db,
  kind: NotificationKind,
  params: NotificationParams,
  locale: string,
  role: string,
): Promise<{ text?: string; keyboard?: InlineKeyboard }> {
  const id = typeof params.introductionId === "string" ? params.introductionId : undefined;
  if (!id || role !== "INVITEE") return {};
  if (kind === "introduction_question") return { keyboard: answerButtons(locale, id) };
  if (kind === "introduction_feedback_requested") return { keyboard: feedbackButtons(locale, id) };
  if (kind !== "introduction_date_planned") return {};
  const [row] = await db
    .select({
      status: introductions.status,
      startsAt: introductions.dateStartsAt,
      timeZone: introductions.dateTimeZone,
      place: introductions.datePlace,
    })
    .from(introductions)
    .where(eq(introductions.id, id));
  if (row?.status !== "date_planned" || !row.startsAt || row.startsAt <= new Date()) return {};
  const time = formatMeetingTime(locale === "en-US" ? "en-US" : "ru-RU", row.startsAt, row.timeZone ?? "UTC");
  return {
    text: botTexts(locale).when(time, row.place ?? ""),
    keyboard: dateButtons(locale, id, row.startsAt),
  };
}

/**
 * One sending round: the notifications stored after each linked chat's mark, oldest first, each
 * sent in its reader's language and the mark moved past it. Only notifications stored `settleMs`
 * ago or earlier (by the database's clock) are taken: ids are made before their transaction
 * commits, so a younger one could still commit below a mark already moved past it. A chat that blocked the bot (403) is
 * unlinked; a refused message (another 4xx) is skipped; a network error, a 429 or a 5xx leaves the
 * rest of that chat's queue for the next round (for a day). Answers how many were sent.
 */
export async function sendNotifications(
  db: Db,
  telegram: TelegramBot,
  log: FastifyBaseLogger,
  publicUrl: string,
  settleMs = 5_000,
): Promise<number> {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      createdAt: notifications.createdAt,
      params: notifications.params,
      userId: telegramLinks.userId,
      chatId: telegramLinks.chatId,
      locale: users.locale,
      role: users.role,
    })
    .from(telegramLinks)
    .innerJoin(users, eq(users.id, telegramLinks.userId))
    .innerJoin(
      notifications,
      and(
        eq(notifications.userId, telegramLinks.userId),
        gt(notifications.id, telegramLinks.sentUntil),
        lt(notifications.createdAt, sql`now() - make_interval(secs => ${settleMs / 1000})`),
      ),
    )
    .where(and(ne(users.status, "inactive"), isNull(users.erasedAt)))
    .orderBy(asc(notifications.id))
    .limit(SEND_BATCH);
  const stalled = new Set<string>();
  let sent = 0;
  for (const row of rows) {
    if (stalled.has(row.userId)) continue;
    const line = notificationLine(row.locale, row.kind, row.params);
    const extra = await extrasFor(db, row.kind, row.params, row.locale, row.role);
    const keyboard = extra.keyboard;
    const text = extra.text ? `${line}\n\n${extra.text}` : line;
    // A matchmaker's message leads to the notifications; a client's question to the candidate's
    // card on their home page, which they see before answering, as on the web and in the e-mail.
    const body =
      row.role !== "INVITEE"
        ? `${text}\n\n${publicUrl}/admin/dashboard?notifications=open`
        : row.kind === "introduction_question"
          ? `${text}\n\n${botTexts(row.locale).seeCard}: ${publicUrl}/admin/dashboard`
          : text;
    try {
      await telegram.bot.api.sendMessage(row.chatId, body, keyboard ? { reply_markup: keyboard } : {});
      sent++;
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 403) {
        // Blocked or deleted by the person: the link is over from their end.
        await db
          .delete(telegramLinks)
          .where(and(eq(telegramLinks.userId, row.userId), eq(telegramLinks.chatId, row.chatId)));
        stalled.add(row.userId);
        continue;
      }
      const transient =
        error instanceof HttpError ||
        (error instanceof GrammyError && (error.error_code === 429 || error.error_code >= 500));
      // Telegram away: the chat's queue waits for the next round, a day at most per notification.
      if (transient && row.createdAt.getTime() > Date.now() - GIVE_UP_MS) {
        log.warn({ err: error }, "telegram send failed; retrying next round");
        stalled.add(row.userId);
        continue;
      }
      log.warn({ err: error }, "telegram refused a message; skipped");
    }
    await db
      .update(telegramLinks)
      .set({ sentUntil: row.id })
      .where(and(eq(telegramLinks.userId, row.userId), sql`${telegramLinks.sentUntil} < ${row.id}`));
  }
  return sent;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Runs the bot on this instance: while it holds the lease, long polling and a sender every
 * `sendEveryMs`; otherwise it tries for the lease every 10 seconds. A 409 (another consumer of
 * the bot's updates: a webhook set on the bot, a process outside this database) is logged and
 * waited out. Nothing here ever stops the server.
 */
export function startTelegram(
  db: Db,
  telegram: TelegramBot,
  log: FastifyBaseLogger,
  options: { publicUrl: string; sendEveryMs?: number },
) {
  const holder = newId();
  const stop = new AbortController();
  let holds = false;
  const polling = (async () => {
    while (!stop.signal.aborted) {
      try {
        holds = await claimLease(db, holder);
        if (!holds) {
          await sleep(10_000, stop.signal);
          continue;
        }
        await pollUpdates(db, telegram, log, { holder, signal: stop.signal });
      } catch (error) {
        // Not known to hold the lease any more: the sender waits until it is taken again.
        holds = false;
        if (stop.signal.aborted) break;
        if (error instanceof GrammyError && error.error_code === 409) {
          log.warn("telegram: another consumer reads this bot's updates (409); waiting");
        } else {
          log.warn({ err: error }, "telegram polling failed");
        }
        await sleep(10_000, stop.signal);
      }
    }
  })();
  let sending: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (!holds || sending) return;
    sending = sendNotifications(db, telegram, log, options.publicUrl)
      .catch((error) => log.warn({ err: error }, "telegram sending failed"))
      .finally(() => {
        sending = undefined;
      });
  }, options.sendEveryMs ?? 1000);
  timer.unref();
  return async () => {
    stop.abort();
    clearInterval(timer);
    await polling;
    await sending;
    await releaseLease(db, holder).catch(() => {});
  };
}
