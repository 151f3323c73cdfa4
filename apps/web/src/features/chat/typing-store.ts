/** How long "typing…" shows after the last signal; clients send one at most every second. */
export const TYPING_SHOWN_MS = 4000;

/** Who is typing in which chat, for as long as their signals keep coming. */
export class TypingStore {
  private byChat = new Map<string, Map<string, ReturnType<typeof setTimeout>>>();
  private snapshots = new Map<string, readonly string[]>();
  private listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The same array until it changes, as useSyncExternalStore wants. */
  typers(chatId: string): readonly string[] {
    return this.snapshots.get(chatId) ?? EMPTY;
  }

  start(chatId: string, userId: string) {
    let chat = this.byChat.get(chatId);
    if (!chat) {
      chat = new Map();
      this.byChat.set(chatId, chat);
    }
    clearTimeout(chat.get(userId));
    chat.set(
      userId,
      setTimeout(() => this.stop(chatId, userId), TYPING_SHOWN_MS),
    );
    this.changed(chatId);
  }

  stop(chatId: string, userId: string | null) {
    const chat = this.byChat.get(chatId);
    if (!chat || userId === null || !chat.has(userId)) return;
    clearTimeout(chat.get(userId));
    chat.delete(userId);
    this.changed(chatId);
  }

  clear() {
    for (const chat of this.byChat.values()) for (const timer of chat.values()) clearTimeout(timer);
    this.byChat.clear();
    this.snapshots.clear();
  }

  private changed(chatId: string) {
    this.snapshots.set(chatId, [...(this.byChat.get(chatId)?.keys() ?? [])]);
    for (const listener of this.listeners) listener();
  }
}
const EMPTY: readonly string[] = [];
