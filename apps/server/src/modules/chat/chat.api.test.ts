import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestApp } from "../../../test/app.js";
import { connectSocket, listenOnLoopback } from "../../../test/ws.js";
import { chatMembers, chatMessages, chats } from "../../db/schema/index.js";
import { seedAdmin, seedClient, seedMatchmaker } from "../../seed/seed.js";
import type { UserRow } from "../users/service.js";

let t: TestApp;
let base: string;
let alice: UserRow;
let bob: UserRow;
let carol: UserRow;
let admin: UserRow;
let client: UserRow;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnLoopback(t.app);
  const db = t.database.db;
  alice = await seedMatchmaker(db, { firstName: "Alice", agencyName: "Alice Agency" });
  bob = await seedMatchmaker(db, { firstName: "Bob" });
  carol = await seedMatchmaker(db, { firstName: "Carol" });
  admin = await seedAdmin(db);
  client = await seedClient(db, alice.id);
  for (const [name, user] of Object.entries({ alice, bob, carol, admin, client })) {
    cookies[name] = (await signIn(t.app, user.email)).cookie;
  }
});
afterAll(async () => t?.close());

const call = (who: string, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookies[who] ? { cookie: cookies[who] } : {} });

async function chatOf(a: string, other: UserRow): Promise<string> {
  const res = await call(a, "POST", "/api/chats", { participantId: other.id });
  expect([200, 201]).toContain(res.statusCode);
  return res.json().id;
}

const messagesIn = (chatId: string) =>
  t.database.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(chatMessages.seq);

