import { z } from "zod";

// Issue 18, Telegram (API.md "Integrations"): a matchmaker or a client links their account to a
// Telegram chat through a deep link with a one-time code, then gets their notifications there.

/** How long a link code may be used: the deep link is opened right away. */
export const TELEGRAM_LINK_CODE_MINUTES = 15;

export const TELEGRAM_ERRORS = [
  /** The server runs without TELEGRAM_BOT_TOKEN: there is no bot to link to. */
  "TELEGRAM_DISABLED",
] as const;

/** The caller's link state; `botUsername` is null while Telegram is off or the bot is unreachable. */
export const TelegramState = z.object({
  enabled: z.boolean(),
  linked: z.boolean(),
  botUsername: z.string().nullable(),
  linkedAt: z.iso.datetime().nullable(),
});
export type TelegramState = z.infer<typeof TelegramState>;

/** A deep link `https://t.me/<bot>?start=<one-time code>`, usable once until `expiresAt`. */
export const TelegramLink = z.object({
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export type TelegramLink = z.infer<typeof TelegramLink>;
