import type { ServerEvent } from "@matchdesk/contract";
import WebSocket from "ws";
import type { App } from "../src/app.js";

/** Listens on a free loopback port (injected sockets trip the rate limiter) and answers the base URL. */
export async function listenOnLoopback(app: App): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

export type TestSocket = {
  ws: WebSocket;
  events: ServerEvent[];
  /** The first event (already received or coming) that matches, or a rejection after `ms`. */
  next(match: (e: ServerEvent) => boolean, ms?: number): Promise<ServerEvent>;
  /** Fails when a matching event arrives within `ms`. */
  none(match: (e: ServerEvent) => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
};

/** Opens /api/ws as a browser would: the session cookie and our own origin. */
export function connectSocket(
  baseUrl: string,
  options: { cookie?: string; origin?: string | null; since?: string } = {},
): Promise<TestSocket> {
  const url = new URL("/api/ws", baseUrl.replace("http", "ws"));
  if (options.since) url.searchParams.set("since", options.since);
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? baseUrl : options.origin;
  const ws = new WebSocket(url, { headers, ...(origin ? { origin } : {}) });
  const events: ServerEvent[] = [];
  const waiters: { match: (e: ServerEvent) => boolean; resolve: (e: ServerEvent) => void }[] = [];
  ws.on("message", (data) => {
    const event = JSON.parse(String(data)) as ServerEvent;
    events.push(event);
    for (const w of [...waiters]) {
      if (w.match(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  });
  const socket: TestSocket = {
    ws,
    events,
    next(match, ms = 3000) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (e: ServerEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error("no matching event"));
        }, ms);
        waiters.push(waiter);
      });
    },
    async none(match, ms = 300) {
      await new Promise((r) => setTimeout(r, ms));
      if (events.some(match)) throw new Error("an event arrived that should not have");
    },
    close: () =>
      new Promise((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once("close", () => resolve());
        ws.close();
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(socket));
    ws.once("unexpected-response", (req, res) => {
      // The refused upgrade's connection stays open otherwise, and the app would wait for it on close.
      req.destroy();
      res.destroy();
      reject(new Error(`refused: ${res.statusCode}`));
    });
    ws.once("error", reject);
  });
}
