import { describe, expect, it, vi } from "vitest";
import type { ChannelListener, Database } from "../db/client.js";
import { openRealtimeHub, type RealtimeSink } from "./realtime.js";

/** A database whose channels the test drives by hand: what was heard, and gaps. */
function fakeDatabase() {
  const listeners = new Map<string, ChannelListener>();
  const database = {
    async listen(channel: string, listener: ChannelListener) {
      listeners.set(channel, listener);
      return { live: () => true, stop: () => listeners.delete(channel) };
    },
  } as unknown as Database;
  return { database, listeners };
}

const sink = (userId: string, sessionId: string): RealtimeSink & { closed: string[] } => {
  const closed: string[] = [];
  return { userId, sessionId, send: () => {}, close: (_code, reason) => closed.push(reason), closed };
};

describe("[realtime] sockets whose session ended", () => {
  it("close when the user's change is heard, and after a gap for every socket", async () => {
    const { database, listeners } = fakeDatabase();
    const live = new Set(["s-anna", "s-boris"]);
    const hub = await openRealtimeHub(database, {
      loadMessage: async () => null,
      isSessionLive: async (id) => live.has(id),
      userChangedChannel: "users",
    });
    const anna = sink("anna", "s-anna");
    const boris = sink("boris", "s-boris");
    hub.add(anna);
    hub.add(boris);

    live.delete("s-anna");
    listeners.get("users")!.message("anna");
    await vi.waitFor(() => expect(anna.closed).toEqual(["session ended"]));

    // Boris logs out while the listening connection is down: no message, only a gap afterwards.
    live.delete("s-boris");
    listeners.get("users")!.gap();
    await vi.waitFor(() => expect(boris.closed).toEqual(["session ended"]));
    hub.close();
  });
});
