import { describe, expect, it } from "vitest";
import type { CachedSession } from "./session-cache.js";
import { createSessionCache } from "./session-cache.js";

const DAY = 86_400_000;

function session(
  userId: string,
  sessionId = `s-${userId}`,
  expiresAt = new Date(Date.now() + DAY),
): CachedSession {
  return {
    sessionId,
    lastSeenAt: new Date(),
    expiresAt,
    user: { id: userId } as CachedSession["user"],
  };
}

describe("session cache", () => {
  it("keeps a loaded session and answers it", () => {
    const cache = createSessionCache();
    cache.set("t1", session("u1"), cache.generation);
    expect(cache.get("t1")?.sessionId).toBe("s-u1");
    expect(cache.get("t2")).toBeUndefined();
  });

  it("drops every session of a user it is told about, and only theirs", () => {
    const cache = createSessionCache();
    cache.set("a", session("u1", "s1"), cache.generation);
    cache.set("b", session("u1", "s2"), cache.generation);
    cache.set("c", session("u2"), cache.generation);
    cache.forgetUser("u1");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("c")?.sessionId).toBe("s-u2");
  });

  it("does not keep a load that started before an invalidation", () => {
    const cache = createSessionCache();
    const generation = cache.generation;
    cache.forgetUser("someone-else");
    cache.set("t", session("u1"), generation);
    expect(cache.get("t")).toBeUndefined();
  });

  it("forgets an entry after its time to live and a session past its expiry", () => {
    const cache = createSessionCache({ ttlMs: 1000 });
    const now = Date.now();
    cache.set("old", session("u1"), cache.generation, now);
    expect(cache.get("old", now + 999)).toBeDefined();
    expect(cache.get("old", now + 1001)).toBeUndefined();
    cache.set("expiring", session("u2", "s", new Date(now + 10)), cache.generation, now);
    expect(cache.get("expiring", now + 10)).toBeUndefined();
  });

  it("keeps nothing while notifications could be missed", () => {
    let live = false;
    const cache = createSessionCache({ live: () => live });
    cache.set("t", session("u1"), cache.generation);
    expect(cache.get("t")).toBeUndefined();
    live = true;
    cache.set("t", session("u1"), cache.generation);
    live = false;
    expect(cache.get("t")).toBeUndefined();
  });

  it("holds at most maxEntries, dropping the oldest", () => {
    const cache = createSessionCache({ maxEntries: 2 });
    cache.set("a", session("u1"), cache.generation);
    cache.set("b", session("u2"), cache.generation);
    cache.set("c", session("u3"), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("c")).toBeDefined();
  });

  it("clear() empties it and voids loads in flight", () => {
    const cache = createSessionCache();
    const generation = cache.generation;
    cache.set("a", session("u1"), generation);
    cache.clear();
    cache.set("b", session("u2"), generation);
    expect(cache.size).toBe(0);
  });
});
