import { endpoint } from "../endpoint.js";
import { TelegramLink, TelegramState } from "../telegram.js";

const people = ["INVITER", "INVITEE"] as const;
const tag = "integrations";

/**
 * Issue 18 (API.md "Integrations"): a matchmaker's or a client's Telegram link. POST answers a deep
 * link with a one-time code; the bot links the chat that opens it. DELETE unlinks (so does /stop
 * in the chat).
 */
export const telegramApi = {
  state: endpoint({
    method: "GET",
    path: "/api/me/telegram",
    access: people,
    tag,
    summary: "Whether Telegram is on, whether my account is linked, and the bot's name",
    response: TelegramState,
  }),
  link: endpoint({
    method: "POST",
    path: "/api/me/telegram",
    access: people,
    tag,
    summary: "A deep link with a one-time code (15 minutes) that links the Telegram chat opening it",
    status: 201,
    response: TelegramLink,
  }),
  unlink: endpoint({
    method: "DELETE",
    path: "/api/me/telegram",
    access: people,
    tag,
    summary: "Unlinks my Telegram chat: no more messages there",
    response: "none",
  }),
};