describe("[chat] opening a chat", () => {
  it("makes one chat per pair, whoever opens it and how often", async () => {
    const first = await call("alice", "POST", "/api/chats", { participantId: bob.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      participant: { id: bob.id, firstName: "Bob", role: "INVITER" },
      lastMessage: null,
      unreadCount: 0,
    });
    const again = await call("alice", "POST", "/api/chats", { participantId: bob.id });
    expect(again.statusCode).toBe(200);
    const fromBob = await call("bob", "POST", "/api/chats", { participantId: alice.id });
    expect(fromBob.statusCode).toBe(200);
    expect(fromBob.json().participant).toMatchObject({ id: alice.id, agencyName: "Alice Agency" });
    expect(new Set([first.json().id, again.json().id, fromBob.json().id]).size).toBe(1);
    const members = await t.database.db
      .select()
      .from(chatMembers)
      .where(eq(chatMembers.chatId, first.json().id));
    expect(members.map((m) => m.userId).sort()).toEqual([alice.id, bob.id].sort());
  });

  it("a matchmaker and an admin chat; clients, oneself and unknown ids cannot be chosen", async () => {
    expect((await call("alice", "POST", "/api/chats", { participantId: admin.id })).statusCode).toBe(201);
    const before = (await t.database.db.select().from(chats)).length;
    const toClient = await call("alice", "POST", "/api/chats", { participantId: client.id });
    expect(toClient.statusCode).toBe(404);
    expect(toClient.json().code).toBe("USER_NOT_FOUND");
    const self = await call("alice", "POST", "/api/chats", { participantId: alice.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe("CHAT_PARTICIPANT_INVALID");
    expect((await call("alice", "POST", "/api/chats", { participantId: "nobody" })).statusCode).toBe(404);
    expect((await call("alice", "POST", "/api/chats", { participantId: 5 })).statusCode).toBe(400);
    expect((await t.database.db.select().from(chats)).length).toBe(before);
  });

  it("clients and anonymous callers have no chats", async () => {
    expect((await call("client", "GET", "/api/chats")).statusCode).toBe(403);
    expect((await call("client", "POST", "/api/chats", { participantId: alice.id })).statusCode).toBe(403);
    expect((await call("nobody", "GET", "/api/chats")).statusCode).toBe(401);
  });
});

describe("[chat] messages", () => {
  it("stores a message as plain text, counts it unread for the other, and reads it", async () => {
    const chatId = await chatOf("alice", bob);
    const text = "<b>Hello</b> & welcome";
    const sent = await call("alice", "POST", `/api/chats/${chatId}/messages`, { body: `  ${text}  ` });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ chatId, senderId: alice.id, body: text, isRead: false });
    const stored = await messagesIn(chatId);
    expect(stored.at(-1)).toMatchObject({ id: sent.json().id, body: text, senderId: alice.id });

    const bobList = (await call("bob", "GET", "/api/chats")).json();
    const bobChat = bobList.items.find((c: { id: string }) => c.id === chatId);
    expect(bobChat).toMatchObject({ unreadCount: 1, lastMessage: { body: text } });
    expect(bobList.unreadTotal).toBeGreaterThanOrEqual(1);
    const aliceChat = (await call("alice", "GET", "/api/chats"))
      .json()
      .items.find((c: { id: string }) => c.id === chatId);
    expect(aliceChat.unreadCount).toBe(0);

    const read = await call("bob", "POST", `/api/chats/${chatId}/read`, {});
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ messageId: sent.json().id });
    const [bobMember] = await t.database.db
      .select()
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, bob.id)));
    expect(bobMember!.lastReadSeq).toBe(stored.at(-1)!.seq);
    const history = (await call("alice", "GET", `/api/chats/${chatId}/messages`)).json();
    expect(history.items.at(-1)).toMatchObject({ id: sent.json().id, isRead: true });
    const after = (await call("bob", "GET", "/api/chats"))
      .json()
      .items.find((c: { id: string }) => c.id === chatId);
    expect(after.unreadCount).toBe(0);
  });

  it("refuses empty and over-long messages and stores nothing", async () => {
    const chatId = await chatOf("alice", bob);
    const count = (await messagesIn(chatId)).length;
    for (const body of ["", "   ", "x".repeat(4001), 42]) {
      const res = await call("alice", "POST", `/api/chats/${chatId}/messages`, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    expect(
      (await call("alice", "POST", `/api/chats/${chatId}/messages`, { body: "я".repeat(4000) })).statusCode,
    ).toBe(201);
    expect((await messagesIn(chatId)).length).toBe(count + 1);
  });

  it("pages history by cursor, newest page first, each page oldest first", async () => {
    const chatId = await chatOf("carol", admin);
    for (let i = 1; i <= 5; i++) {
      await call(i % 2 ? "carol" : "admin", "POST", `/api/chats/${chatId}/messages`, { body: `m${i}` });
    }
    const first = (await call("carol", "GET", `/api/chats/${chatId}/messages?limit=2`)).json();
    expect(first.items.map((m: { body: string }) => m.body)).toEqual(["m4", "m5"]);
    const second = (
      await call("carol", "GET", `/api/chats/${chatId}/messages?limit=2&before=${first.nextBefore}`)
    ).json();
    expect(second.items.map((m: { body: string }) => m.body)).toEqual(["m2", "m3"]);
    const third = (
      await call("carol", "GET", `/api/chats/${chatId}/messages?limit=2&before=${second.nextBefore}`)
    ).json();
    expect(third).toMatchObject({ items: [{ body: "m1" }], nextBefore: null });
    const bad = await call("carol", "GET", `/api/chats/${chatId}/messages?before=no-such-message`);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().code).toBe("MESSAGE_NOT_FOUND");
    expect((await call("carol", "GET", `/api/chats/${chatId}/messages?limit=1000`)).statusCode).toBe(400);
  });

  it("no one reads or writes a chat they are not in", async () => {
    const chatId = await chatOf("alice", bob);
    const count = (await messagesIn(chatId)).length;
    for (const [method, url, payload] of [
      ["GET", `/api/chats/${chatId}/messages`, undefined],
      ["POST", `/api/chats/${chatId}/messages`, { body: "intrusion" }],
      ["POST", `/api/chats/${chatId}/read`, {}],
    ] as const) {
      const carolRes = await call("carol", method, url, payload);
      expect(carolRes.statusCode).toBe(404);
      expect(carolRes.json().code).toBe("CHAT_NOT_FOUND");
      // An admin is not a member of other people's chats either.
      expect((await call("admin", method, url, payload)).statusCode).toBe(404);
      expect((await call("client", method, url, payload)).statusCode).toBe(403);
      expect((await call("nobody", method, url, payload)).statusCode).toBe(401);
    }
    expect(
      ((await call("carol", "GET", "/api/chats")).json().items as { id: string }[]).map((c) => c.id),
    ).not.toContain(chatId);
    expect((await messagesIn(chatId)).length).toBe(count);
  });
});

