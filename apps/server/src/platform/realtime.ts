import type { ServerEvent } from "@matchdesk/contract";
import { sql } from "drizzle-orm";
import type { Database, Db, Subscription } from "../db/client.js";
import { newId } from "./ids.js";

/** The channel every instance hears real-time events on (PostgreSQL LISTEN/NOTIFY; in process on PGlite). */
export const REALTIME_CHANNEL = "md_realtime";

// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a longer event goes as a reference
// that each instance loads (only when one of its sockets needs it).
const MAX_INLINE_BYTES = 7000;

/** What travels on the channel: an id to drop duplicates, the recipients, the event or a reference. */
type Envelope = { e: string; to: string[]; event?: ServerEvent; ref?: { messageId: string } };

/** Something that can run a statement: the database or a transaction. */
type Runner = Pick<Db, "execute">;

/** The channel payload that carries an event to users (a reference when the event is too large). */
export function realtimePayload(to: readonly string[], event: ServerEvent): string | null {
  if (to.length === 0) return null;
  // The id goes first: the hub reads it without parsing the rest (see idOf).
  const envelope: Envelope = { e: newId(), to: [...new Set(to)], event };
  const payload = JSON.stringify(envelope);
  if (Buffer.byteLength(payload) <= MAX_INLINE_BYTES) return payload;
  if (event.type !== "message") throw new Error(`realtime event ${event.type} too large`);
  return JSON.stringify({
    e: envelope.e,
    to: envelope.to,
    ref: { messageId: event.message.id },
  } satisfies Envelope);
}

/**
 * Announces an event to users' sockets on every instance. Inside a transaction it is sent on
 * commit and not at all on rollback, so a socket never hears of what was not stored.
 */
export async function publish(db: Runner, to: readonly string[], event: ServerEvent): Promise<void> {
  const payload = realtimePayload(to, event);
  if (payload) await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}

const ID_PREFIX = '{"e":"';
/** The envelope's id, read off the front of the payload, so a repeat costs no JSON parsing. */
const idOf = (payload: string) =>
  payload.startsWith(ID_PREFIX)
    ? payload.slice(ID_PREFIX.length, payload.indexOf('"', ID_PREFIX.length))
    : "";

/** One connected socket, as the hub sees it. */
export type RealtimeSink = {
  userId: string;
  sessionId: string;
  send(text: string): void;
  close(code: number, reason: string): void;
};

export type RealtimeHub = {
  /** Starts delivering the user's events to the socket; the answer stops it. */
  add(sink: RealtimeSink): () => void;
  readonly connections: number;
  close(): void;
};

type HubOptions = {
  /** Loads a message event that was too large for the channel. */
  loadMessage(messageId: string): Promise<ServerEvent | null>;
  /** Whether a socket's session still stands (checked when the user changes or a session ends). */
  isSessionLive(sessionId: string): Promise<boolean>;
  /** The channel that announces a changed user or an ended session. */
  userChangedChannel: string;
};

const SEEN_MAX = 10_000;

/**
 * Delivers events heard on the channel to this instance's sockets. Only the one listening
 * connection hears the channel, but a reconnect may overlap: each envelope's id is remembered for
 * a while and a repeat is dropped. When the listening
 * connection drops, every socket is told to `resync`: events of that gap may be lost.
 */
export async function openRealtimeHub(database: Database, options: HubOptions): Promise<RealtimeHub> {
  const byUser = new Map<string, Set<RealtimeSink>>();
  const seen = new Set<string>();
  const seenOrder: string[] = [];
  let connections = 0;

  const remember = (id: string) => {
    if (!id || seen.has(id)) return false;
    seen.add(id);
    seenOrder.push(id);
    if (seenOrder.length > SEEN_MAX) seen.delete(seenOrder.shift()!);
    return true;
  };

  const deliver = (to: string[], text: string) => {
    for (const userId of to) {
      for (const sink of byUser.get(userId) ?? []) {
        try {
          sink.send(text);
        } catch {
          // A socket closing under us: its close handler removes it.
        }
      }
    }
  };

  const onMessage = (payload: string) => {
    if (!remember(idOf(payload))) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (!Array.isArray(envelope.to)) return;
    const to = envelope.to.filter((userId) => byUser.has(userId));
    if (to.length === 0) return;
    if (envelope.event) {
      deliver(to, JSON.stringify(envelope.event));
    } else if (envelope.ref) {
      void options
        .loadMessage(envelope.ref.messageId)
        .then((event) => event && deliver(to, JSON.stringify(event)))
        .catch(() => deliver(to, JSON.stringify({ type: "resync" } satisfies ServerEvent)));
    }
  };

  const resyncAll = () => {
    const text = JSON.stringify({ type: "resync" } satisfies ServerEvent);
    for (const userId of byUser.keys()) deliver([userId], text);
  };

  const subscriptions: Subscription[] = [];
  // Only the listening connection: events need no ordering against this process's own writes.
  subscriptions.push(
    await database.listen(
      REALTIME_CHANNEL,
      { message: onMessage, gap: resyncAll },
      { everyConnection: false },
    ),
  );
  // A signed-out or switched-off user's sockets close: their session is checked again.
  const recheck = (sinks: Iterable<RealtimeSink>) => {
    for (const sink of sinks) {
      void options
        .isSessionLive(sink.sessionId)
        .then((live) => {
          if (!live) sink.close(4401, "session ended");
        })
        .catch(() => {});
    }
  };
  subscriptions.push(
    await database.listen(options.userChangedChannel, {
      message: (userId) => recheck(byUser.get(userId) ?? []),
      // A logout announced while the listening connection was down went unheard: check everyone.
      gap: () => recheck([...byUser.values()].flatMap((set) => [...set])),
    }),
  );

  return {
    add(sink) {
      let set = byUser.get(sink.userId);
      if (!set) {
        set = new Set();
        byUser.set(sink.userId, set);
      }
      set.add(sink);
      connections++;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        connections--;
        set.delete(sink);
        if (set.size === 0 && byUser.get(sink.userId) === set) byUser.delete(sink.userId);
      };
    },
    get connections() {
      return connections;
    },
    close() {
      for (const subscription of subscriptions) subscription.stop();
    },
  };
}
