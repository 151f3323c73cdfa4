import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for the Telegram Bot API on loopback (issue 18's tests): it speaks the real protocol
// over HTTP (`/bot<token>/<method>`, JSON in, `{ ok, result }` out), records every call, lets a
// test queue updates for getUpdates, and can refuse the next call of a method as Telegram does.

export type BotApiCall = { method: string; body: Record<string, unknown> };

export type BotApiStandIn = {
  url: string;
  token: string;
  calls: BotApiCall[];
  /** Queues an update (its update_id is given) for the next getUpdates. */
  push(update: Record<string, unknown>): number;
  /** The next call of `method` answers this error (e.g. 403 "bot was blocked by the user"). */
  failNext(method: string, code: number, description: string): void;
  /** Calls of a method since the last `clear()`. */
  of(method: string): BotApiCall[];
  clear(): void;
  close(): Promise<void>;
};

const readJson = (request: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      try {
        resolve(raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
      } catch {
        resolve({});
      }
    });
  });

export async function startBotApiStandIn(token = "123456:TEST-token_abc"): Promise<BotApiStandIn> {
  const calls: BotApiCall[] = [];
  const queue: Record<string, unknown>[] = [];
  const failures = new Map<string, { code: number; description: string }>();
  let nextUpdateId = 1;
  let nextMessageId = 1;
  const server: Server = createServer(async (request, response) => {
    const body = await readJson(request);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? "");
    const send = (status: number, payload: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    if (!match || match[1] !== token) {
      send(401, { ok: false, error_code: 401, description: "Unauthorized" });
      return;
    }
    const method = match[2]!;
    calls.push({ method, body });
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      send(failure.code, { ok: false, error_code: failure.code, description: failure.description });
      return;
    }
    const message = () => ({
      message_id: nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: body.chat_id, type: "private" },
      text: body.text,
      ...(body.reply_markup ? { reply_markup: body.reply_markup } : {}),
    });
    switch (method) {
      case "getMe":
        send(200, {
          ok: true,
          result: {
            id: Number(token.split(":")[0]),
            is_bot: true,
            first_name: "MatchDesk",
            username: "matchdesk_test_bot",
            can_join_groups: false,
            can_read_all_group_messages: false,
            supports_inline_queries: false,
          },
        });
        return;
      case "getUpdates": {
        const offset = Number(body.offset ?? 0);
        // Asking from an offset confirms everything before it, as Telegram does.
        while (queue.length > 0 && Number(queue[0]!.update_id) < offset) queue.shift();
        // A long poll with nothing queued waits a little (half a second at most) for an update.
        const timeout = Math.min(Number(body.timeout ?? 0) * 1000, 500);
        if (queue.length === 0 && timeout > 0) await new Promise((r) => setTimeout(r, timeout));
        send(200, { ok: true, result: [...queue] });
        return;
      }
      case "sendMessage":
        send(200, { ok: true, result: message() });
        return;
      case "editMessageText":
        send(200, { ok: true, result: message() });
        return;
      case "answerCallbackQuery":
      case "editMessageReplyMarkup":
        send(200, { ok: true, result: true });
        return;
      default:
        send(404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    token,
    calls,
    push(update) {
      const id = nextUpdateId++;
      queue.push({ update_id: id, ...update });
      return id;
    },
    failNext(method, code, description) {
      failures.set(method, { code, description });
    },
    of: (method) => calls.filter((c) => c.method === method),
    clear() {
      calls.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A private chat's `/start`, `/stop` or other text from a person, as Telegram delivers it. */
export function textUpdate(chatId: number, text: string, languageCode = "en") {
  const command = /^\/\w+/.exec(text)?.[0];
  return {
    message: {
      message_id: Math.floor(Math.random() * 1e6),
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private", first_name: "Someone" },
      from: { id: chatId, is_bot: false, first_name: "Someone", language_code: languageCode },
      text,
      ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command.length }] } : {}),
    },
  };
}

/** A press of an inline button under a bot's message in a private chat. */
export function buttonUpdate(chatId: number, data: string, languageCode = "en") {
  return {
    callback_query: {
      id: String(Math.floor(Math.random() * 1e9)),
      from: { id: chatId, is_bot: false, first_name: "Someone", language_code: languageCode },
      chat_instance: `ci-${chatId}`,
      data,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: "private", first_name: "Someone" },
        text: "…",
      },
    },
  };
}
