import {
  CHAT_LIMITS,
  type ChatList,
  type ChatMessageView,
  type ChatParticipantView,
  type ChatView,
  type MessagesPage,
  type MessagesQuery,
  type PageQuery,
  type ServerEvent,
} from "@matchdesk/contract";
import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyProfiles, chatMembers, chatMessages, chats, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { badRequest, isUniqueViolation, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { publish, REALTIME_CHANNEL, realtimePayload } from "../../platform/realtime.js";
import { fileUrl } from "../../platform/storage.js";

type MessageRow = typeof chatMessages.$inferSelect;

const CHAT_ROLES = new Set(["INVITER", "ADMIN"]);

const chatNotFound = () => notFound("CHAT_NOT_FOUND", "Chat not found");

/** The chat's members; the caller must be one of them (404 otherwise, as for a chat that does not exist). */
async function membersOf(db: Db, caller: { id: string }, chatId: string) {
  const rows = await db
    .select({ userId: chatMembers.userId, lastReadSeq: chatMembers.lastReadSeq })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  const me = rows.find((r) => r.userId === caller.id);
  if (!me) throw chatNotFound();
  return { me, others: rows.filter((r) => r.userId !== caller.id) };
}

export async function isChatMember(db: Db, chatId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
  return row !== undefined;
}

/** A message as its chat shows it: read by its recipient when their read mark reached it. */
function toMessageView(row: MessageRow, readSeqOfRecipient: number): ChatMessageView {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    isRead: row.seq <= readSeqOfRecipient,
  };
}

async function participantViews(db: Db, userIds: string[]): Promise<Map<string, ChatParticipantView>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      avatarKey: users.avatarThumbKey,
      agencyName: agencyProfiles.agencyName,
    })
    .from(users)
    .leftJoin(agencyProfiles, eq(agencyProfiles.userId, users.id))
    .where(inArray(users.id, userIds));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        role: r.role,
        agencyName: r.agencyName ?? null,
        avatarUrl: r.avatarKey ? fileUrl(r.avatarKey) : null,
      },
    ]),
  );
}

/**
 * The caller's chats, the most recent conversation first, each with the other person, its last
 * message and how many messages the caller has not read.
 */
