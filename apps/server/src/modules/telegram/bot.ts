import { DECLINE_REASONS, type FeedbackBody, type MeetAgain } from "@matchdesk/contract";
import type { FastifyBaseLogger } from "fastify";
import { Bot, type Context, InlineKeyboard } from "grammy";
import type { TelegramConfig } from "../../config.js";
import { AppError } from "../../platform/errors.js";
import { answerAsClient } from "../introductions/consent.js";
import { feedbackAsClient, respondToDate } from "../introductions/dates.js";
import type { NotifyDeps } from "../notifications/service.js";
import { botTexts, type RatingName } from "./messages.js";
import { linkChat, personOfChat, unlinkChat } from "./service.js";

// The bot (issue 18) on grammY, talking to TELEGRAM_API_ROOT. Its handlers link and unlink
// chats and take the introduction loop's answers by inline button, through the same service
// functions as the HTTP routes, as the chat's linked client. Updates reach it from the poller
// (poller.ts); nothing here starts a loop.

export type TelegramBot = {
  bot: Bot;
  /** The bot's @username (getMe, asked once and kept). */
  username(): Promise<string>;
};

const RATINGS: readonly RatingName[] = ["attraction", "conversation", "values", "manners"];
const AGAIN: Record<string, MeetAgain> = { y: "yes", m: "maybe", n: "no" };

/**
 * Callback data (at most 64 bytes; an id is 36): `u` unlinks; `a:<id>:y`, `a:<id>:n` (asks for a
 * reason), `a:<id>:n:<reason index>` answer a question; `f:<id>:<steps>` walks the feedback form:
 * `h` (it happened) then one digit per rating, or `x` (it did not), then `-<y|m|n>` submits;
 * `d:<id>:<c|r>:<the date's time, ms in base 36>` confirms the date shown or asks for another time.
 */
export const answerButtons = (locale: string, id: string) => {
  const t = botTexts(locale);
  return new InlineKeyboard().text(t.yes, `a:${id}:y`).text(t.no, `a:${id}:n`);
};

export const feedbackButtons = (locale: string, id: string) => {
  const t = botTexts(locale);
  return new InlineKeyboard().text(t.happenedYes, `f:${id}:h`).row().text(t.happenedNo, `f:${id}:x`);
};

export const dateButtons = (locale: string, id: string, startsAt: Date) => {
  const t = botTexts(locale);
  const at = startsAt.getTime().toString(36);
  return new InlineKeyboard()
    .text(t.confirmDate, `d:${id}:c:${at}`)
    .row()
    .text(t.otherTime, `d:${id}:r:${at}`);
};

const reasonButtons = (locale: string, id: string) => {
  const t = botTexts(locale);
  const keyboard = new InlineKeyboard();
  DECLINE_REASONS.forEach((reason, i) => {
    keyboard.text(t.reasons[reason], `a:${id}:n:${i}`).row();
  });
  return keyboard;
};

/** The next step of the feedback form for the steps so far, or the body once complete. */
function feedbackStep(
  locale: string,
  id: string,
  steps: string,
): { text: string; keyboard: InlineKeyboard } | { body: FeedbackBody } | undefined {
  const t = botTexts(locale);
  const match = /^(h([1-5]{0,4})|x)(?:-([ymn]))?$/.exec(steps);
  if (!match) return undefined;
  const happened = match[1]!.startsWith("h");
  const digits = match[2] ?? "";
  if (match[3]) {
    if (happened && digits.length < RATINGS.length) return undefined;
    const [attraction, conversation, values, manners] = [...digits].map(Number);
    return {
      body: {
        happened,
        meetAgain: AGAIN[match[3]]!,
        ...(happened && {
          ratings: {
            attraction: attraction!,
            conversation: conversation!,
            values: values!,
            manners: manners!,
          },
        }),
      },
    };
  }
  if (happened && digits.length < RATINGS.length) {
    const keyboard = new InlineKeyboard();
    for (let n = 1; n <= 5; n++) keyboard.text(String(n), `f:${id}:${steps}${n}`);
    return { text: t.rate(t.rating[RATINGS[digits.length]!]), keyboard };
  }
  return {
    text: t.meetAgain,
    keyboard: new InlineKeyboard()
      .text(t.again.yes, `f:${id}:${steps}-y`)
      .text(t.again.maybe, `f:${id}:${steps}-m`)
      .text(t.again.no, `f:${id}:${steps}-n`),
  };
}

const chatOf = (ctx: Context) => ctx.chat?.id;

