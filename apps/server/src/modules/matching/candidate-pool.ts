import { ageOn, Gender } from "@matchdesk/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prefilterCandidates, readSharedMembers } from "./candidates-query.js";
import {
  EMPTY_MATCH_INPUT,
  LIST_KEYS,
  type MatchInput,
  type PreparedProfile,
  prepareProfile,
} from "./compatibility-engine.js";

// The candidate pool kept in memory, engine-ready, so ranking a client scores it without reading
// and preparing thousands of wide rows a request (the SQL pre-filter alone cost more than the
// whole budget on 100,000 profiles). It is never stale: the database logs whose engine input
// changed in which transaction (`match_input_changes`, triggers of migration 0022, whoever
// writes), the pool remembers the snapshot it is current to, and before each use it reads the ids
// logged by transactions that snapshot did not see and reloads those members. A first use loads
// everyone, in pages, after taking the snapshot, so nothing committed meanwhile is missed.
//
// Beside the prepared profiles, the gender, age and height wishes and list deal-breakers of every
// member's shared view sit in typed arrays, so the pairs those hard filters exclude (most of them)
// are skipped with a few comparisons instead of a call into the engine.

/** A prepared profile and what its age was computed from (ages move on with the day). */
type View = { profile: PreparedProfile; dateOfBirth: string | null; day: string };

/** A complete, active client: as everyone but their matchmaker sees them, and (once asked) as their matchmaker does. */
export type PoolMember = {
  id: string;
  inviterId: string | null;
  isPublished: boolean;
  /** Index into the pool's slots and columns. */
  slot: number;
  shared: View;
  own?: View;
};

/** Numbers of the shared views, by slot; -1 (or 0 for genders) is "not filled in" or "no wish". */
type Columns = {
  /** 1: published (in the shared search), 0: not, or a free slot. */
  published: Uint8Array;
  gender: Uint8Array;
  /** Bit mask of the genders wanted; 0: any. */
  wanted: Uint8Array;
  age: Int16Array;
  height: Int16Array;
  minAge: Int16Array;
  maxAge: Int16Array;
  minHeight: Int16Array;
  maxHeight: Int16Array;
  /** Per list key (`LIST_KEYS` order): the value's code (0: not filled in). */
  values: Uint8Array[];
  /** Per list key: bits of the codes a deal-breaker accepts (0: no such deal-breaker). */
  needs: Int32Array[];
};

export type CandidatePool = {
  /** Shared views are prepared as of `day`: read `member.shared.profile` directly. */
  members: Map<string, PoolMember>;
  /** Members by slot; a hole is a free slot. */
  slots: (PoolMember | undefined)[];
  free: number[];
  columns: Columns;
  /** The day the `age` column was computed for. */
  day: string;
  /** Member ids by matchmaker, for loading a matchmaker's own views. */
  byInviter: Map<string, Set<string>>;
  /** The `pg_snapshot` every committed change is reflected up to; null until loaded. */
  snapshot: string | null;
  /** Serializes loads, refreshes and the rankings that read the pool. */
  queue: Promise<unknown>;
  /** A first load is queued or running. */
  loading: boolean;
  /** When the last load failed (ms): none is tried again from a ranking for LOAD_RETRY_MS. */
  failedAt: number;
};

const LOAD_PAGE = 5000;
const pools = new WeakMap<Db, CandidatePool>();

const dayOf = (today: Date) => today.toISOString().slice(0, 10);
const GENDER_BIT: Record<string, number> = Object.fromEntries(Gender.options.map((g, i) => [g, 1 << i]));
const bitOf = (gender: string | null) => (gender === null ? 0 : (GENDER_BIT[gender] ?? 0));
const maskOf = (genders: string[] | null) =>
  genders === null ? 0 : genders.reduce((m, g) => m | bitOf(g), 0);
const orNone = (v: number | null) => (v === null ? -1 : v);