describe("[chat] the socket", () => {
  it("refuses a connection without a session or from another origin", async () => {
    await expect(connectSocket(base)).rejects.toThrow("refused: 401");
    await expect(connectSocket(base, { cookie: cookies.alice, origin: "http://evil.test" })).rejects.toThrow(
      "refused: 403",
    );
    await expect(connectSocket(base, { cookie: cookies.alice, origin: null })).rejects.toThrow(
      "refused: 403",
    );
    const plain = await fetch(`${base}/api/ws`, { headers: { cookie: cookies.alice!, origin: base } });
    expect(plain.status).toBe(400);
  });

  it("pushes messages, typing and read receipts to the members only", async () => {
    const chatId = await chatOf("alice", bob);
    const [a, b, c] = await Promise.all([
      connectSocket(base, { cookie: cookies.alice }),
      connectSocket(base, { cookie: cookies.bob }),
      connectSocket(base, { cookie: cookies.carol }),
    ]);
    try {
      const sent = (await call("alice", "POST", `/api/chats/${chatId}/messages`, { body: "ping" })).json();
      const got = await b.next((e) => e.type === "message" && e.message.id === sent.id);
      expect(got).toEqual({ type: "message", message: sent });
      await a.next((e) => e.type === "message" && e.message.id === sent.id);

      b.ws.send(JSON.stringify({ type: "typing", chatId }));
      expect(await a.next((e) => e.type === "typing")).toEqual({ type: "typing", chatId, userId: bob.id });
      // Typing in a chat one is not in goes nowhere.
      c.ws.send(JSON.stringify({ type: "typing", chatId }));
      c.ws.send("not json");

      await call("bob", "POST", `/api/chats/${chatId}/read`, {});
      expect(await a.next((e) => e.type === "read")).toEqual({
        type: "read",
        chatId,
        userId: bob.id,
        messageId: sent.id,
      });
      await c.none((e) => e.type !== "notification");
      expect(a.events.filter((e) => e.type === "typing")).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it("a reconnecting socket catches up on what it missed", async () => {
    const chatId = await chatOf("alice", bob);
    const last = (await call("alice", "POST", `/api/chats/${chatId}/messages`, { body: "before" })).json();
    const missed = [];
    for (const body of ["missed 1", "missed 2"]) {
      missed.push((await call("alice", "POST", `/api/chats/${chatId}/messages`, { body })).json());
    }
    const b = await connectSocket(base, { cookie: cookies.bob, since: last.id });
    try {
      for (const m of missed) await b.next((e) => e.type === "message" && e.message.id === m.id);
      expect(b.events.some((e) => e.type === "message" && e.message.id === last.id)).toBe(false);
    } finally {
      await b.close();
    }
    // Carol cannot use a cursor of a chat she is not in to read it: she is told to reload, nothing more.
    const c = await connectSocket(base, { cookie: cookies.carol, since: last.id });
    try {
      await c.next((e) => e.type === "resync");
      await c.none((e) => e.type === "message");
    } finally {
      await c.close();
    }
  });

  it("closes the sockets of a session that signs out", async () => {
    const { cookie } = await signIn(t.app, bob.email);
    const b = await connectSocket(base, { cookie });
    const closed = new Promise<number>((resolve) => b.ws.once("close", (code) => resolve(code)));
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(await closed).toBe(4401);
  });

  it("a message too long for the channel arrives whole", async () => {
    const chatId = await chatOf("alice", bob);
    const b = await connectSocket(base, { cookie: cookies.bob });
    try {
      const body = "ж".repeat(4000);
      const sent = (await call("alice", "POST", `/api/chats/${chatId}/messages`, { body })).json();
      const got = await b.next((e) => e.type === "message" && e.message.id === sent.id);
      expect(got.type === "message" && got.message.body).toBe(body);
    } finally {
      await b.close();
    }
  });
});