export async function listChats(db: Db, caller: SessionUser, query: PageQuery): Promise<ChatList> {
  const me = db
    .select({ chatId: chatMembers.chatId, lastReadSeq: chatMembers.lastReadSeq })
    .from(chatMembers)
    .where(eq(chatMembers.userId, caller.id))
    .as("me");
  const unreadSql = sql<number>`(select count(*)::int from ${chatMessages} m where m.chat_id = ${chats.id} and m.seq > ${me.lastReadSeq} and m.sender_id is distinct from ${caller.id})`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: chats.id,
        createdAt: chats.createdAt,
        otherId: sql<string>`(select o.user_id from ${chatMembers} o where o.chat_id = ${chats.id} and o.user_id <> ${caller.id} limit 1)`,
        otherReadSeq: sql<number>`(select o.last_read_seq from ${chatMembers} o where o.chat_id = ${chats.id} and o.user_id <> ${caller.id} limit 1)`,
        lastMessageId: sql<
          string | null
        >`(select m.id from ${chatMessages} m where m.chat_id = ${chats.id} order by m.seq desc limit 1)`,
        unread: unreadSql,
      })
      .from(chats)
      .innerJoin(me, eq(me.chatId, chats.id))
      .orderBy(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt}) desc`, desc(chats.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`coalesce(sum(${unreadSql}), 0)::int`,
      })
      .from(chats)
      .innerJoin(me, eq(me.chatId, chats.id)),
  ]);
  const participants = await participantViews(
    db,
    rows.map((r) => r.otherId),
  );
  const lastIds = rows.map((r) => r.lastMessageId).filter((id): id is string => id !== null);
  const lastMessages = lastIds.length
    ? await db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds))
    : [];
  const byId = new Map(lastMessages.map((m) => [m.id, m]));
  const items: ChatView[] = [];
  for (const row of rows) {
    const participant = participants.get(row.otherId);
    if (!participant) continue;
    const last = row.lastMessageId ? byId.get(row.lastMessageId) : undefined;
    const recipientReadSeq =
      last?.senderId === caller.id ? Number(row.otherReadSeq) : Number.MAX_SAFE_INTEGER;
    items.push({
      id: row.id,
      participant,
      lastMessage: last ? toMessageView(last, recipientReadSeq) : null,
      unreadCount: Number(row.unread),
      createdAt: row.createdAt.toISOString(),
    });
  }
  return {
    items,
    total: totals?.total ?? 0,
    unreadTotal: totals?.unread ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function chatView(db: Db, caller: SessionUser, chatId: string): Promise<ChatView> {
  const list = await listChats(db, caller, { page: 1, pageSize: 100 });
  const found = list.items.find((c) => c.id === chatId);
  if (found) return found;
  // Past the first hundred: built on its own.
  const [chat] = await db.select().from(chats).where(eq(chats.id, chatId));
  const { others } = await membersOf(db, caller, chatId);
  const participant = (await participantViews(db, [others[0]!.userId])).get(others[0]!.userId)!;
  return {
    id: chatId,
    participant,
    lastMessage: null,
    unreadCount: 0,
    createdAt: chat!.createdAt.toISOString(),
  };
}

/**
 * Opens the chat between the caller and another matchmaker or admin: the existing one, or a new
 * one. Clients, inactive accounts and unknown ids are not found.
 */
export async function openChat(
  db: Db,
  caller: SessionUser,
  participantId: string,
): Promise<{ chat: ChatView; isNew: boolean }> {
  if (participantId === caller.id) {
    throw badRequest("CHAT_PARTICIPANT_INVALID", "You cannot open a chat with yourself");
  }
  const [other] = await db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, participantId));
  if (!other || !CHAT_ROLES.has(other.role) || other.status === "inactive") {
    throw notFound("USER_NOT_FOUND", "User not found");
  }
  const pairKey = [caller.id, other.id].sort().join(":");
  const [existing] = await db.select({ id: chats.id }).from(chats).where(eq(chats.pairKey, pairKey));
  if (existing) return { chat: await chatView(db, caller, existing.id), isNew: false };
  const id = newId();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(chats).values({ id, pairKey });
      await tx.insert(chatMembers).values([
        { chatId: id, userId: caller.id },
        { chatId: id, userId: other.id },
      ]);
    });
  } catch (error) {
    // Both opened it at once: the other request made it.
    if (!isUniqueViolation(error)) throw error;
    const [made] = await db.select({ id: chats.id }).from(chats).where(eq(chats.pairKey, pairKey));
    return { chat: await chatView(db, caller, made!.id), isNew: false };
  }
  return { chat: await chatView(db, caller, id), isNew: true };
}

async function seqOf(db: Db, chatId: string, messageId: string): Promise<number> {
  const [row] = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId)));
  if (!row) throw notFound("MESSAGE_NOT_FOUND", "Message not found");
  return row.seq;
}

/** A page of history, newest first by cursor, answered oldest first. */
export async function listMessages(
  db: Db,
  caller: SessionUser,
  chatId: string,
  query: MessagesQuery,
): Promise<MessagesPage> {
  const { me, others } = await membersOf(db, caller, chatId);
  const before = query.before ? await seqOf(db, chatId, query.before) : undefined;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(eq(chatMessages.chatId, chatId), before !== undefined ? lt(chatMessages.seq, before) : undefined),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit).reverse();
  const otherReadSeq = Number(others[0]?.lastReadSeq ?? 0);
  const myReadSeq = Number(me.lastReadSeq);
  return {
    items: page.map((m) => toMessageView(m, m.senderId === caller.id ? otherReadSeq : myReadSeq)),
    nextBefore: hasMore ? (page[0]?.id ?? null) : null,
  };
}

/**
 * Stores a message and announces it to every member's sockets, on every instance, on commit: one
 * statement (insert, the chat's last activity, the sender's read mark, the NOTIFY), so a send
 * costs two round trips to the database with the membership check.
 */
export async function sendMessage(
  db: Db,
  caller: SessionUser,
  chatId: string,
  body: string,
): Promise<ChatMessageView> {
  const { others } = await membersOf(db, caller, chatId);
  const createdAt = new Date().toISOString();
  const view: ChatMessageView = { id: newId(), chatId, senderId: caller.id, body, createdAt, isRead: false };
  const payload = realtimePayload([caller.id, ...others.map((o) => o.userId)], {
    type: "message",
    message: view,
  });
  await db.execute(sql`
    with m as (
      insert into ${chatMessages} (id, chat_id, sender_id, body, created_at)
      values (${view.id}, ${chatId}, ${caller.id}, ${body}, ${createdAt}::timestamptz)
      returning seq
    ), c as (
      update ${chats} set last_message_at = ${createdAt}::timestamptz where id = ${chatId}
    ), r as (
      -- What one writes, one has read.
      update ${chatMembers} set last_read_seq = (select seq from m)
      where chat_id = ${chatId} and user_id = ${caller.id}
    )
    select pg_notify(${REALTIME_CHANNEL}, ${payload}) from m`);
  return view;
}

/** Moves the caller's read mark up to a message (or the latest) and tells the other member: a read receipt. */
export async function readChat(
  db: Db,
  caller: SessionUser,
  chatId: string,
  messageId: string | undefined,
): Promise<{ messageId: string | null }> {
  const { me, others } = await membersOf(db, caller, chatId);
  const [target] = await db
    .select({ id: chatMessages.id, seq: chatMessages.seq })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), messageId ? eq(chatMessages.id, messageId) : undefined))
    .orderBy(desc(chatMessages.seq))
    .limit(1);
  if (!target) {
    if (messageId) throw notFound("MESSAGE_NOT_FOUND", "Message not found");
    return { messageId: null };
  }
  if (target.seq <= Number(me.lastReadSeq)) return { messageId: target.id };
  await db.transaction(async (tx) => {
    await tx
      .update(chatMembers)
      .set({ lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, ${target.seq})` })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, caller.id)));
    await publish(tx, [caller.id, ...others.map((o) => o.userId)], {
      type: "read",
      chatId,
      userId: caller.id,
      messageId: target.id,
    });
  });
  return { messageId: target.id };
}

