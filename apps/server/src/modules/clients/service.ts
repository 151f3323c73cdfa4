import type { ClientListItem, ClientStatsView, ClientsQuery, CreateClientBody } from "@matchdesk/contract";
import { ageOn, LIMITS, phoneSearchDigits } from "@matchdesk/contract";
import { and, count, desc, eq, isNull, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { clientCounts, clientProfiles, photos, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, notFound } from "../../platform/errors.js";
import { escapeLike, explainAsRun, preparedOnce } from "../../platform/sql.js";
import { fileUrl, type Storage } from "../../platform/storage.js";
import { revokeEmailTokens } from "../auth/email-tokens.js";
import { recordConsent } from "../consents/ledger.js";
import { setApproved } from "../profiles/service.js";
import {
  createClientUsers,
  deleteUser,
  findUser,
  findUserByEmail,
  normalizeClientPhone,
  setEmail,
  type UserRow,
  updateUser,
} from "../users/service.js";
import { clientEventData } from "../webhooks/events.js";
import { emitWebhookEvent } from "../webhooks/service.js";
import { lowersHere, searchKeys } from "./search-keys.js";

/**
 * A client list's values, as its statements take them. Which of them a list has (`listShape`)
 * decides each statement's text: a shape's statements are built and prepared once per database
 * (`preparedOnce`), then run with the list's values (`listParams`), so a search costs the
 * database's work and little of this process's (building a search with drizzle took a fifth of
 * the server's time for it at 50,000 clients on PostgreSQL).
 */
type ListValues = {
  admin: boolean;
  caller: string;
  /** The questionnaire state asked for, as `users.profile_bucket` holds it. */
  state: number | undefined;
  verified: boolean | undefined;
  inSearch: boolean | undefined;
  gender: ClientsQuery["gender"];
  texts: SearchedText[];
  /** The page's size and offset, and how many of the page are within the matches paged (`capped`). */
  limit: number;
  offset: number;
  capped: number;
};

/**
 * A searched text as the statements hold it: its LIKE pattern, lowercased here or by the
 * database (`lowerInDb`), and, when the search keys find it, its keys for each questionnaire
 * state asked (array literals).
 */
type SearchedText = { pattern: string; lowerInDb: boolean; keys: string[] | undefined };

/** The statements' parameters, by name (`listParams`): the values, each text's spread out. */
type ListParams = Omit<ListValues, "admin" | "texts"> & {
  [pattern: `pattern${number}`]: string;
  [keys: `keys${number}_${number}`]: string;
};

/** A list's value, or the placeholder a prepared statement takes it by. */
type ListParam = <K extends keyof ListParams>(name: K) => ListParams[K] | Placeholder;

const placeholder: ListParam = (name) => sql.placeholder(name);

function listParams(v: ListValues): ListParams {
  const params: ListParams = {
    caller: v.caller,
    state: v.state,
    verified: v.verified,
    inSearch: v.inSearch,
    gender: v.gender,
    limit: v.limit,
    offset: v.offset,
    capped: v.capped,
  };
  v.texts.forEach((text, i) => {
    params[`pattern${i}`] = text.pattern;
    text.keys?.forEach((keys, j) => {
      params[`keys${i}_${j}`] = keys;
    });
  });
  return params;
}

/** The list's values themselves, in place of placeholders (for EXPLAIN). */
const valuesOf = (v: ListValues): ListParam => {
  const params = listParams(v);
  return (name) => params[name];
};

/** What a list's statements' texts depend on: which values it has, and the state asked (`inStateCounted`). */
function listShape(v: ListValues): string {
  const texts = v.texts.map((t) => `${t.keys ? `k${t.keys.length}` : "l"}${t.lowerInDb ? "L" : ""}`);
  return [
    v.admin ? "a" : "m",
    v.state === undefined ? "_" : `s${v.state}`,
    v.verified === undefined ? "_" : "v",
    v.inSearch === undefined ? "_" : "i",
    v.gender === undefined ? "_" : "g",
    ...texts,
  ].join("");
}

/**
 * The clients a caller may see: a matchmaker's own, or every client for an admin. `byKeys`: a
 * search whose keys (`textFound`) find only the matchmaker's own clients already, so this only
 * checks them, written in a form no index serves. A plan kept for any text (PGlite's always,
 * PostgreSQL's after five runs) cannot tell how few rows the keys find, and added to each search
 * a scan of another index: all 5,000 of the matchmaker's clients, or the 20,000 clients. (A walk
 * uses the plain form, which the list's index serves and the statistics estimate: a role compared
 * as text was estimated to keep 1 row in 200, and with it the walk as a read of the whole table
 * and a sort.)
 */
function scope(admin: boolean, caller: string | Placeholder, byKeys = false): SQL {
  if (byKeys && !admin) {
    return sql`${users.role}::text = 'INVITEE' and ${users.erasedAt} is null and (${users.inviterId} || '') = ${caller}`;
  }
  // An erased client's tombstone is no one's client any more.
  const isClient = and(eq(users.role, "INVITEE"), isNull(users.erasedAt))!;
  return admin ? isClient : and(isClient, eq(users.inviterId, caller))!;
}

/**
 * The questionnaire states as `users.profile_bucket` holds them (`md_client_bucket`, migration
 * `client_counts_triggers`): the list filters, counts and shows a client's state from it.
 */
const STATE_OF_BUCKET = ["incomplete", "complete", "approved"] as const;
const BUCKETS = Object.fromEntries(STATE_OF_BUCKET.map((state, bucket) => [state, bucket])) as Record<
  (typeof STATE_OF_BUCKET)[number],
  number
>;

/**
 * A list's values. A search finds the clients whose text has `q` (case aside): name, e-mail,
 * phone or city (`users.search_text`); a phone however written, by its digits (the text holds the
 * stored E.164 number's digits too). For a matchmaker and three letters or more, the GIN index
 * over `search_keys` (the text's three-letter pieces hashed with the matchmaker and the
 * questionnaire state, migration `client_search_keys`) finds their own clients in the states asked
 * for with those pieces, and LIKE checks them (the text is stored in lowercase); an admin's search
 * over everyone uses the trigram index. The searched pieces are hashed before the search
 * (`searchKeys`: here, or by the database's `md_search_keys`), not inside it: PGlite plans that
 * function of bound parameters several times slower than the search with its result.
 */
async function listValues(db: Db, caller: SessionUser, q: ClientsQuery): Promise<ListValues> {
  const admin = caller.role === "ADMIN";
  const state = q.profileStatus ? BUCKETS[q.profileStatus] : undefined;
  const buckets = state === undefined ? Object.values(BUCKETS) : [state];
  // An all-digit text is its own digits: once.
  const texts = q.q ? [...new Set([q.q, ...(phoneSearchDigits(q.q) ?? [])])] : [];
  const keyed = admin ? [] : texts.filter((text) => [...text].length >= 3);
  const pairs = keyed.flatMap((text) => buckets.map((bucket) => ({ text, scope: `${caller.id}:${bucket}` })));
  const keys = new Map<string, string[]>();
  (await searchKeys(db, pairs)).forEach((pieces, i) => {
    const { text } = pairs[i]!;
    // One parameter per state (an array literal): the statement's text is the same whatever is
    // searched, so PGlite and PostgreSQL keep its plan.
    keys.set(text, [...(keys.get(text) ?? []), `{${spread(pieces).join(",")}}`]);
  });
  const offset = (q.page - 1) * q.pageSize;
  return {
    admin,
    caller: caller.id,
    state,
    verified: q.verified,
    inSearch: q.inSearch,
    gender: q.gender,
    texts: await Promise.all(
      texts.map(async (text): Promise<SearchedText> => {
        // The LIKE pattern of the stored (lowercase) texts that contain `text`, case aside.
        const pattern = `%${escapeLike(text)}%`;
        const here = await lowersHere(db, pattern);
        return { pattern: here ? pattern.toLowerCase() : pattern, lowerInDb: !here, keys: keys.get(text) };
      }),
    ),
    limit: q.pageSize,
    offset,
    capped: Math.max(0, Math.min(q.pageSize, LIMITS.clientMatchesCounted - offset)),
  };
}

/** Whether every searched text is found by its keys (so `scope` takes its `byKeys` form). */
const foundByKeys = (v: ListValues) => v.texts.length > 0 && v.texts.every((t) => t.keys);

/**
 * At most KEYS_ASKED of a text's keys, spread over it from its first piece to its last: GIN reads
 * each key's list of clients, so "olga petrova" asked with its ten pieces read ten lists of
 * thousands (3.1 ms of PostgreSQL's 3.3 at 50,000 clients). A few pieces across the text pick
 * about the same clients, and LIKE checks each one anyway.
 */
const KEYS_ASKED = 4;
function spread(pieces: readonly number[]): readonly number[] {
  if (pieces.length <= KEYS_ASKED) return pieces;
  const last = pieces.length - 1;
  return Array.from({ length: KEYS_ASKED }, (_, i) => pieces[Math.round((i * last) / (KEYS_ASKED - 1))]!);
}

/** The `i`th searched text's LIKE pattern, lowercased by the database if not here. */
const likePattern = (v: ListValues, i: number, p: ListParam) =>
  v.texts[i]!.lowerInDb ? sql`lower(${p(`pattern${i}`)})` : sql`${p(`pattern${i}`)}`;

/** The clients whose text has a searched text, found through the search's index (`found`). */
function textFound(v: ListValues, p: ListParam): SQL {
  return or(
    ...v.texts.map((text, i) => {
      if (!text.keys) return sql`${users.searchText} like ${likePattern(v, i, p)}`;
      // Behind a sub-select (`opaque`): see there.
      const pieces = text.keys.map(
        (_, j) => sql`${users.searchKeys} @> ${opaque(sql`${p(`keys${i}_${j}`)}::integer[]`)}`,
      );
      // What the keys found is checked in a form the trigram index cannot serve (see `scope`).
      return and(or(...pieces)!, checkedText(v, i, p))!;
    }),
  )!;
}

/**
 * The client's text has the `i`th searched text (case aside), checked on each row read, in a form
 * no index serves (see `scope`) and the planner reads as true of half the rows: a search is walked
 * (`walkedPage`) only when it has more than LIMITS.clientMatchesCounted matches, and with the
 * LIKE's own estimate (a few rows in a thousand, the pattern being `opaque`) PostgreSQL read the
 * whole table and sorted the matches instead of walking the list's index to the page (47 ms
 * instead of 1 at 50,000 clients).
 */
const checkedText = (v: ListValues, i: number, p: ListParam) =>
  sql`coalesce(${users.searchText} like ${opaque(likePattern(v, i, p))}, false)`;

/**
 * A value the planner does not look at: a sub-select, run once a statement. PostgreSQL makes a
 * plan for each call's values (0.6 ms of a 2 ms search) until a plan for any values costs no more,
 * which a plan that saw how rare these keys are never allowed; seeing neither the keys nor the
 * pattern, it plans the search five times and then keeps the plan, as PGlite always does
 * (`plan_cache_mode`, db/client.ts). The search keys and the pattern checked are all the plan
 * needs no value of: the plan is the same for any.
 */
const opaque = (value: SQL) => sql`(select ${value})`;

/**
 * A walk's LIMIT or OFFSET, `opaque`: PostgreSQL plans a LIMIT it cannot see for a tenth of the
 * rows, so the kept plan of `limit $1` looked a hundred times dearer than each call's own and
 * never won, and every walk was planned (0.6 ms of its 0.8). Unseen in every plan, it costs the
 * same in all of them, and the plan is kept after five. (drizzle's `limit` takes a number and
 * writes whatever it is given.)
 */
const opaqueCount = (n: number | Placeholder) => opaque(sql`${n}::integer`) as unknown as number;

/**
 * How a statement reads the clients a filter picks. `found`: the search's index finds the matches
 * (the hashed pieces for a matchmaker, the trigrams for an admin), in no order. `walked`: the
 * list's own index (`users_inviter_idx`, an admin's `users_role_idx`) walks the base newest first
 * and each client's text is checked, so a page of a search with many matches is found after a
 * few of them, in order.
 */
type Reading = "found" | "walked";

function filters(v: ListValues, p: ListParam, reading: Reading = "found"): SQL {
  const scoped = scope(v.admin, p("caller"), reading === "found" && foundByKeys(v));
  return and(scoped, inState(v, p), ...narrowing(v, p, reading))!;
}

/**
 * The questionnaire state asked for, if any, `opaque`: the states' shares differ (two clients in
 * three may be incomplete), so a plan for each state's own share looked cheaper than the kept one
 * and every walk of a state was planned again.
 */
const inState = (v: ListValues, p: ListParam) =>
  v.state === undefined ? undefined : sql`${users.profileBucket} = ${opaque(sql`${p("state")}::smallint`)}`;

/** What a list's filters ask of each client in the caller's scope and state (`filters` without them). */
function narrowing(v: ListValues, p: ListParam, reading: Reading): SQL[] {
  const parts: SQL[] = [];
  if (v.texts.length > 0) {
    parts.push(
      reading === "found"
        ? textFound(v, p)
        : // So the walk stays the plan whatever is searched.
          or(...v.texts.map((_, i) => checkedText(v, i, p)))!,
    );
  }
  if (v.verified !== undefined) parts.push(sql`${users.isVerified} = ${p("verified")}`);
  if (v.inSearch !== undefined) parts.push(sql`${users.participatesInSearch} = ${p("inSearch")}`);
  if (v.gender !== undefined) parts.push(sql`${users.gender} = ${p("gender")}`);
  return parts;
}

const LIST_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  gender: users.gender,
  status: users.status,
  isVerified: users.isVerified,
  participatesInSearch: users.participatesInSearch,
  termsAcceptedAt: users.termsAcceptedAt,
  avatarThumbKey: users.avatarThumbKey,
  createdAt: users.createdAt,
  city: clientProfiles.city,
  dateOfBirth: clientProfiles.dateOfBirth,
  profileBucket: users.profileBucket,
};

