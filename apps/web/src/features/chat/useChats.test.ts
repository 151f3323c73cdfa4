import type { ChatMessageView } from "@matchdesk/contract";
import { describe, expect, it } from "vitest";
import { flattenMessages, type MessagesData, withMessage, withReadUpTo } from "./useChats";

const msg = (id: string, senderId: string, isRead = false): ChatMessageView => ({
  id,
  chatId: "c1",
  senderId,
  body: id,
  createdAt: "2026-01-01T10:00:00.000Z",
  isRead,
});

// Newest page first, as the infinite query keeps them.
const data = (): MessagesData => ({
  pages: [
    { items: [msg("m3", "me"), msg("m4", "you")], nextBefore: "m3" },
    { items: [msg("m1", "me"), msg("m2", "me")], nextBefore: null },
  ],
  pageParams: [undefined, "m3"],
});

describe("chat history in the cache", () => {
  it("flattens pages oldest first", () => {
    expect(flattenMessages(data()).map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4"]);
  });

  it("adds a new message once, to the newest page", () => {
    const once = withMessage(data(), msg("m5", "you"));
    expect(flattenMessages(once).map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(withMessage(once, msg("m5", "you"))).toBe(once);
    expect(withMessage(undefined, msg("m5", "you"))).toBeUndefined();
  });

  it("marks the reader's received messages read up to the receipt, not later ones", () => {
    const read = withReadUpTo(data(), "you", "m2");
    expect(flattenMessages(read).map((m) => [m.id, m.isRead])).toEqual([
      ["m1", true],
      ["m2", true],
      ["m3", false],
      ["m4", false],
    ]);
    expect(withReadUpTo(data(), "you", "unknown")).toEqual(data());
  });
});
