import { PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";
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
 * Settings every session starts with. `jit`: off, as for most request-serving databases. Compiling
 * a statement's expressions pays off for long analytic queries, and it fired on every directory
 * search at 100,000 agencies (the plan's estimate passed `jit_above_cost`): 421 ms a search
 * instead of about 1 ms. `pg_trgm.similarity_threshold`: how alike in trigrams a
 * searched word and a word of an agency's name must be for a typo to still find the agency in the
 * directory (its `%` operator). 0.36 holds a missing or changed letter in a word of five ("cupd",
 * "smth", "cupif" for "cupid", "smith"). Two swapped letters there score 0.33 and are not found:
 * below 0.36 the index hands over every word sharing two trigrams with the search, and a search
 * costs twice as much (measured on the bench's 10,000 agencies).
 */
export const SESSION_SETTINGS = { jit: "off", "pg_trgm.similarity_threshold": "0.36" } as const;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") return openPostgres(options.url, options.poolSize ?? 10);
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
  const settings = { ...SESSION_SETTINGS, ...PGLITE_SETTINGS };
  for (const [name, value] of Object.entries(settings)) {
    await client.query("select set_config($1, $2, false)", [name, value]);
  }
  const pgliteDb = drizzlePglite(preparingReads(client), { schema });
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

/**
 * PGlite only. `plan_cache_mode`: its reads run as prepared statements (`preparingReads`) whose one
 * plan is kept: a plan made for every call would cost more than running it (planning a trigram
 * search takes longer than the search), and PGlite serves one statement at a time, so each
 * millisecond spent planning delays every other request. Not on PostgreSQL: a kept plan cannot
 * use a partial index whose condition is compared with a parameter (drizzle's `eq(column, value)`
 * sends one), and the candidates' pre-filter leans on such an index at PostgreSQL's scale (on
 * PGlite it reads more rows than it needs; the live pair, the webhook queue and the debits report
 * write their conditions out); there the server keeps a generic plan after five runs only when it
 * costs no more than planning each call. `work_mem`: a sort or window that
 * outgrows it spills to files in the data directory, real disk writes inside that one statement.
 * `random_page_cost`: PGlite's pages come from memory or the system's file cache, one process on
 * one machine, so a page read through an index costs about what one read in sequence does; at the
 * default 4 (a spinning disk) the planner read a whole table where a few hundred index look-ups
 * do (the client search joined every questionnaire instead of the few hundred it counted).
 */
const PGLITE_SETTINGS = {
  plan_cache_mode: "force_generic_plan",
  work_mem: "16MB",
  random_page_cost: "1.1",
} as const;

/**
 * Whether a prepared statement failed because a migration changed what it returns ("cached plan
 * must not change result type"): by the server's routine, which is never translated, or by the
 * message.
 */
function changedResultType(error: unknown): boolean {
  const { code, routine, message } = error as { code?: string; routine?: string; message?: string };
  return (
    code === "0A000" &&
    (routine === "RevalidateCachedQuery" || !!message?.includes("cached plan must not change result type"))
  );
}

/** How many read statements PGlite keeps prepared; the least recently used is closed past it. */
const PREPARED_READS = 200;

type PreparedRead = { name: string; paramTypes: number[] };

/**
 * The PGlite client drizzle talks to, with every read (`isRead`) outside a transaction run as a
 * named prepared statement: parsed, described and planned once per statement text, then each call
 * is one bind-and-execute exchange with the database instead of PGlite's five (parse, describe,
 * bind, describe, execute). Other statements, and everything in a transaction, go through PGlite
 * unchanged.
 */
function preparingReads(client: PGlite): PGlite {
  const prepared = new Map<string, PreparedRead>();
  let sequence = 0;
  const exchange = async (messages: Uint8Array[]) =>
    (await client.execProtocol(concatBytes(messages), { syncToFs: false })).messages;

  const prepare = async (text: string): Promise<PreparedRead> => {
    const name = `read_${++sequence}`;
    const reply = await exchange([
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: "S", name }),
      protocol.serialize.sync(),
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(reply) };
    prepared.set(text, statement);
    if (prepared.size > PREPARED_READS) {
      const [oldestText, oldest] = prepared.entries().next().value!;
      prepared.delete(oldestText);
      await exchange([protocol.serialize.close({ type: "S", name: oldest.name }), protocol.serialize.sync()]);
    }
    return statement;
  };

  const run = async (statement: PreparedRead, params: unknown[], options?: QueryOptions) => {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const reply = await exchange([
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.describe({ type: "P" }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    return parse.parseResults(reply, client.parsers, options)[0] ?? { rows: [], fields: [] };
  };

  const query = (text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> => {
    if (!prepared.has(text) && !isRead(text)) return client.query(text, params, options);
    // PGlite's own query says so; the exchange below would fail on the engine's remains instead.
    if (client.closed) return Promise.reject(new Error("PGlite is closed"));
    // The same locks PGlite's own `query` takes: after any open transaction, one exchange at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        // Requests that arrived meanwhile are read first, so each waits its turn in order. Without
        // it the queued reads ran back to back in one turn of the event loop, and a request that
        // came just after that turn began waited for two: under ten searches at once, one in ten
        // took twice as long (p95 55 ms for a city's 625 matches, now 35).
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (client.closed) throw new Error("PGlite is closed");
        let statement = prepared.get(text);
        if (statement) {
          // Most recently used last: the map's order is the eviction order.
          prepared.delete(text);
          prepared.set(text, statement);
        } else {
          statement = await prepare(text);
        }
        try {
          return await run(statement, params, options);
        } catch (error) {
          // A migration changed what the statement returns: prepare it again, once.
          if (!changedResultType(error)) throw error;
          prepared.delete(text);
          await exchange([
            protocol.serialize.close({ type: "S", name: statement.name }),
            protocol.serialize.sync(),
          ]);
          return run(await prepare(text), params, options);
        }
      }),
    );
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Whether a statement runs as a prepared read on PGlite (`preparingReads`): a `select`, or a `with`
 * whose text has no word that writes (a data-modifying CTE). The test is on the statement's text,
 * which holds parameters, never values; a `with` it cannot tell from a write runs through PGlite's
 * own query, as a write does, which is always correct. A `select` of a function that writes
 * (`payment_invoice_number()`) runs prepared too: what PGlite's own query adds after a write,
 * syncing its file system, does nothing on a data directory on disk or in memory (it would matter
 * for a browser's IndexedDB, which the server never uses).
 */
export function isRead(text: string): boolean {
  if (/^[\s(]*select\b/i.test(text)) return true;
  return /^\s*with\b/i.test(text) && !/\b(insert|update|delete|merge)\b/i.test(text);
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** How many statement texts a PostgreSQL pool runs as named prepared statements; the rest run unnamed. */
const NAMED_STATEMENTS = 1000;
/**
 * A statement with more parameters than this runs unnamed: its text is a list's length (drizzle
 * writes `in ($1, ..., $n)` and multi-row inserts with one parameter a value), so each length
 * would take a name, and each connection would keep every one of them.
 */
const NAMED_MAX_VALUES = 32;

/**
 * PostgreSQL only. Every statement with parameters outside a transaction runs as a named prepared
 * statement: each pooled connection parses it once, and after five runs the server keeps a generic
 * plan when it costs no more than planning each call. Planning the client list's page took 0.3 ms
 * of the server's CPU against 0.1 ms to run it, and a search's 0.5-0.8 ms against 0.7-1.4 ms.
 * Statement texts carry parameters, never values, so their number is the number of query shapes
 * (lists aside: NAMED_MAX_VALUES); past NAMED_STATEMENTS (a shape built from values by mistake)
 * new texts run unnamed, so no connection holds more. A text without parameters may be several
 * statements, which cannot be prepared: it runs unnamed. A name the caller gave (drizzle's
 * `prepare(name)`, `preparedOnce`) is set aside for the text's own: a migration that changes what
 * a statement returns is then retried under a new name for those too.
 */
function namingStatements(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  let sequence = 0;
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < NAMED_STATEMENTS) {
      name = `md_${++sequence}`;
      names.set(text, name);
    }
    return name;
  };
  const query = async (given: pg.QueryConfig | string, values?: unknown[]) => {
    if (typeof given === "string") return pool.query(given, values);
    // A name given with the statement (drizzle's `prepare(name)`) is not the one it runs under: one
    // name a text, by construction, and the retry below for every statement.
    const { name: _given, ...config } = given;
    if (!values?.length || values.length > NAMED_MAX_VALUES) return pool.query(config, values);
    const name = nameOf(config.text);
    if (!name) return pool.query(config, values);
    try {
      return await pool.query({ ...config, name }, values);
    } catch (error) {
      // A migration changed what the statement returns ("cached plan must not change result
      // type"): a new name prepares it again on each connection.
      if (!changedResultType(error)) throw error;
      names.delete(config.text);
      return pool.query({ ...config, name: nameOf(config.text) }, values);
    }
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === "query") return query;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Waits before each new attempt of the listening connection. Short: while it is down nothing that
 * depends on notifications is kept, so the caches are off, and a pooled connection that opens
 * again (the database is back) also starts an attempt at once.
 */
const RECONNECT_MS = [250, 500, 1000, 2000];

/**
 * The address and startup `options` a connection opens with: `SESSION_SETTINGS`, sent with each
 * connection's startup (no round trip of its own), then any `options` the address carries itself
 * (`?options=-c%20statement_timeout%3D5000`), which node-postgres would otherwise put in place of
 * ours. PostgreSQL takes the last of two values for one setting, so the address's own win.
 */
export function withSessionSettings(url: string): { connectionString: string; options: string } {
  const ours = Object.entries(SESSION_SETTINGS).map(([name, value]) => `-c ${name}=${value}`);
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return { connectionString: url, options: ours.join(" ") };
  }
  const theirs = address.searchParams.get("options");
  if (theirs === null) return { connectionString: url, options: ours.join(" ") };
  address.searchParams.delete("options");
  return { connectionString: address.toString(), options: [...ours, theirs].join(" ") };
}

/**
 * Bounds on waiting for the database, so a request answers (503 while it is unreachable) instead
 * of hanging: a new connection, or a free one from a full pool, within CONNECT_TIMEOUT_MS; an
 * answer to a statement within QUERY_TIMEOUT_MS (longer than any request's statement; migrations
 * run without it). Keepalive notices a peer that vanished without closing the connection.
 */
export const CONNECT_TIMEOUT_MS = 5000;
export const QUERY_TIMEOUT_MS = 30_000;

/**
 * PostgreSQL through a pool. Notifications: every pooled connection LISTENs on the channels, so a
 * write's own notification reaches this process before the write resolves (PostgreSQL sends it
 * just before ReadyForQuery); one dedicated connection also listens, so other instances' writes
 * are heard even when the pool is empty. When it drops, listeners are told of the gap.
 *
 * A failing database never ends the process: every connection, idle, checked out (a transaction
 * in flight when the server stops) or listening, has an `error` listener; the statement that was
 * running fails instead, and the pool opens new connections once the server is back.
 */
function openPostgres(url: string, poolSize: number): Database {
  const connection = {
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...withSessionSettings(url),
  };
  const ignoreError = () => {};
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
  let listener: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let connecting: Promise<void> | null = null;
  /** One connection attempt at a time, however many callers ask. */
  const ensureListener = (): Promise<void> => {
    if (listener || closed) return Promise.resolve();
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
    const client = new pg.Client(connection);
    client.on("notification", dispatch);
    client.on("error", ignoreError);
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
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    listener = client;
    listening = true;
    attempt = 0;
    // What was written while nobody listened is unknown.
    gap();
  };

  // Awaited by the pool before it hands a new connection out, so the caller's first statement
  // never overlaps the LISTENs. The pool's own error listener covers idle connections only (a
  // checked-out client has none, and an 'error' event without a listener throws): this one stays
  // on each connection for its life. The statement in flight is failed by pg itself, and a
  // broken client leaves the pool on release.
  const onConnect = async (client: pg.ClientBase) => {
    client.on("error", ignoreError);
    client.on("notification", dispatch);
    for (const channel of pooled) await client.query(`LISTEN ${quote(channel)}`).catch(() => {});
    // The database answers again: the listening connection need not wait for its next attempt.
    if (!listener && !closed && channels.size > 0) void ensureListener();
  };
  const pool = new pg.Pool({
    ...connection,
    max: poolSize,
    query_timeout: QUERY_TIMEOUT_MS,
    onConnect,
  });
  pool.on("error", ignoreError);

  return {
    db: drizzlePg(namingStatements(pool), { schema }) as unknown as Db,
    kind: "postgres",
    // Its own connection, without the statement timeout: building an index may take longer.
    async migrate() {
      const client = new pg.Client(connection);
      client.on("error", ignoreError);
      await client.connect();
      try {
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.end().catch(() => {});
      }
    },
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