function columns(capacity: number): Columns {
  return {
    published: new Uint8Array(capacity),
    gender: new Uint8Array(capacity),
    wanted: new Uint8Array(capacity),
    age: new Int16Array(capacity),
    height: new Int16Array(capacity),
    minAge: new Int16Array(capacity),
    maxAge: new Int16Array(capacity),
    minHeight: new Int16Array(capacity),
    maxHeight: new Int16Array(capacity),
    values: LIST_KEYS.map(() => new Uint8Array(capacity)),
    needs: LIST_KEYS.map(() => new Int32Array(capacity)),
  };
}

/**
 * Codes of list values (marriage status, education...), one dictionary per key, so a deal-breaker
 * is a bit mask. Values beyond the codes a mask holds get none, and then filter nothing here.
 */
const MAX_CODE = 30;
const codes: Map<string, number>[] = LIST_KEYS.map(() => new Map());
function codeOf(key: number, value: string | null, assign: boolean): number {
  if (value === null) return 0;
  const dict = codes[key]!;
  let code = dict.get(value);
  if (code === undefined && assign && dict.size < MAX_CODE) {
    code = dict.size + 1;
    dict.set(value, code);
  }
  return code ?? 0;
}
/** The bits a deal-breaker on list `key` accepts; 0 when there is none or a value has no code. */
function needOf(p: PreparedProfile, key: number, assign: boolean): number {
  const k = LIST_KEYS[key]!;
  const accepted = p.lists[k];
  if (!p.dealBreakers.has(k) || accepted.length === 0) return 0;
  let mask = 0;
  for (const v of accepted) {
    const code = codeOf(key, v, assign);
    if (code === 0) {
      if (assign) return 0;
      continue; // a value nobody's profile has: it accepts nobody in the pool
    }
    mask |= 1 << code;
  }
  return mask;
}

function grow(pool: CandidatePool, capacity: number) {
  const next = columns(capacity);
  const old = pool.columns;
  for (const key of Object.keys(next) as (keyof Columns)[]) {
    if (key === "values" || key === "needs") continue;
    next[key].set(old[key] as never);
  }
  LIST_KEYS.forEach((_, i) => {
    next.values[i]!.set(old.values[i]!);
    next.needs[i]!.set(old.needs[i]!);
  });
  pool.columns = next;
}

function viewOf(input: MatchInput, today: Date): View {
  return {
    profile: compact(prepareProfile(input, today)),
    dateOfBirth: input.fields.dateOfBirth,
    day: dayOf(today),
  };
}

/**
 * One copy of each equal small part of prepared profiles (answers, wish lists, deal-breakers,
 * weights), which the engine only reads. Most members share them, so scoring a candidate touches
 * a few objects of its own instead of a dozen scattered over the heap: with 100,000 members,
 * memory latency, not arithmetic, is what a pair costs. Equal keys, equal values: answers are codes
 * joined by separators they never contain (`keyOf`), free text is JSON.
 * Strings get one copy each too, so comparing equal ones is comparing pointers; interests, nearly
 * unique per person, keep sets of their own (of shared strings).
 */
const SHARED_LIMIT = 200_000;
const sharedParts = new Map<string, unknown>();
function one<T>(key: string, value: T): T {
  const found = sharedParts.get(key);
  if (found !== undefined) return found as T;
  // Edits leave parts nobody uses behind: past the limit, start afresh (existing members keep theirs).
  if (sharedParts.size >= SHARED_LIMIT) sharedParts.clear();
  sharedParts.set(key, value);
  return value;
}
/** A key for `one`: codes and lists of codes joined by separators no code contains (cheaper than JSON). */
function keyOf(kind: string, parts: readonly (string | null | readonly string[] | number)[]): string {
  let key = kind;
  for (const part of parts)
    key += `\u0001${part === null ? "\u0000" : typeof part === "object" ? part.join("\u0002") : part}`;
  return key;
}
function compact(p: PreparedProfile): PreparedProfile {
  const v = p.values;
  const l = p.lists;
  const str = (s: string | null) => (s === null ? null : one(`s${s}`, s));
  return {
    ...p,
    gender: str(p.gender),
    country: str(p.country),
    city: str(p.city),
    faith: str(p.faith),
    familyPlan: str(p.familyPlan),
    food: str(p.food),
    loveLanguage: str(p.loveLanguage),
    interests: p.interests.map(([cat, words]) => [str(cat)!, new Set([...words].map((w) => str(w)!))]),
    values: one(keyOf("v", [v.relationships, v.education, v.income, v.smoking, v.alcohol]), v),
    lists: one(keyOf("l", [l.relationships, l.education, l.income, l.smoking, l.alcohol]), l),
    wantedGenders: p.wantedGenders && one(keyOf("g", p.wantedGenders), p.wantedGenders),
    // Cities are free text: a JSON key, which no text can make equal to another list's.
    cities: one(`c${JSON.stringify(p.cities)}`, p.cities),
    dealBreakers: one(keyOf("d", [...p.dealBreakers]), p.dealBreakers),
    weight: one(keyOf("w", Object.entries(p.weight).flat()), p.weight),
  };
}