function selectClients(db: Db, where: SQL) {
  return db
    .select(LIST_COLUMNS)
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id));
}

type ListRow = Awaited<ReturnType<typeof selectClients>>[number];

function toListItem(r: ListRow): ClientListItem {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    gender: r.gender,
    city: r.city,
    age: r.dateOfBirth ? ageOn(r.dateOfBirth) : null,
    profileStatus: STATE_OF_BUCKET[r.profileBucket]!,
    isActive: r.status !== "inactive",
    isVerified: r.isVerified,
    participatesInSearch: r.participatesInSearch,
    hasRegistered: r.termsAcceptedAt !== null,
    avatarThumbUrl: r.avatarThumbKey ? fileUrl(r.avatarThumbKey) : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * One page of clients and how many match. A matchmaker's whole base, or one questionnaire state
 * of it, is counted already (client_counts), and the page reads from the list's index. A
 * matchmaker's other lists are first read from their newest clients (`probe`), which answers a
 * common search. Any other filter counts at most LIMITS.clientMatchesCounted matches, in the same
 * pass that finds the page (a window count); past that the list says "more than" that many, and
 * the page is walked to in the list's order instead (`walked`): a city a tenth of a base of 50,000
 * has costs no more than in a base of 5,000. Each statement is the one prepared for the list's
 * shape (`ListValues`).
 */
export async function listClients(db: Db, caller: SessionUser, query: ClientsQuery) {
  const v = await listValues(db, caller, query);
  const shape = listShape(v);
  const params = listParams(v);
  const isCountedAlready =
    !v.admin &&
    v.texts.length === 0 &&
    v.verified === undefined &&
    v.inSearch === undefined &&
    v.gender === undefined;
  let rows: ListRow[];
  let total: number;
  let totalCapped = false;
  if (isCountedAlready) {
    const [page, stats] = await Promise.all([
      preparedOnce(db, `clients_page_${shape}`, (name) =>
        selectClients(db, filters(v, placeholder))
          .limit(placeholder("limit") as number)
          .offset(placeholder("offset") as number)
          .prepare(name),
      ).execute(params),
      clientStats(db, caller),
    ]);
    rows = page;
    total = query.profileStatus
      ? stats[query.profileStatus === "complete" ? "completed" : query.profileStatus]
      : stats.total;
  } else {
    const cap = LIMITS.clientMatchesCounted;
    // Past the cap the first read has no row to give (nor can its offset be sent as an integer).
    const probed =
      v.offset < cap && readsNewestFirst(db, caller, query)
        ? await preparedOnce(db, `clients_probe_${shape}`, (name) =>
            probe(db, v, placeholder).prepare(name),
          ).execute(params)
        : [];
    const matchesProbed = probed[0]?.matches ?? 0;
    if (probed[0] && (matchesProbed > cap || probed[0].scope <= PROBE_ROWS)) {
      return {
        items: probed.map(toListItem),
        total: Math.min(matchesProbed, cap),
        totalCapped: matchesProbed > cap,
        page: query.page,
        pageSize: query.pageSize,
      };
    }
    const page = await preparedOnce(db, `clients_matching_${shape}`, (name) =>
      matchingPage(db, v, placeholder).prepare(name),
    ).execute(params);
    rows = page;
    // A page past the end (of all matches, or of the ones counted) has no row to carry the count.
    const matches =
      page[0]?.matches ??
      (v.offset > 0
        ? ((
            await preparedOnce(db, `clients_count_${shape}`, (name) =>
              countMatches(db, v, placeholder).prepare(name),
            ).execute(params)
          )[0]?.n ?? 0)
        : 0);
    if (!v.admin) noteRarity(db, caller, query, matches <= cap);
    if (matches > cap) {
      // The newest `cap` of them are paged; the rest is for a narrower search (and a page deep in
      // a walk would read most of the base).
      rows =
        v.capped > 0
          ? await preparedOnce(db, `clients_walked_${shape}`, (name) =>
              walkedPage(db, v, placeholder).prepare(name),
            ).execute(params)
          : [];
      totalCapped = true;
    }
    total = Math.min(matches, cap);
  }
  return { items: rows.map(toListItem), total, totalCapped, page: query.page, pageSize: query.pageSize };
}

/**
 * A matchmaker's searches that were counted through their index and had at most
 * LIMITS.clientMatchesCounted matches, by matchmaker, filters and text, with when: such a search,
 * or one whose text begins with such a text (typing on: it can only match fewer), skips
 * `probe`, which would read PROBE_ROWS clients to find none or a few. Only the way a search
 * is read depends on it, never its answer, so an entry may outlive a change of the base (for
 * RARE_MS at most). In each process; past RARE_LIMIT entries it starts afresh.
 */
const rareSearches = new WeakMap<Db, Map<string, number>>();
const RARE_MS = 10 * 60_000;
const RARE_LIMIT = 10_000;
const NO_FILTERS: Omit<ClientsQuery, "page" | "pageSize"> = {};

const rareKey = (caller: SessionUser, q: Omit<ClientsQuery, "page" | "pageSize">, text: string) =>
  `${caller.id}\u0001${q.profileStatus ?? ""}|${q.verified ?? ""}|${q.inSearch ?? ""}|${q.gender ?? ""}\u0001${text}`;

/**
 * Whether a list is first read from the matchmaker's newest clients (`probe`): not an
 * admin's (the trigram index over every agency), nor a search known to be rare, nor one for a
 * text with a digit or an "@": a phone number, an e-mail or a number in either names a person or
 * a few, and the first read would only find that out after PROBE_ROWS clients.
 */
function readsNewestFirst(db: Db, caller: SessionUser, query: ClientsQuery): boolean {
  if (caller.role === "ADMIN") return false;
  return !query.q || !(/[\d@]/.test(query.q) || knownRare(db, caller, query));
}

/** The memo's keys `knownRare` looks up for a search: its text and each beginning, with its filters and none. */
function rareKeys(caller: SessionUser, query: ClientsQuery): string[] {
  const text = (query.q ?? "").toLowerCase();
  const keys: string[] = [];
  for (let end = text.length; end >= 1; end--)
    for (const filters of [query, NO_FILTERS]) keys.push(rareKey(caller, filters, text.slice(0, end)));
  return keys;
}

/** Whether the search's text, or a beginning of it, had few matches (with its filters or none). */
function knownRare(db: Db, caller: SessionUser, query: ClientsQuery): boolean {
  const known = rareSearches.get(db);
  if (!known || !query.q) return false;
  const now = Date.now();
  return rareKeys(caller, query).some((key) => now - (known.get(key) ?? 0) < RARE_MS);
}

/**
 * Remembers how a search counted through its index came out: few matches, or (forgetting every
 * entry that made it skip the first read) many. Texts the first read never serves are not kept.
 */
function noteRarity(db: Db, caller: SessionUser, query: ClientsQuery, rare: boolean) {
  if (!query.q || /[\d@]/.test(query.q)) return;
  const known = rareSearches.get(db) ?? new Map<string, number>();
  rareSearches.set(db, known);
  if (!rare) {
    for (const key of rareKeys(caller, query)) known.delete(key);
    return;
  }
  const now = Date.now();
  // Oldest first (each entry is set anew): the expired ones go.
  for (const [key, at] of known) {
    if (now - at < RARE_MS) break;
    known.delete(key);
  }
  if (known.size >= RARE_LIMIT) known.clear();
  const key = rareKey(caller, query, query.q.toLowerCase());
  known.delete(key);
  known.set(key, now);
}

/**
 * How many of a matchmaker's newest clients a filtered list reads first (`probe`): 15 times
 * the matches counted, so a text one client in ten has (a common first name, a big city) shows
 * more than the cap among them, about 1,000 rows read.
 */
export const PROBE_ROWS = 15 * LIMITS.clientMatchesCounted;

/** The caller's clients in the state asked for, as `client_counts` counts them. */
function inStateCounted(v: Pick<ListValues, "state">): SQL {
  const { total, completed, approved } = clientCounts;
  if (v.state === BUCKETS.complete) return sql`${completed}`;
  if (v.state === BUCKETS.approved) return sql`${approved}`;
  if (v.state === BUCKETS.incomplete) return sql`${total} - ${completed} - ${approved}`;
  return sql`${total}`;
}

/**
 * A matchmaker's filtered list, read first from their newest PROBE_ROWS clients, newest first
 * (the list's index), each checked as a walk checks it: the page of the first
 * LIMITS.clientMatchesCounted + 1 matches among them, each row with how many there were (`matches`)
 * and how many clients the matchmaker has (`scope`, counted already). It is the answer when it
 * found more matches than are counted, or read the whole base; else a rarer search is counted
 * through its index (`matchingPage`), which costs little for few matches, while a common one
 * would have it gather thousands of entries to count 101 (3 to 5 ms of PostgreSQL's time at
 * 50,000 clients, against half a millisecond here). No row: not decided (past the matches paged,
 * or none found). That the whole base was read is told by `client_counts`, which the client
 * triggers (and `withoutClientTriggers`) keep exact, as the list's unfiltered totals need anyway.
 */
function probe(db: Db, v: ListValues, p: ListParam) {
  const cap = LIMITS.clientMatchesCounted;
  const hit = and(...narrowing(v, p, "walked"));
  const walked = db.$with("walked").as(
    db
      .select({ id: users.id, createdAt: users.createdAt, hit: sql<boolean>`${hit ?? sql`true`}`.as("hit") })
      .from(users)
      .where(and(scope(v.admin, p("caller")), inState(v, p)))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(opaqueCount(PROBE_ROWS)),
  );
  const hits = db.$with("hits").as(
    db
      .select({ id: walked.id, createdAt: walked.createdAt })
      .from(walked)
      .where(sql`${walked.hit}`)
      .orderBy(desc(walked.createdAt), desc(walked.id))
      .limit(opaqueCount(cap + 1)),
  );
  const page = db
    .select({ id: hits.id, createdAt: hits.createdAt })
    .from(hits)
    .orderBy(desc(hits.createdAt), desc(hits.id))
    .limit(opaqueCount(p("capped")))
    .offset(opaqueCount(p("offset")))
    .as("page");
  return db
    .with(walked, hits)
    .select({
      ...LIST_COLUMNS,
      matches: sql<number>`(select count(*) from ${hits})`.mapWith(Number),
      scope:
        sql<number>`coalesce((select ${inStateCounted(v)} from ${clientCounts} where ${clientCounts.inviterId} = ${p("caller")}), 0)`.mapWith(
          Number,
        ),
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .orderBy(desc(users.createdAt), desc(users.id));
}

/**
 * A page of the clients `filters` picks (read `found`), each with how many it picks (up to one
 * more than LIMITS.clientMatchesCounted: then the page is not the newest, only some): counted and
 * paged on users alone (the search's index and the copied questionnaire state), the questionnaire
 * read for the page's rows only.
 */
function matchingPage(db: Db, v: ListValues, p: ListParam) {
  const counted = db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(filters(v, p))
    .limit(LIMITS.clientMatchesCounted + 1)
    .as("counted");
  const found = db
    .select({ id: counted.id, matches: sql<number>`count(*) over ()`.as("matches") })
    .from(counted)
    .orderBy(desc(counted.createdAt), desc(counted.id))
    .limit(p("limit") as number)
    .offset(p("offset") as number)
    .as("found");
  return db
    .select({ ...LIST_COLUMNS, matches: sql<number>`${found.matches}`.mapWith(Number) })
    .from(found)
    .innerJoin(users, eq(users.id, found.id))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .orderBy(desc(users.createdAt), desc(users.id));
}

/**
 * A page of the clients `filters` picks (read `walked`), newest first, through the list's index:
 * the part of the page within the matches paged (`capped`).
 */
function walkedPage(db: Db, v: ListValues, p: ListParam) {
  const found = db
    .select({ id: users.id })
    .from(users)
    .where(filters(v, p, "walked"))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(opaqueCount(p("capped")))
    .offset(opaqueCount(p("offset")))
    .as("found");
  return db
    .select(LIST_COLUMNS)
    .from(found)
    .innerJoin(users, eq(users.id, found.id))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .orderBy(desc(users.createdAt), desc(users.id));
}

/** The plans of a filtered client list's page, as the bench prints them (`EXPLAIN ANALYZE`). */
export async function explainClientSearch(
  db: Db,
  caller: SessionUser,
  query: ClientsQuery,
): Promise<string[]> {
  const v = await listValues(db, caller, query);
  const p = valuesOf(v);
  const probed = readsNewestFirst(db, caller, query) ? await explainAsRun(db, probe(db, v, p)) : [];
  const counted = await explainAsRun(db, matchingPage(db, v, p));
  const walked = await explainAsRun(db, walkedPage(db, v, p));
  return [
    ...(probed.length > 0
      ? ["(the newest clients, read first:)", ...probed, "(else counted through the index:)"]
      : []),
    ...counted,
    "(past the matches counted, the page is walked to:)",
    ...walked,
  ];
}

/** How many clients `filters` picks, up to one more than LIMITS.clientMatchesCounted. */
function countMatches(db: Db, v: ListValues, p: ListParam) {
  const picked = db
    .select({ id: users.id })
    .from(users)
    .where(filters(v, p))
    .limit(LIMITS.clientMatchesCounted + 1)
    .as("picked");
  return db.select({ n: count() }).from(picked);
}

/** One client as the list shows it, for the client's own page. */
export async function getClientItem(db: Db, caller: SessionUser, clientId: string): Promise<ClientListItem> {
  const [row] = await selectClients(
    db,
    and(scope(caller.role === "ADMIN", caller.id), eq(users.id, clientId))!,
  ).limit(1);
  if (!row) throw notFound("CLIENT_NOT_FOUND", "Client not found");
  return toListItem(row);
}

export async function clientStats(db: Db, caller: SessionUser): Promise<ClientStatsView> {
  if (caller.role !== "ADMIN") {
    const [counted] = await db.select().from(clientCounts).where(eq(clientCounts.inviterId, caller.id));
    const { total = 0, completed = 0, approved = 0 } = counted ?? {};
    return { total, incomplete: total - completed - approved, completed, approved };
  }
  // Every client, those without a matchmaker included: a count over the whole table (admins only).
  const [row] = await db
    .select({
      total: count(),
      incomplete: sql<number>`count(*) filter (where ${users.profileBucket} = 0)`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${users.profileBucket} = 1)`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${users.profileBucket} = 2)`.mapWith(Number),
    })
    .from(users)
    .where(scope(true, caller.id));
  return {
    total: row?.total ?? 0,
    incomplete: row?.incomplete ?? 0,
    completed: row?.completed ?? 0,
    approved: row?.approved ?? 0,
  };
}

/** A client the caller manages: their own (matchmaker) or any (admin); anything else is not found. */
export async function getOwnClient(db: Db, caller: SessionUser, clientId: string): Promise<UserRow> {
  const client = await findUser(db, clientId);
  const isOwn =
    client?.role === "INVITEE" &&
    client.erasedAt === null &&
    (caller.role === "ADMIN" || client.inviterId === caller.id);
  if (!client || !isOwn) throw notFound("CLIENT_NOT_FOUND", "Client not found");
  return client;
}

export async function createClient(db: Db, caller: SessionUser, body: CreateClientBody): Promise<UserRow> {
  let matchmakerId = caller.id;
  if (caller.role === "ADMIN") {
    if (!body.matchmakerId) throw new AppError("MATCHMAKER_REQUIRED", 400, "Choose the client's matchmaker");
    const matchmaker = await findUser(db, body.matchmakerId);
    if (matchmaker?.role !== "INVITER") throw notFound("USER_NOT_FOUND", "Matchmaker not found");
    matchmakerId = matchmaker.id;
  }
  // An e-mail, a phone (E.164, read in the agency's country: `normalizeClientPhone`) or both; the unique index answers a taken e-mail.
  if (body.email && (await findUserByEmail(db, body.email))) {
    throw new AppError("EMAIL_TAKEN", 409, "A user with this e-mail already exists");
  }
  const phone = body.phone ? await normalizeClientPhone(db, body.phone, { matchmakerId }) : null;
  return db.transaction(async (tx) => {
    const [user] = await createClientUsers(tx, matchmakerId, [
      {
        email: body.email ?? null,
        firstName: body.firstName,
        lastName: body.lastName,
        phone,
        gender: body.gender ?? null,
      },
    ]);
    await emitWebhookEvent(tx, [matchmakerId], "client.created", clientEventData(user!));
    return user!;
  });
}

/**
 * Adds (or corrects) the e-mail of a client who has not registered yet, so they can be invited;
 * a registered client's address is their sign-in, changed by them alone (409 ALREADY_REGISTERED).
 */
export async function setClientEmail(db: Db, caller: SessionUser, clientId: string, email: string) {
  const client = await getOwnClient(db, caller, clientId);
  if (client.passwordHash || client.termsAcceptedAt) {
    throw new AppError("ALREADY_REGISTERED", 409, "This person has already registered");
  }
  // Links mailed to the old address (an edit link, an invitation) stop working with the change.
  await db.transaction(async (tx) => {
    const updated = await setEmail(tx, client.id, email);
    await revokeEmailTokens(tx, client.id);
    if (client.inviterId) {
      await emitWebhookEvent(tx, [client.inviterId], "client.updated", clientEventData(updated, ["email"]));
    }
  });
  const [row] = await selectClients(db, eq(users.id, client.id));
  return toListItem(row!);
}

/** Deletes the client with everything stored for them, files included. */
export async function deleteClient(
  deps: { db: Db; storage: Storage },
  caller: SessionUser,
  clientId: string,
) {
  const client = await getOwnClient(deps.db, caller, clientId);
  const files = await deps.db
    .select({ a: photos.storageKey, b: photos.thumbKey })
    .from(photos)
    .where(eq(photos.profileUserId, client.id));
  // The account and the event go together: a CRM hears of the deletion exactly when it happened.
  await deps.db.transaction(async (tx) => {
    // Announced once: a concurrent deletion that got there first deleted nothing here.
    if ((await deleteUser(tx, client.id)) && client.inviterId) {
      await emitWebhookEvent(tx, [client.inviterId], "client.deleted", { client: { id: client.id } });
    }
  });
  const keys = [...files.flatMap((f) => [f.a, f.b]), client.avatarKey, client.avatarThumbKey].filter(
    (k): k is string => k !== null,
  );
  await deps.storage.delete(keys);
}

export async function updateClient(
  db: Db,
  caller: SessionUser,
  clientId: string,
  change: {
    verified?: boolean;
    participates?: boolean;
    status?: "active" | "inactive" | "approved" | "pending";
  },
) {
  const client = await getOwnClient(db, caller, clientId);
  await db.transaction(async (tx) => {
    if (change.status === "approved" || change.status === "pending") {
      await setApproved(tx, client.id, change.status === "approved");
    }
    const updated = await updateUser(tx, client.id, {
      ...(change.verified !== undefined && { verified: change.verified }),
      ...(change.participates !== undefined && { participatesInSearch: change.participates }),
      ...((change.status === "active" || change.status === "inactive") && { status: change.status }),
    });
    // The shared search is the client's consent: the ledger records who switched it and when.
    if (change.participates !== undefined) {
      await recordConsent(tx, {
        clientId: client.id,
        kind: "shared_search",
        on: change.participates,
        actor: caller,
      });
    }
    const changed = [
      ...(change.verified !== undefined ? ["isVerified"] : []),
      ...(change.participates !== undefined ? ["participatesInSearch"] : []),
      ...(change.status !== undefined ? ["status"] : []),
    ];
    if (client.inviterId && changed.length > 0) {
      await emitWebhookEvent(tx, [client.inviterId], "client.updated", clientEventData(updated, changed));
    }
  });
  const [row] = await selectClients(db, eq(users.id, client.id));
  return toListItem(row!);
}
