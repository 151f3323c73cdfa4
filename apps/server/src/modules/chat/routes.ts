import fastifyWebsocket from "@fastify/websocket";
import { ClientEvent, chatApi, type ServerEvent, type WsQuery } from "@matchdesk/contract";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { AppError } from "../../platform/errors.js";
import { isOwnOrigin } from "../../platform/origin.js";
import { openRealtimeHub } from "../../platform/realtime.js";
import { route } from "../../platform/route.js";
import { USER_CHANGED_CHANNEL } from "../auth/session-cache.js";
import { isSessionLive } from "../auth/sessions.js";
import {
  announceTyping,
  catchUp,
  listChats,
  listMessages,
  loadMessageEvent,
  openChat,
  readChat,
  sendMessage,
} from "./service.js";

const PING_MS = 30_000;
const TYPING_EVERY_MS = 1000;
const MAX_EVENTS_PER_SECOND = 5;

// Flood stops per person: far above a busy matchmaker's day, far below what a script sends.
const CHAT_LIMITS = { opensPerHour: 60, messagesPerMinute: 120 } as const;

export function register(app: FastifyInstance, deps: AppDeps) {
  route(app, chatApi.list, (request) => listChats(deps.db, request.user, request.query));
  route(app, chatApi.open, async (request, reply) => {
    await deps.limiter.hit(`chat-open:${request.user.id}`, CHAT_LIMITS.opensPerHour, 3_600_000);
    const { chat, isNew } = await openChat(deps.db, request.user, request.body.participantId);
    return reply.status(isNew ? 201 : 200).send(chat);
  });
  route(app, chatApi.messages, (request) =>
    listMessages(deps.db, request.user, request.params.id, request.query),
  );
  route(app, chatApi.send, async (request) => {
    await deps.limiter.hit(`chat-send:${request.user.id}`, CHAT_LIMITS.messagesPerMinute, 60_000);
    return sendMessage(deps.db, request.user, request.params.id, request.body.body);
  });
  route(app, chatApi.read, (request) =>
    readChat(deps.db, request.user, request.params.id, request.body.messageId),
  );

  // The one socket: its own plugin context, so the WebSocket server lives and closes with it.
  app.register(async (instance) => {
    await instance.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
    const hub = await openRealtimeHub(deps.database, {
      loadMessage: (messageId) => loadMessageEvent(deps.db, messageId),
      isSessionLive: (sessionId) => isSessionLive(deps.db, sessionId),
      userChangedChannel: USER_CHANGED_CHANNEL,
    });
    instance.addHook("onClose", async () => hub.close());

    route(
      instance,
      chatApi.socket,
      () => {
        // A plain HTTP GET (no upgrade) lands here.
        throw new AppError("VALIDATION_FAILED", 400, "Connect with a WebSocket");
      },
      {
        preValidation: async (request) => {
          if (!isOwnOrigin(request, deps.config.publicUrl)) {
            throw new AppError("CROSS_ORIGIN_REQUEST", 403, "Cross-origin request refused");
          }
        },
        // A refused upgrade (no session, another origin) has its answer written on the raw socket,
        // which nobody closes otherwise: the plugin's own hook for it runs after the access check.
        onResponse: async (request) => {
          if (request.headers.upgrade?.toLowerCase() === "websocket") request.raw.socket?.destroy();
        },
        wsHandler: (socket, request) => {
          // The access check ran before the upgrade: a socket always has its signed-in user.
          const user = request.user;
          if (!user) return socket.close(4401, "Not signed in");
          const send = (event: ServerEvent) => socket.send(JSON.stringify(event));
          const remove = hub.add({
            userId: user.id,
            sessionId: user.sessionId,
            send: (text) => socket.send(text),
            close: (code, reason) => socket.close(code, reason),
          });
          let isAlive = true;
          const ping = setInterval(() => {
            if (!isAlive) return socket.terminate();
            isAlive = false;
            socket.ping();
          }, PING_MS);
          ping.unref();
          socket.on("pong", () => {
            isAlive = true;
          });
          socket.on("close", () => {
            clearInterval(ping);
            remove();
          });
          const lastTyping = new Map<string, number>();
          let windowStart = 0;
          let inWindow = 0;
          socket.on("message", (data) => {
            let parsed: ReturnType<typeof ClientEvent.safeParse>;
            try {
              parsed = ClientEvent.safeParse(JSON.parse(String(data)));
            } catch {
              return;
            }
            if (!parsed.success) return;
            const event = parsed.data;
            const now = Date.now();
            if (now - (lastTyping.get(event.chatId) ?? 0) < TYPING_EVERY_MS) return;
            // Each signal costs a query: a socket gets a few a second across all its chats.
            if (now - windowStart > 1000) {
              windowStart = now;
              inWindow = 0;
            }
            if (++inWindow > MAX_EVENTS_PER_SECOND) return;
            if (lastTyping.size > 100) lastTyping.clear();
            lastTyping.set(event.chatId, now);
            void announceTyping(deps.db, user.id, event.chatId).catch(() => {});
          });
          const { since } = request.query as WsQuery;
          if (since) {
            void catchUp(deps.db, user.id, since)
              .then(({ events, complete }) => {
                for (const event of events) send(event);
                if (!complete) send({ type: "resync" });
              })
              .catch(() => send({ type: "resync" }));
          }
        },
      },
    );
  });
}