/** The view's profile with its age as of `today` (the rest of a prepared profile does not depend on the day). */
export function profileOn(view: View, today: Date): PreparedProfile {
  const day = dayOf(today);
  if (view.day !== day) {
    view.profile = { ...view.profile, age: view.dateOfBirth ? ageOn(view.dateOfBirth, today) : null };
    view.day = day;
  }
  return view.profile;
}

function forget(pool: CandidatePool, id: string) {
  const old = pool.members.get(id);
  if (!old) return;
  pool.members.delete(id);
  pool.slots[old.slot] = undefined;
  pool.columns.published[old.slot] = 0;
  pool.free.push(old.slot);
  if (old.inviterId !== null) {
    const ids = pool.byInviter.get(old.inviterId);
    ids?.delete(id);
    if (ids?.size === 0) pool.byInviter.delete(old.inviterId);
  }
}

function put(
  pool: CandidatePool,
  m: Omit<PoolMember, "slot" | "shared"> & { input: MatchInput },
  today: Date,
) {
  forget(pool, m.id);
  let slot = pool.free.pop();
  if (slot === undefined) {
    slot = pool.slots.length;
    pool.slots.push(undefined);
    if (slot >= pool.columns.gender.length) grow(pool, Math.max(1024, slot * 2));
  }
  const shared = viewOf(m.input, today);
  const member: PoolMember = { id: m.id, inviterId: m.inviterId, isPublished: m.isPublished, slot, shared };
  pool.slots[slot] = member;
  pool.members.set(m.id, member);
  const p = shared.profile; // prepared as of `today`, the pool's day
  const c = pool.columns;
  c.published[slot] = m.isPublished ? 1 : 0;
  c.gender[slot] = bitOf(p.gender);
  c.wanted[slot] = maskOf(p.wantedGenders);
  c.age[slot] = orNone(p.age);
  c.height[slot] = orNone(p.height);
  c.minAge[slot] = orNone(p.minAge);
  c.maxAge[slot] = orNone(p.maxAge);
  c.minHeight[slot] = orNone(p.minHeight);
  c.maxHeight[slot] = orNone(p.maxHeight);
  LIST_KEYS.forEach((k, i) => {
    c.values[i]![slot] = codeOf(i, p.values[k], true);
    c.needs[i]![slot] = needOf(p, i, true);
  });
  if (m.inviterId !== null) {
    const ids = pool.byInviter.get(m.inviterId) ?? new Set();
    pool.byInviter.set(m.inviterId, ids.add(m.id));
  }
}

/** Moves the shared views' ages and the age column on to `today`. */
function setDay(pool: CandidatePool, today: Date) {
  const day = dayOf(today);
  if (pool.day === day) return;
  pool.day = day;
  for (const m of pool.slots) if (m) pool.columns.age[m.slot] = orNone(profileOn(m.shared, today).age);
}

async function currentSnapshot(db: Db): Promise<string> {
  const result = await db.execute(sql`select pg_current_snapshot()::text as snapshot`);
  return (result as unknown as { rows: { snapshot: string }[] }).rows[0]!.snapshot;
}

