import { z } from "zod";
import {
  ChatList,
  ChatMessageView,
  ChatView,
  MessagesPage,
  MessagesQuery,
  OpenChatBody,
  ReadChatBody,
  ReadChatView,
  SendMessageBody,
  WsQuery,
} from "../chat.js";
import { Id, PageQuery } from "../common.js";
import { endpoint } from "../endpoint.js";

const chatters = ["INVITER", "ADMIN"] as const;
const tag = "chat";
const params = z.object({ id: Id });

/** Chats between matchmakers and admins, and the one WebSocket that pushes their events. */
export const chatApi = {
  list: endpoint({
    method: "GET",
    path: "/api/chats",
    access: chatters,
    tag,
    query: PageQuery,
    response: ChatList,
  }),
  /** 201 with a new chat, 200 with the one the two already have. */
  open: endpoint({
    method: "POST",
    path: "/api/chats",
    access: chatters,
    tag,
    body: OpenChatBody,
    response: { 200: ChatView, 201: ChatView },
  }),
  messages: endpoint({
    method: "GET",
    path: "/api/chats/:id/messages",
    access: chatters,
    tag,
    params,
    query: MessagesQuery,
    response: MessagesPage,
  }),
  send: endpoint({
    method: "POST",
    path: "/api/chats/:id/messages",
    access: chatters,
    tag,
    params,
    body: SendMessageBody,
    response: ChatMessageView,
    status: 201,
  }),
  read: endpoint({
    method: "POST",
    path: "/api/chats/:id/read",
    access: chatters,
    tag,
    params,
    body: ReadChatBody,
    response: ReadChatView,
  }),
  socket: endpoint({
    method: "GET",
    path: "/api/ws",
    access: ["ADMIN", "INVITER", "INVITEE"],
    tag,
    summary:
      "WebSocket: pushes message, typing, read and notification events (ServerEvent); takes typing (ClientEvent)",
    query: WsQuery,
    response: "websocket",
  }),
};