/** Tells the other members that the caller is typing (not stored). */
export async function announceTyping(db: Db, userId: string, chatId: string): Promise<void> {
  const members = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  if (!members.some((m) => m.userId === userId)) return;
  await publish(
    db,
    members.filter((m) => m.userId !== userId).map((m) => m.userId),
    { type: "typing", chatId, userId },
  );
}

/**
 * What a reconnecting socket missed: the messages of the user's chats after `sinceId`, oldest
 * first. `complete` is false when there were more than the catch-up limit or the cursor is unknown.
 */
export async function catchUp(
  db: Db,
  userId: string,
  sinceId: string,
): Promise<{ events: ServerEvent[]; complete: boolean }> {
  const [since] = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, chatMessages.chatId), eq(chatMembers.userId, userId)))
    .where(eq(chatMessages.id, sinceId));
  if (!since) return { events: [], complete: false };
  const rows = await db
    .select({ message: chatMessages, myReadSeq: chatMembers.lastReadSeq })
    .from(chatMessages)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, chatMessages.chatId), eq(chatMembers.userId, userId)))
    .where(gt(chatMessages.seq, since.seq))
    .orderBy(asc(chatMessages.seq))
    .limit(CHAT_LIMITS.catchUpMax + 1);
  const complete = rows.length <= CHAT_LIMITS.catchUpMax;
  const otherRead = await readSeqsOfOthers(
    db,
    userId,
    rows.map((r) => r.message.chatId),
  );
  const events: ServerEvent[] = rows.slice(0, CHAT_LIMITS.catchUpMax).map((r) => ({
    type: "message",
    message: toMessageView(
      r.message,
      r.message.senderId === userId ? (otherRead.get(r.message.chatId) ?? 0) : Number(r.myReadSeq),
    ),
  }));
  return { events, complete };
}

async function readSeqsOfOthers(db: Db, userId: string, chatIds: string[]): Promise<Map<string, number>> {
  if (chatIds.length === 0) return new Map();
  const rows = await db
    .select({ chatId: chatMembers.chatId, seq: chatMembers.lastReadSeq })
    .from(chatMembers)
    .where(and(inArray(chatMembers.chatId, [...new Set(chatIds)]), ne(chatMembers.userId, userId)));
  return new Map(rows.map((r) => [r.chatId, Number(r.seq)]));
}

/** A message as a `message` event, for an event too large for the channel. */
export async function loadMessageEvent(db: Db, messageId: string): Promise<ServerEvent | null> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  return row ? { type: "message", message: toMessageView(row, 0) } : null;
}

/**
 * The messages a person wrote, oldest first: for their data export (issue 20). Others' messages
 * are theirs. No index by sender: an export is rare, and this reads the messages once.
 */
export async function messagesWrittenBy(db: Db, userId: string) {
  const rows = await db
    .select({
      id: chatMessages.id,
      chatId: chatMessages.chatId,
      body: chatMessages.body,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.senderId, userId))
    .orderBy(asc(chatMessages.seq));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
