import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../paths.js";
import * as schema from "./schema/index.js";

/** One type for both engines: services never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a listener of a NOTIFY channel is told. */
export type ChannelListener = {
  message(payload: string): void;
  /** Notifications may have been missed (the listening connection dropped): forget what depends on them. */
  gap(): void;
};

export type Subscription = {
  /** False while notifications could be missed: nothing should be kept that depends on them. */
  live(): boolean;
  stop(): void;
};

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Hears every NOTIFY on `channel`, from any instance. A notification caused by this process's
   * own write arrives before that write's promise resolves, so what it invalidates is gone by then.
   */
  listen(channel: string, listener: ChannelListener, options?: ListenOptions): Promise<Subscription>;
  close(): Promise<void>;
};

export type ListenOptions = {
  /**
   * PostgreSQL: also LISTEN on every pooled connection (the default), so a write's own
   * notification arrives before the write resolves. A channel that needs no such ordering (real
   * time events) sets false: only the one listening connection hears it, which keeps the cost of
   * each NOTIFY to one delivery per instance.
   */
  everyConnection?: boolean;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: "pglite"; dataDir: string | undefined };

/**
 * Settings every session starts with. `pg_trgm.word_similarity_threshold`: how alike a query and
 * an agency's name must be for a typo to still find it in the directory (its `<%` operator).
 */
export const SESSION_SETTINGS = { "pg_trgm.word_similarity_threshold": "0.4" } as const;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") return openPostgres(options.url, options.poolSize ?? 10);
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await client.query("select set_config($1, $2, false)", [name, value]);
  }
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await pgliteDb.execute(sql`select 1`);
    },
    // One session in one process: PGlite hands a notification over while it reads the result of
    // the statement that caused it.
    async listen(channel, listener) {
      const stop = await client.listen(channel, (payload) => listener.message(payload));
      return { live: () => !client.closed, stop: () => void stop().catch(() => {}) };
    },
    close: () => client.close(),
  };
}

const RECONNECT_MS = [250, 1000, 5000, 15_000];

/**
 * PostgreSQL through a pool. Notifications: every pooled connection LISTENs on the channels, so a
 * write's own notification reaches this process before the write resolves (PostgreSQL sends it
 * just before ReadyForQuery); one dedicated connection also listens, so other instances' writes
 * are heard even when the pool is empty. When it drops, listeners are told of the gap.
 */
function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Sent with each connection's startup: no round trip of its own.
    options: Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(" "),
  });
  // An idle client's error (the server restarted) must not crash the process.
  pool.on("error", () => {});
  const channels = new Map<string, Set<ChannelListener>>();
  /** The channels every pooled connection listens on too. */
  const pooled = new Set<string>();
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  const dispatch = (message: pg.Notification) => {
    for (const listener of channels.get(message.channel) ?? []) listener.message(message.payload ?? "");
  };
  const gap = () => {
    for (const set of channels.values()) for (const listener of set) listener.gap();
  };
  pool.on("connect", (client) => {
    client.on("notification", dispatch);
    for (const channel of pooled) void client.query(`LISTEN ${quote(channel)}`).catch(() => {});
  });

  let listener: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let connecting: Promise<void> | null = null;
  /** One connection attempt at a time, however many callers ask. */
  const ensureListener = (): Promise<void> => {
    if (!connecting) {
      connecting = connectListener().finally(() => {
        connecting = null;
      });
    }
    return connecting;
  };
  const retry = () => {
    if (closed) return;
    const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)];
    setTimeout(() => void ensureListener(), delay).unref();
  };
  const connectListener = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", dispatch);
    client.on("error", () => {});
    client.on("end", () => {
      if (listener !== client) return;
      listener = null;
      listening = false;
      gap();
      retry();
    });
    try {
      await client.connect();
      for (const channel of channels.keys()) await client.query(`LISTEN ${quote(channel)}`);
    } catch {
      await client.end().catch(() => {});
      retry();
      return;
    }
    listener = client;
    listening = true;
    attempt = 0;
    // What was written while nobody listened is unknown.
    gap();
  };

  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await pool.query("select 1");
    },
    async listen(channel, channelListener, options = {}) {
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
        if (options.everyConnection ?? true) {
          pooled.add(channel);
          // Connections already in the pool start listening now; new ones do on connect.
          const idle = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
          for (const client of idle) {
            await client.query(`LISTEN ${quote(channel)}`);
            client.release();
          }
        }
        if (listener) await listener.query(`LISTEN ${quote(channel)}`);
        else await ensureListener();
      }
      set.add(channelListener);
      return { live: () => listening && !closed, stop: () => void set.delete(channelListener) };
    },
    async close() {
      closed = true;
      listening = false;
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}