async function load(db: Db, pool: CandidatePool, today: Date) {
  pool.members.clear();
  pool.slots = [];
  pool.free = [];
  pool.byInviter.clear();
  const snapshot = await currentSnapshot(db);
  let after = "";
  for (;;) {
    const page = await readSharedMembers(db, { after, limit: LOAD_PAGE });
    for (const m of page) put(pool, m, today);
    if (page.length < LOAD_PAGE) break;
    after = page[page.length - 1]!.id;
  }
  pool.snapshot = snapshot;
}

/** Reloads the members whose input changed in transactions `pool.snapshot` did not see. */
async function refresh(db: Db, pool: CandidatePool, today: Date) {
  // What the snapshot did not see: transactions from its xmax on, and those it saw in progress
  // (a short list). Both are index ranges; the snapshot's xmin is no bound, since one transaction
  // left open anywhere on the server holds it back.
  const snapshot = sql`${pool.snapshot}::pg_snapshot`;
  const result = await db.execute(sql`
    select pg_current_snapshot()::text as snapshot, coalesce((
      select array_agg(user_id) from (
        select user_id from match_input_changes
        where changed_xid >= pg_snapshot_xmax(${snapshot})::text::bigint
        union all
        select user_id from match_input_changes
        where changed_xid = any(array(select x::text::bigint from pg_snapshot_xip(${snapshot}) x))
      ) changed
    ), '{}') as ids`);
  const row = (result as unknown as { rows: { snapshot: string; ids: string[] }[] }).rows[0]!;
  if (row.ids.length > 0) {
    // Read after the snapshot above: at least as new as it, so the pool is current to it.
    for (let start = 0; start < row.ids.length; start += LOAD_PAGE) {
      const ids = row.ids.slice(start, start + LOAD_PAGE);
      const fresh = new Map((await readSharedMembers(db, { ids })).map((m) => [m.id, m]));
      for (const id of ids) {
        const m = fresh.get(id);
        if (m) put(pool, m, today);
        else forget(pool, id);
      }
    }
  }
  pool.snapshot = row.snapshot;
}

/** Loads the full views of `matchmakerId`'s own members that the pool does not hold yet. */
async function loadOwnViews(db: Db, pool: CandidatePool, matchmakerId: string, today: Date) {
  const missing = [...(pool.byInviter.get(matchmakerId) ?? [])].filter((id) => !pool.members.get(id)!.own);
  for (let start = 0; start < missing.length; start += LOAD_PAGE) {
    const rows = await prefilterCandidates(db, {
      clientId: "",
      client: EMPTY_MATCH_INPUT,
      matchmakerId,
      today,
      ids: missing.slice(start, start + LOAD_PAGE),
    });
    for (const r of rows) {
      const member = pool.members.get(r.id);
      // Read after the refresh: a member changed since is reloaded (own view dropped) next time.
      if (member && member.inviterId === matchmakerId) member.own = viewOf(r.input, today);
    }
  }
}

/**
 * Calls `visit` with each published member whose shared view and `me` pass each other's gender,
 * age and height wishes and list deal-breakers as the engine judges them (a value not filled in
 * passes). A member skipped here is one the engine would exclude; one visited may still be.
 */
