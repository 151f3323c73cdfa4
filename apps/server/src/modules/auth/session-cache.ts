import type { Database, Subscription } from "../../db/client.js";
import type { users } from "../../db/schema/index.js";

/** What a signed-in request needs from its session: loaded once, then kept in memory. */
export type CachedSession = {
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  user: typeof users.$inferSelect;
};

type Entry = CachedSession & { loadedAt: number };

/** The channel the database announces a changed user or an ended session on (migration 0009). */
export const USER_CHANGED_CHANNEL = "md_user_changed";

export type SessionCache = {
  get(tokenHash: string, now?: number): CachedSession | undefined;
  /** A load that started before the latest invalidation is not kept: `generation` is read before it. */
  readonly generation: number;
  set(tokenHash: string, session: CachedSession, generation: number, now?: number): void;
  forgetUser(userId: string): void;
  clear(): void;
  readonly size: number;
};

/**
 * Sessions kept in memory so a signed-in request costs no query. It is only correct because the
 * database announces every change to a user and every ended session (a trigger, for every
 * writer, in every instance), and this process drops the user's entries when it hears it; a write
 * made here is heard before it resolves. While notifications could be missed nothing is kept, and
 * an entry lives at most `ttlMs` anyway.
 */
export function createSessionCache(
  options: { ttlMs?: number; maxEntries?: number; live?: () => boolean } = {},
) {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const live = options.live ?? (() => true);
  const byToken = new Map<string, Entry>();
  const tokensByUser = new Map<string, Set<string>>();
  let generation = 0;

  const remove = (tokenHash: string) => {
    const entry = byToken.get(tokenHash);
    if (!entry) return;
    byToken.delete(tokenHash);
    const tokens = tokensByUser.get(entry.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) tokensByUser.delete(entry.user.id);
  };

  const cache: SessionCache = {
    get(tokenHash, now = Date.now()) {
      const entry = byToken.get(tokenHash);
      if (!entry) return undefined;
      if (!live() || now - entry.loadedAt > ttlMs || entry.expiresAt.getTime() <= now) {
        remove(tokenHash);
        return undefined;
      }
      return entry;
    },
    get generation() {
      return generation;
    },
    set(tokenHash, session, loadGeneration, now = Date.now()) {
      if (loadGeneration !== generation || !live()) return;
      remove(tokenHash);
      // Oldest first: Map keeps insertion order.
      while (byToken.size >= maxEntries) remove(byToken.keys().next().value as string);
      byToken.set(tokenHash, { ...session, loadedAt: now });
      let tokens = tokensByUser.get(session.user.id);
      if (!tokens) {
        tokens = new Set();
        tokensByUser.set(session.user.id, tokens);
      }
      tokens.add(tokenHash);
    },
    forgetUser(userId) {
      generation++;
      for (const tokenHash of tokensByUser.get(userId) ?? []) remove(tokenHash);
    },
    clear() {
      generation++;
      byToken.clear();
      tokensByUser.clear();
    },
    get size() {
      return byToken.size;
    },
  };
  return cache;
}

/** A cache for the app, wired to the database's announcements. */
export async function openSessionCache(database: Database): Promise<{ cache: SessionCache; close(): void }> {
  let subscription: Subscription | undefined;
  const cache = createSessionCache({ live: () => subscription?.live() ?? false });
  subscription = await database.listen(USER_CHANGED_CHANNEL, {
    message: (userId) => cache.forgetUser(userId),
    gap: () => cache.clear(),
  });
  return { cache, close: () => subscription?.stop() };
}
