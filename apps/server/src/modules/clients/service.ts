import type { ClientListItem, ClientStatsView, ClientsQuery, CreateClientBody } from "@matchdesk/contract";
import { ageOn, LIMITS, phoneSearchDigits } from "@matchdesk/contract";
import { and, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { clientCounts, clientProfiles, photos, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, notFound } from "../../platform/errors.js";
import { escapeLike, explainAsRun } from "../../platform/sql.js";
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
import { lowercased, searchKeys } from "./search-keys.js";

/**
 * The clients a caller may see: a matchmaker's own, or every client for an admin. `byKeys`: a
 * search whose keys (`hasText`) find only the matchmaker's own clients already, so this only
 * checks them, written in a form no index serves. A plan kept for any text (PGlite's always,
 * PostgreSQL's after five runs) cannot tell how few rows the keys find, and added to each search
 * a scan of another index: all 5,000 of the matchmaker's clients, or the 20,000 clients. (A walk
 * uses the plain form, which the list's index serves and the statistics estimate: a role compared
 * as text was estimated to keep 1 row in 200, and with it the walk as a read of the whole table
 * and a sort.)
 */
function scope(caller: SessionUser, byKeys = false): SQL {
  if (byKeys && caller.role !== "ADMIN") {
    return sql`${users.role}::text = 'INVITEE' and ${users.erasedAt} is null and (${users.inviterId} || '') = ${caller.id}`;
  }
  // An erased client's tombstone is no one's client any more.
  const isClient = and(eq(users.role, "INVITEE"), isNull(users.erasedAt))!;
  return caller.role === "ADMIN" ? isClient : and(isClient, eq(users.inviterId, caller.id))!;
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
 * The clients whose text has `q` (case aside): name, e-mail, phone or city (`users.search_text`);
 * a phone however written, by its digits (the text holds the stored E.164 number's digits too).
 * For a matchmaker and three letters or more, the GIN index over `search_keys` (the text's
 * three-letter pieces hashed with the matchmaker and the questionnaire state, migration
 * `client_search_keys`) finds their own clients in the states asked for with those pieces, and
 * LIKE checks them (the text is stored in lowercase); an admin's search over everyone uses the
 * trigram index. The searched pieces
 * are hashed before the search (`searchKeys`: here, or by the database's `md_search_keys`), not
 * inside it: PGlite plans that function of bound parameters several times slower than the search
 * with its result.
 */
function searchedTexts(caller: SessionUser, q: string) {
  // An all-digit text is its own digits: once.
  const texts = [...new Set([q, ...(phoneSearchDigits(q) ?? [])])];
  const keyed = caller.role === "ADMIN" ? [] : texts.filter((text) => [...text].length >= 3);
  return { texts, keyed, byKeys: keyed.length === texts.length };
}

async function hasText(
  db: Db,
  caller: SessionUser,
  buckets: readonly number[],
  { texts, keyed }: ReturnType<typeof searchedTexts>,
): Promise<SQL> {
  const pairs = keyed.flatMap((text) => buckets.map((bucket) => ({ text, scope: `${caller.id}:${bucket}` })));
  const keys = new Map<string, SQL[]>();
  (await searchKeys(db, pairs)).forEach((pieces, i) => {
    const { text } = pairs[i]!;
    // One bound parameter (an array literal): the statement's text stays the same whatever is
    // searched, so PGlite and PostgreSQL prepare it once (db/client.ts) and may keep its plan.
    // Behind a sub-select (`opaque`): see there.
    const has = sql`${users.searchKeys} @> ${opaque(sql`${`{${spread(pieces).join(",")}}`}::integer[]`)}`;
    keys.set(text, [...(keys.get(text) ?? []), has]);
  });
  return or(
    ...(await Promise.all(
      texts.map(async (text) => {
        const pieces = keys.get(text);
        if (!pieces) return sql`${users.searchText} like ${await likePattern(db, text)}`;
        // What the keys found is checked in a form the trigram index cannot serve (see `scope`).
        return and(or(...pieces)!, await checkedText(db, text))!;
      }),
    )),
  )!;
}

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

/** The LIKE pattern of the stored (lowercase) texts that contain `text`, case aside. */
const likePattern = (db: Db, text: string) => lowercased(db, `%${escapeLike(text)}%`);

/**
 * The client's text has `text` (case aside), checked on each row read, in a form no index serves
 * (see `scope`) and the planner reads as true of half the rows: a search is walked
 * (`walkedPage`) only when it has more than LIMITS.clientMatchesCounted matches, and with the
 * LIKE's own estimate (a few rows in a thousand, the pattern being `opaque`) PostgreSQL read the
 * whole table and sorted the matches instead of walking the list's index to the page (47 ms
 * instead of 1 at 50,000 clients).
 */
const checkedText = async (db: Db, text: string) =>
  sql`coalesce(${users.searchText} like ${opaque(await likePattern(db, text))}, false)`;

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
const opaqueCount = (n: number) => opaque(sql`${n}::integer`) as unknown as number;

/**
 * How a statement reads the clients a filter picks. `found`: the search's index finds the matches
 * (the hashed pieces for a matchmaker, the trigrams for an admin), in no order. `walked`: the
 * list's own index (`users_inviter_idx`, an admin's `users_role_idx`) walks the base newest first
 * and each client's text is checked, so a page of a search with many matches is found after a
 * few of them, in order.
 */
type Reading = "found" | "walked";

async function filters(
  db: Db,
  caller: SessionUser,
  q: Omit<ClientsQuery, "page" | "pageSize">,
  reading: Reading = "found",
): Promise<SQL> {
  const searched = q.q ? searchedTexts(caller, q.q) : undefined;
  const scoped = scope(caller, reading === "found" && searched?.byKeys);
  return and(scoped, inState(q), ...(await narrowing(db, caller, q, reading)))!;
}

/**
 * The questionnaire state asked for, if any, `opaque`: the states' shares differ (two clients in
 * three may be incomplete), so a plan for each state's own share looked cheaper than the kept one
 * and every walk of a state was planned again.
 */
const inState = (q: Pick<ClientsQuery, "profileStatus">) =>
  q.profileStatus
    ? sql`${users.profileBucket} = ${opaque(sql`${BUCKETS[q.profileStatus]}::smallint`)}`
    : undefined;

/** What a list's filters ask of each client in the caller's scope and state (`filters` without them). */
async function narrowing(
  db: Db,
  caller: SessionUser,
  q: Omit<ClientsQuery, "page" | "pageSize">,
  reading: Reading,
): Promise<SQL[]> {
  const searched = q.q ? searchedTexts(caller, q.q) : undefined;
  const parts: SQL[] = [];
  const buckets = q.profileStatus ? [BUCKETS[q.profileStatus]] : Object.values(BUCKETS);
  if (searched) {
    parts.push(
      reading === "found"
        ? await hasText(db, caller, buckets, searched)
        : // So the walk stays the plan whatever is searched.
          or(...(await Promise.all(searched.texts.map((text) => checkedText(db, text)))))!,
    );
  }
  if (q.verified !== undefined) parts.push(eq(users.isVerified, q.verified));
  if (q.inSearch !== undefined) parts.push(eq(users.participatesInSearch, q.inSearch));
  if (q.gender) parts.push(eq(users.gender, q.gender));
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
 * common search. Any other filter counts at most LIMITS.clientMatchesCounted matches, in the same pass that finds the page
 * (a window count); past that the list says "more than" that many, and the page is walked to in
 * the list's order instead (`walked`): a city a tenth of a base of 50,000 has costs no more than
 * in a base of 5,000.
 */
export async function listClients(db: Db, caller: SessionUser, query: ClientsQuery) {
  const offset = (query.page - 1) * query.pageSize;
  const isCountedAlready =
    caller.role !== "ADMIN" &&
    !query.q &&
    query.verified === undefined &&
    query.inSearch === undefined &&
    query.gender === undefined;
  let rows: ListRow[];
  let total: number;
  let totalCapped = false;
  if (isCountedAlready) {
    const [page, stats] = await Promise.all([
      selectClients(db, await filters(db, caller, query))
        .limit(query.pageSize)
        .offset(offset),
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
      offset < cap && readsNewestFirst(db, caller, query)
        ? await (await probe(db, caller, query)).statement
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
    const where = await filters(db, caller, query);
    const page = await matchingPage(db, where, query);
    rows = page;
    // A page past the end (of all matches, or of the ones counted) has no row to carry the count.
    const matches = page[0]?.matches ?? (offset > 0 ? await countMatches(db, where) : 0);
    if (caller.role !== "ADMIN") noteRarity(db, caller, query, matches <= cap);
    if (matches > cap) {
      // The newest `cap` of them are paged; the rest is for a narrower search (and a page deep in
      // a walk would read most of the base).
      const within = Math.min(query.pageSize, cap - offset);
      rows =
        within > 0 ? await walkedPage(db, await filters(db, caller, query, "walked"), query, within) : [];
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
function inStateCounted(q: Pick<ClientsQuery, "profileStatus">): SQL {
  const { total, completed, approved } = clientCounts;
  if (q.profileStatus === "complete") return sql`${completed}`;
  if (q.profileStatus === "approved") return sql`${approved}`;
  if (q.profileStatus === "incomplete") return sql`${total} - ${completed} - ${approved}`;
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
 * The statement comes back unrun, in an object (a statement awaited runs).
 */
async function probe(db: Db, caller: SessionUser, query: ClientsQuery) {
  const cap = LIMITS.clientMatchesCounted;
  const hit = and(...(await narrowing(db, caller, query, "walked")));
  const walked = db.$with("walked").as(
    db
      .select({ id: users.id, createdAt: users.createdAt, hit: sql<boolean>`${hit ?? sql`true`}`.as("hit") })
      .from(users)
      .where(and(scope(caller), inState(query)))
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
  const offset = (query.page - 1) * query.pageSize;
  const page = db
    .select({ id: hits.id, createdAt: hits.createdAt })
    .from(hits)
    .orderBy(desc(hits.createdAt), desc(hits.id))
    .limit(opaqueCount(Math.max(0, Math.min(query.pageSize, cap - offset))))
    .offset(opaqueCount(offset))
    .as("page");
  const statement = db
    .with(walked, hits)
    .select({
      ...LIST_COLUMNS,
      matches: sql<number>`(select count(*) from ${hits})`.mapWith(Number),
      scope:
        sql<number>`coalesce((select ${inStateCounted(query)} from ${clientCounts} where ${clientCounts.inviterId} = ${caller.id}), 0)`.mapWith(
          Number,
        ),
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .orderBy(desc(users.createdAt), desc(users.id));
  return { statement };
}

/**
 * A page of the clients `where` picks, each with how many it picks (up to one more than
 * LIMITS.clientMatchesCounted: then the page is not the newest, only some): counted and paged on
 * users alone (the search's index and the copied questionnaire state), the questionnaire read for
 * the page's rows only.
 */
function matchingPage(db: Db, where: SQL, query: Pick<ClientsQuery, "page" | "pageSize">) {
  const counted = db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .limit(LIMITS.clientMatchesCounted + 1)
    .as("counted");
  const found = db
    .select({ id: counted.id, matches: sql<number>`count(*) over ()`.as("matches") })
    .from(counted)
    .orderBy(desc(counted.createdAt), desc(counted.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as("found");
  return db
    .select({ ...LIST_COLUMNS, matches: sql<number>`${found.matches}`.mapWith(Number) })
    .from(found)
    .innerJoin(users, eq(users.id, found.id))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .orderBy(desc(users.createdAt), desc(users.id));
}

/**
 * A page of the clients `where` (read `walked`) picks, newest first, through the list's index:
 * `limit` of them (the page's size, or what is left of the matches paged).
 */
function walkedPage(
  db: Db,
  where: SQL,
  query: Pick<ClientsQuery, "page" | "pageSize">,
  limit = query.pageSize,
) {
  const found = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(opaqueCount(limit))
    .offset(opaqueCount((query.page - 1) * query.pageSize))
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
  const probed = readsNewestFirst(db, caller, query)
    ? await explainAsRun(db, (await probe(db, caller, query)).statement)
    : [];
  const counted = await explainAsRun(db, matchingPage(db, await filters(db, caller, query), query));
  const walked = await explainAsRun(db, walkedPage(db, await filters(db, caller, query, "walked"), query));
  return [
    ...(probed.length > 0
      ? ["(the newest clients, read first:)", ...probed, "(else counted through the index:)"]
      : []),
    ...counted,
    "(past the matches counted, the page is walked to:)",
    ...walked,
  ];
}

/** How many clients `where` picks, up to one more than LIMITS.clientMatchesCounted. */
async function countMatches(db: Db, where: SQL): Promise<number> {
  const picked = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .limit(LIMITS.clientMatchesCounted + 1)
    .as("picked");
  const [row] = await db.select({ n: count() }).from(picked);
  return row?.n ?? 0;
}

/** One client as the list shows it, for the client's own page. */
export async function getClientItem(db: Db, caller: SessionUser, clientId: string): Promise<ClientListItem> {
  const [row] = await selectClients(db, and(scope(caller), eq(users.id, clientId))!).limit(1);
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
    .where(scope(caller));
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