export function createTelegramBot(
  deps: NotifyDeps,
  config: TelegramConfig,
  log: FastifyBaseLogger,
): TelegramBot {
  // A call gives up after 40 s (grammY's default is 500 s): long enough for getUpdates' 25-second
  // wait, short enough that the card's getMe does not hang while Telegram is unreachable.
  const bot = new Bot(config.token, { client: { apiRoot: config.apiRoot, timeoutSeconds: 40 } });
  const { db } = deps;

  bot.command("start", async (ctx) => {
    const chatId = chatOf(ctx);
    const code = ctx.match.trim();
    const fallback = botTexts(ctx.from?.language_code);
    if (chatId === undefined || ctx.chat?.type !== "private") return;
    if (!code) {
      await ctx.reply(fallback.welcome);
      return;
    }
    const person = code.length <= 64 ? await linkChat(db, code, chatId) : undefined;
    if (!person) {
      await ctx.reply(fallback.codeInvalid);
      return;
    }
    const t = botTexts(person.locale);
    await ctx.reply(t.linked(person.firstName), {
      reply_markup: new InlineKeyboard().text(t.unlinkButton, "u"),
    });
  });

  bot.command("stop", async (ctx) => {
    const chatId = chatOf(ctx);
    if (chatId === undefined) return;
    const person = await personOfChat(db, chatId);
    const t = botTexts(person?.locale ?? ctx.from?.language_code);
    await ctx.reply((await unlinkChat(db, chatId)) ? t.unlinked : t.notLinked);
  });

  bot.on("callback_query:data", async (ctx) => {
    const chatId = chatOf(ctx);
    const data = ctx.callbackQuery.data;
    const person = chatId === undefined ? undefined : await personOfChat(db, chatId);
    const t = botTexts(person?.locale ?? ctx.from.language_code);
    if (chatId === undefined || !person) {
      await ctx.answerCallbackQuery({ text: t.notLinked });
      return;
    }
    if (data === "u") {
      await unlinkChat(db, chatId);
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(t.unlinked);
      return;
    }
    const [kind, id, step, extra] = data.split(":");
    if (!id || !/^[\w-]{1,40}$/.test(id) || (kind !== "a" && kind !== "f" && kind !== "d")) {
      await ctx.answerCallbackQuery();
      return;
    }
    try {
      if (kind === "a" && step === "y") {
        await answerAsClient(deps, person, id, { answer: "yes" });
        await ctx.answerCallbackQuery();
        await ctx.editMessageText(t.answeredYes);
      } else if (kind === "a" && step === "n" && extra === undefined) {
        await ctx.answerCallbackQuery();
        await ctx.editMessageText(t.askReason, { reply_markup: reasonButtons(person.locale, id) });
      } else if (kind === "a" && step === "n") {
        const reason = DECLINE_REASONS[Number(extra)];
        if (!reason || !/^\d$/.test(extra ?? "")) {
          await ctx.answerCallbackQuery();
          return;
        }
        await answerAsClient(deps, person, id, { answer: "no", reason });
        await ctx.answerCallbackQuery();
        await ctx.editMessageText(t.answeredNo(t.reasons[reason]));
      } else if (kind === "d" && (step === "c" || step === "r") && /^[0-9a-z]{1,12}$/.test(extra ?? "")) {
        const startsAt = new Date(Number.parseInt(extra!, 36));
        if (Number.isNaN(startsAt.getTime())) {
          await ctx.answerCallbackQuery();
          return;
        }
        await respondToDate(deps, person, id, {
          response: step === "c" ? "confirmed" : "reschedule",
          startsAt: startsAt.toISOString(),
        });
        await ctx.answerCallbackQuery();
        await ctx.editMessageText(step === "c" ? t.dateConfirmed : t.dateReschedule);
      } else if (kind === "f") {
        const next = feedbackStep(person.locale, id, step ?? "");
        if (!next) {
          await ctx.answerCallbackQuery();
        } else if ("body" in next) {
          await feedbackAsClient(deps, person, id, next.body);
          await ctx.answerCallbackQuery();
          await ctx.editMessageText(t.feedbackThanks);
        } else {
          await ctx.answerCallbackQuery();
          await ctx.editMessageText(next.text, { reply_markup: next.keyboard });
        }
      } else {
        await ctx.answerCallbackQuery();
      }
    } catch (error) {
      // A closed question, someone else's introduction (404) or a wrong state: the service said no.
      if (error instanceof AppError && error.statusCode < 500) {
        await ctx.answerCallbackQuery({ text: t.closed, show_alert: true });
        await ctx.editMessageReplyMarkup().catch(() => {});
        return;
      }
      log.warn({ err: error }, "telegram answer failed");
      await ctx.answerCallbackQuery({ text: t.failed, show_alert: true }).catch(() => {});
    }
  });

  let me: Promise<string> | undefined;
  return {
    bot,
    username() {
      me ??= bot.api.getMe().then(
        (info) => info.username,
        (error) => {
          me = undefined;
          throw error;
        },
      );
      return me;
    },
  };
}
