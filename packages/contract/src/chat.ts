import { z } from "zod";
import { Id, pageOf } from "./common.js";
import { Role } from "./enums.js";

// Chat (matchmakers and admins), notifications, and the events of the one WebSocket at /api/ws.

export const CHAT_LIMITS = {
  /** Characters of one message. */
  messageMax: 4000,
  historyPageMax: 100,
  /** Messages a reconnecting socket is sent at most; a client that missed more reloads. */
  catchUpMax: 200,
} as const;

export const ChatParticipantView = z.object({
  id: Id,
  firstName: z.string(),
  lastName: z.string(),
  role: Role,
  agencyName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type ChatParticipantView = z.infer<typeof ChatParticipantView>;

export const ChatMessageView = z.object({
  id: Id,
  chatId: Id,
  senderId: Id.nullable(),
  body: z.string(),
  createdAt: z.string(),
  /** Whether the person it was sent to has read it (a read receipt for the sender). */
  isRead: z.boolean(),
});
export type ChatMessageView = z.infer<typeof ChatMessageView>;

export const ChatView = z.object({
  id: Id,
  participant: ChatParticipantView,
  lastMessage: ChatMessageView.nullable(),
  unreadCount: z.number().int(),
  createdAt: z.string(),
});
export type ChatView = z.infer<typeof ChatView>;

export const ChatList = pageOf(ChatView).extend({ unreadTotal: z.number().int() });
export type ChatList = z.infer<typeof ChatList>;

export const OpenChatBody = z.object({ participantId: Id });
export type OpenChatBody = z.infer<typeof OpenChatBody>;

export const SendMessageBody = z.object({
  body: z.string().trim().min(1).max(CHAT_LIMITS.messageMax),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** Newest first by cursor: `before` is the id of the oldest message the client already has. */
export const MessagesQuery = z.object({
  before: Id.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.historyPageMax).default(50),
});
export type MessagesQuery = z.infer<typeof MessagesQuery>;

/** `items` oldest first; `nextBefore` is the cursor for older messages, null at the beginning. */
export const MessagesPage = z.object({
  items: z.array(ChatMessageView),
  nextBefore: Id.nullable(),
});
export type MessagesPage = z.infer<typeof MessagesPage>;

/** Marks the chat read up to `messageId`, or up to its latest message. */
export const ReadChatBody = z.object({ messageId: Id.optional() });
export type ReadChatBody = z.infer<typeof ReadChatBody>;
/** The message the chat is now read up to; null for a chat without messages. */
export const ReadChatView = z.object({ messageId: Id.nullable() });
export type ReadChatView = z.infer<typeof ReadChatView>;

export const NotificationKind = z.enum([
  "review_pending",
  "review_approved",
  "introduction_proposed",
  "introduction_accepted",
  "introduction_rejected",
  "credits_added",
  "subscription_expiring",
  "client_registered",
  "agency_lead",
  "profile_password_attempts",
  "introduction_cancelled",
  "introduction_client_yes",
  "introduction_client_no",
  "introduction_introduced",
  "introduction_declined",
  "introduction_expired",
  "introduction_client_silent",
  "introduction_date_set",
  "introduction_date_confirmed",
  "introduction_date_reschedule",
  "introduction_feedback_received",
  "introduction_second_date",
  "introduction_ended",
  "introduction_question",
  "introduction_both_yes",
  "introduction_date_planned",
  "introduction_date_reminder",
  "introduction_feedback_requested",
  "introduction_ask_reminder",
  "introduction_expired_unasked",
  "webhook_disabled",
  "client_retention_warning",
  "client_retention_digest",
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** What a notification's text is made of; the text itself is rendered in the reader's language. */
export const NotificationParams = z.record(z.string().max(64), z.union([z.string().max(500), z.number()]));
export type NotificationParams = z.infer<typeof NotificationParams>;

export const NotificationView = z.object({
  id: Id,
  kind: NotificationKind,
  params: NotificationParams,
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof NotificationView>;

export const NotificationList = pageOf(NotificationView).extend({ unread: z.number().int() });
export type NotificationList = z.infer<typeof NotificationList>;

export const ReadNotificationsBody = z
  .object({
    ids: z.array(Id).min(1).max(100).optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), {
    message: "Send either ids or all",
    path: ["ids"],
  });
export type ReadNotificationsBody = z.infer<typeof ReadNotificationsBody>;

export const ReadNotificationsResult = z.object({ updated: z.number().int(), unread: z.number().int() });
export type ReadNotificationsResult = z.infer<typeof ReadNotificationsResult>;

/** What the server pushes over /api/ws. `resync`: events may have been missed, reload. */
export const ServerEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message"), message: ChatMessageView }),
  z.object({ type: z.literal("typing"), chatId: Id, userId: Id }),
  z.object({ type: z.literal("read"), chatId: Id, userId: Id, messageId: Id }),
  z.object({ type: z.literal("notification"), notification: NotificationView }),
  z.object({ type: z.literal("resync") }),
]);
export type ServerEvent = z.infer<typeof ServerEvent>;

/** What a client sends over /api/ws. */
export const ClientEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("typing"), chatId: Id }),
]);
export type ClientEvent = z.infer<typeof ClientEvent>;

export const WsQuery = z.object({
  /** The id of the last message the client has: later ones are sent first (catch-up). */
  since: Id.optional(),
});
export type WsQuery = z.infer<typeof WsQuery>;

/** Error codes of chats and notifications (listed in ERROR_CODES, errors.ts). */
export const CHAT_ERRORS = [
  "NOTIFICATIONS_NOT_FOR_CLIENTS",
  "CHAT_NOT_FOUND",
  "CHAT_PARTICIPANT_INVALID",
  "MESSAGE_NOT_FOUND",
] as const;