export function forEachSharedCandidate(
  pool: CandidatePool,
  me: PreparedProfile,
  visit: (m: PoolMember) => void,
) {
  const c = pool.columns;
  const { published, gender, wanted, age, height } = c;
  const myWanted = maskOf(me.wantedGenders);
  const myGender = bitOf(me.gender);
  const minAge = orNone(me.minAge);
  const maxAge = me.maxAge ?? Number.MAX_SAFE_INTEGER;
  const minHeight = orNone(me.minHeight);
  const maxHeight = me.maxHeight ?? Number.MAX_SAFE_INTEGER;
  const myAge = orNone(me.age);
  const myHeight = orNone(me.height);
  // List deal-breakers: mine on their values, theirs on my values (a value without a code: skipped).
  const mineValues: Uint8Array[] = [];
  const mineNeeds: number[] = [];
  const theirNeeds: Int32Array[] = [];
  const myBits: number[] = [];
  LIST_KEYS.forEach((k, i) => {
    const need = needOf(me, i, false);
    if (need !== 0) {
      mineValues.push(c.values[i]!);
      mineNeeds.push(need);
    }
    const code = codeOf(i, me.values[k], false);
    if (code !== 0) {
      theirNeeds.push(c.needs[i]!);
      myBits.push(1 << code);
    }
  });
  const slots = pool.slots;
  next: for (let slot = 0; slot < slots.length; slot++) {
    if (published[slot] === 0) continue;
    const g = gender[slot]!;
    if (myWanted !== 0 && g !== 0 && (myWanted & g) === 0) continue;
    const w = wanted[slot]!;
    if (w !== 0 && myGender !== 0 && (w & myGender) === 0) continue;
    const a = age[slot]!;
    if (a >= 0 && (a < minAge || a > maxAge)) continue;
    const h = height[slot]!;
    if (h >= 0 && (h < minHeight || h > maxHeight)) continue;
    if (myAge >= 0) {
      const max = c.maxAge[slot]!;
      if (myAge < c.minAge[slot]! || (max >= 0 && myAge > max)) continue;
    }
    if (myHeight >= 0) {
      const max = c.maxHeight[slot]!;
      if (myHeight < c.minHeight[slot]! || (max >= 0 && myHeight > max)) continue;
    }
    for (let k = 0; k < mineNeeds.length; k++) {
      const code = mineValues[k]![slot]!;
      if (code !== 0 && (mineNeeds[k]! & (1 << code)) === 0) continue next;
    }
    for (let k = 0; k < myBits.length; k++) {
      const need = theirNeeds[k]![slot]!;
      if (need !== 0 && (need & myBits[k]!) === 0) continue next;
    }
    visit(slots[slot]!);
  }
}

/**
 * Runs `use` on the pool of `db`, current to a snapshot taken now, with `matchmakerId`'s own
 * members' full views loaded and ages as of `today`. Uses of one pool take turns, so none sees it
 * half refreshed. One pool per `db` object (the app's one database), shared by every request.
 */
export function withCandidatePool<T>(
  db: Db,
  matchmakerId: string,
  today: Date,
  use: (pool: CandidatePool) => T,
): Promise<T> {
  let pool = pools.get(db);
  if (!pool) {
    pool = {
      members: new Map(),
      slots: [],
      free: [],
      columns: columns(1024),
      day: dayOf(today),
      byInviter: new Map(),
      snapshot: null,
      queue: Promise.resolve(),
      loading: false,
      failedAt: 0,
    };
    pools.set(db, pool);
  }
  const p = pool;
  if (p.snapshot === null) p.loading = true;
  const run = p.queue.then(async () => {
    setDay(p, today);
    try {
      if (p.snapshot === null) await load(db, p, today);
      else await refresh(db, p, today);
    } catch (error) {
      if (p.snapshot === null) p.failedAt = Date.now();
      throw error;
    } finally {
      p.loading = false;
    }
    await loadOwnViews(db, p, matchmakerId, today);
    return use(p);
  });
  p.queue = run.catch(() => undefined);
  return run;
}

/** Whether the pool of `db` is loaded: until it is, rankings read the database (`ranking.ts`). */
export function isCandidatePoolLoaded(db: Db): boolean {
  return (pools.get(db)?.snapshot ?? null) !== null;
}

const LOAD_RETRY_MS = 30_000;
type Log = { warn(obj: object, msg: string): void };
const logs = new WeakMap<Db, Log>();

/**
 * Starts loading the pool of `db` in the background unless it is loaded or loading: at start
 * (with the log that later loads report to), and from a ranking that found it unloaded, at most
 * once every LOAD_RETRY_MS after a failed load.
 */
export function loadCandidatePool(db: Db, log?: Log) {
  if (log) logs.set(db, log);
  const pool = pools.get(db);
  if (pool && (pool.snapshot !== null || pool.loading)) return;
  if (pool && Date.now() - pool.failedAt < LOAD_RETRY_MS) return;
  withCandidatePool(db, "", new Date(), () => undefined).catch((error: unknown) =>
    logs
      .get(db)
      ?.warn({ err: error }, "candidate pool: loading failed; rankings read the database until it loads"),
  );
}
