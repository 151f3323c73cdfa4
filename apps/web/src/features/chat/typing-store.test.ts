import { afterEach, describe, expect, it, vi } from "vitest";
import { reconnectDelay } from "./realtime";
import { TYPING_SHOWN_MS, TypingStore } from "./typing-store";

afterEach(() => vi.useRealTimers());

describe("typing indicator", () => {
  it("shows a typer until their signals stop or their message arrives", () => {
    vi.useFakeTimers();
    const store = new TypingStore();
    let changes = 0;
    store.subscribe(() => changes++);
    store.start("c1", "u1");
    const first = store.typers("c1");
    expect(first).toEqual(["u1"]);
    expect(store.typers("c1")).toBe(first);
    vi.advanceTimersByTime(TYPING_SHOWN_MS - 1);
    store.start("c1", "u1");
    vi.advanceTimersByTime(TYPING_SHOWN_MS - 1);
    expect(store.typers("c1")).toEqual(["u1"]);
    vi.advanceTimersByTime(1);
    expect(store.typers("c1")).toEqual([]);
    store.start("c1", "u2");
    store.stop("c1", "u2");
    expect(store.typers("c1")).toEqual([]);
    expect(store.typers("other")).toEqual([]);
    expect(changes).toBe(5);
  });

  it("reconnects sooner first, then every ten seconds", () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([500, 1000, 2000, 5000, 10_000, 10_000]);
  });
});
