import { chatApi, ServerEvent } from "@matchdesk/contract";
import { href } from "../../lib/api";

type Listener = (event: ServerEvent) => void;
type StatusListener = (isOpen: boolean) => void;

const BACKOFF_MS = [500, 1000, 2000, 5000, 10_000];

/** The delay before reconnect attempt `attempt` (0-based): grows, then stays at the last step. */
export function reconnectDelay(attempt: number): number {
  return BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
}

/**
 * The app's one WebSocket (`chatApi.socket`). It reconnects on its own and, reconnecting, asks for the
 * messages after the last one it saw (`since`), so nothing sent meanwhile is lost; listeners
 * hear `resync` when they should reload what they show.
 */
export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private statusListeners = new Set<StatusListener>();
  private lastMessageId: string | undefined;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isStopped = true;
  private hasConnected = false;

  constructor(private readonly url: () => string) {}

  start() {
    if (!this.isStopped) return;
    this.isStopped = false;
    this.connect();
  }

  stop() {
    this.isStopped = true;
    clearTimeout(this.timer);
    this.socket?.close();
    this.socket = null;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether the socket is open now (a page mounted after it opened asks this first). */
  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Sends when open; typing is worth nothing later, so nothing is queued. */
  send(event: { type: "typing"; chatId: string }) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(event));
  }

  private emit(event: ServerEvent) {
    for (const listener of this.listeners) listener(event);
  }

  private connect() {
    const url = new URL(this.url());
    if (this.lastMessageId) url.searchParams.set("since", this.lastMessageId);
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      for (const listener of this.statusListeners) listener(true);
      // A reconnect: what the page shows may be stale beyond chat messages (read marks, notifications).
      if (this.hasConnected) this.emit({ type: "resync" });
      this.hasConnected = true;
    };
    socket.onmessage = (message) => {
      const event = readEvent(String(message.data));
      if (!event) return;
      if (event.type === "message" && event.message?.id) this.lastMessageId = event.message.id;
      this.emit(event);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      for (const listener of this.statusListeners) listener(false);
      // 4401: the session ended; the app's next request meets the 401 and signs out.
      if (this.isStopped || event.code === 4401) return;
      this.timer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++));
    };
  }

  /** Remembers the newest message the page has loaded, for catch-up after a reconnect. */
  noteMessage(id: string) {
    if (!this.lastMessageId || id > this.lastMessageId) this.lastMessageId = id;
  }
}

/**
 * A server event from its JSON, or undefined for what is not one. Like the API's answers, events
 * are checked against the contract only in development: the schemas would bring zod into the shell.
 */
function readEvent(data: string): ServerEvent | undefined {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof (event as { type?: unknown } | null)?.type !== "string") return undefined;
  if (import.meta.env.DEV && !ServerEvent.safeParse(event).success) return undefined;
  return event as ServerEvent;
}

/** The socket's address on this origin: the contract's path, over ws or wss as the page is served. */
export const realtimeUrl = () => {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}${href(chatApi.socket)}`;
};
