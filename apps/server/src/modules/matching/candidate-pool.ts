import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  AlcoholConsumption,
  ageOn,
  EducationLevel,
  Gender,
  IncomeLevel,
  MarriageStatus,
  PreviousRelationships,
  SmokingHabits,
} from "@matchdesk/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { prefilterCandidates, readSharedMembers } from "./candidates-query.js";
import {
  EMPTY_MATCH_INPUT,
  faithScore,
  familyPlanScore,
  foodScore,
  habitScore,
  LIST_KEYS,
  loveLanguageScore,
  type MatchInput,
  nearScore,
  PREFERENCE_WEIGHT,
  type PreparedProfile,
  prepareProfile,
  psychologyScore,
  scorePair,
} from "./compatibility-engine.js";
import {
  ACCEPTS,
  BORDERLINE,
  CHILDREN,
  CITIES_BREAK,
  CITIES_COUNT,
  CITY,
  CITY_WISHES,
  COUNTRY,
  type Columns,
  columns,
  EMPATHY,
  FAITH,
  FAMILY_PLAN,
  FOOD,
  INTEREST_CELLS,
  LONG_DISTANCE,
  LOVE_LANGUAGE,
  NARCISSISM,
  NEAR,
  NEEDS,
  RELOCATION,
  ROW_BYTES,
  type ScanPlan,
  scanSlots,
  VALUES,
  WEIGHTS,
} from "./pool-scan.js";
import {
  readPoolSnapshot,
  removeUnfinishedSnapshots,
  type SnapshotHeader,
  type SnapshotIdentity,
  writePoolSnapshot,
} from "./pool-snapshot.js";

// The candidate pool kept in memory, engine-ready, so ranking a client scores it without reading
// and preparing thousands of wide rows a request (the SQL pre-filter alone cost more than the
// whole budget on 100,000 profiles). It is never stale: the database logs whose engine input
// changed in which transaction (`match_input_changes`, triggers of migration 0022, whoever
// writes), the pool remembers the snapshot it is current to, and before each use it reads the ids
// logged by transactions that snapshot did not see and reloads those members. A first use loads
// everyone, in pages, after taking the snapshot, so nothing committed meanwhile is missed.
//
// Everything the engine reads of every member's shared view sits in typed arrays, as codes
// (`Columns`), and a ranking scores members from them (`scoreShared`): the pairs the hard filters
// exclude (most of them) cost a few comparisons, and a scored pair reads a few contiguous arrays
// instead of a dozen objects scattered over the heap (at 1,000,000 members, memory latency, not
// arithmetic, is what a pair costs). Each factor's score comes from the engine's own functions,
// tabulated per code. Only a member the columns cannot hold (more wished cities or interests than
// they keep) keeps its prepared profile, and the engine scores it: the others' profiles are not
// kept (about 1 KB and a dozen objects each, which a full garbage collection walks at every pass).

/** A prepared profile and what its age was computed from (ages move on with the day). */
type View = { profile: PreparedProfile; dateOfBirth: string | null; day: string };

/** A complete, active client: as everyone but their matchmaker sees them, and (once asked) as their matchmaker does. */
export type PoolMember = {
  id: string;
  inviterId: string | null;
  isPublished: boolean;
  /** Index into the pool's slots and columns. */
  slot: number;
  /** As the shared view shows it (null: hidden or not filled in), for the age column. */
  dateOfBirth: string | null;
  /** The shared view's prepared profile: only for a member the columns cannot hold (`exotic`). */
  shared?: View;
  own?: View;
};

/** Keys a wish's weight is read for, in the order of the row's weights. */
const WEIGHTED = ["age", "height", ...LIST_KEYS, "cities"] as const;
export type CandidatePool = {
  /** The shared views that are kept (`PoolMember.shared`) are prepared as of `day`. */
  members: Map<string, PoolMember>;
  /** Members by slot; a hole is a free slot. */
  slots: (PoolMember | undefined)[];
  free: number[];
  columns: Columns;
  /** The day the `age` column was computed for. */
  day: string;
  /** Member ids by matchmaker, for loading a matchmaker's own views. */
  byInviter: Map<string, Set<string>>;
  /**
   * The matchmakers whose own views are loaded, least recently ranked for first, with how many
   * views each loaded (an edit drops a view, so the sum is an upper bound of what is held).
   */
  ownViews: Map<string, number>;
  /** The `pg_snapshot` every committed change is reflected up to; null until loaded. */
  snapshot: string | null;
  /** Serializes loads, refreshes and the rankings that read the pool. */
  queue: Promise<unknown>;
  /** A first load is queued or running. */
  loading: boolean;
  /** When the last load failed (ms): none is tried again from a ranking for LOAD_RETRY_MS. */
  failedAt: number;
  /** The one reading of the snapshot on disk (`restore`): whether it loaded the pool. */
  restored: Promise<boolean> | null;
  /** The snapshot being written to disk, when one is. */
  saving: Promise<void> | null;
  /** When the snapshot was last written or read (ms), and how many members changed since. */
  savedAt: number;
  changedSinceSave: number;
  /** A member left the pool since the snapshot was written (it is written again soon: `refresh`). */
  removedSinceSave: boolean;
  /** The timer of that write. */
  saveDue: ReturnType<typeof setTimeout> | null;
  /** Another write was asked for during the one under way. */
  saveAgain: boolean;
  /** Shut down: no snapshot is written any more. */
  closed: boolean;
};

const LOAD_PAGE = 5000;
const pools = new WeakMap<Db, CandidatePool>();

const dayOf = (today: Date) => today.toISOString().slice(0, 10);
const GENDER_BIT: Record<string, number> = Object.fromEntries(Gender.options.map((g, i) => [g, 1 << i]));
const bitOf = (gender: string | null) => (gender === null ? 0 : (GENDER_BIT[gender] ?? 0));
const maskOf = (genders: string[] | null) =>
  genders === null ? 0 : genders.reduce((m, g) => m | bitOf(g), 0);
const orNone = (v: number | null) => (v === null ? -1 : v);
/** A whole number an Int16 column holds (ages, heights: the contract's). */
const fits = (v: number | null) => v === null || (Number.isInteger(v) && v >= 0 && v < 32_768);
/** For the filter columns: a number that does not fit is "not filled in", which filters no one out. */
const column = (v: number | null) => (v !== null && fits(v) ? v : -1);
const numbersOf = (p: PreparedProfile) => [p.age, p.height, p.minAge, p.maxAge, p.minHeight, p.maxHeight];

/**
 * Codes of list values (marriage status, education...), one dictionary per key, so a wish is a
 * bit mask. Every value of the keys' scales is coded first, so a "one step away" mask computed
 * now stays true as values get codes later. Values beyond the codes a mask holds get none, and
 * their member is `exotic`.
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
const SCALES: Record<(typeof LIST_KEYS)[number], readonly string[]> = {
  relationships: [...MarriageStatus.options, ...PreviousRelationships.options],
  education: EducationLevel.options,
  income: IncomeLevel.options,
  smoking: SmokingHabits.options,
  alcohol: AlcoholConsumption.options,
};
LIST_KEYS.forEach((k, i) => {
  for (const v of SCALES[k]) codeOf(i, v, true);
});

/** Bits of the codes of `list`; -1 when a value has no code. */
function maskOfList(key: number, list: readonly string[]): number {
  let mask = 0;
  for (const v of list) {
    const code = codeOf(key, v, true);
    if (code === 0) return -1;
    mask |= 1 << code;
  }
  return mask;
}
/**
 * Near masks of the wish lists seen, by their values (lists of a few coded answers: a few hundred
 * of them at most); values near one are pre-coded, so a mask stays true as codes are added.
 */
const nearMasks = LIST_KEYS.map(() => new Map<string, number>());
/** Bits of the coded values a wish `accepted` scores 50 ("one step away"). */
function nearMaskOf(key: number, accepted: readonly string[]): number {
  if (accepted.length === 0) return 0;
  const list = accepted.join("\u0002");
  let mask = nearMasks[key]!.get(list);
  if (mask === undefined) {
    mask = 0;
    for (const [value, code] of codes[key]!)
      if (!accepted.includes(value) && nearScore(LIST_KEYS[key]!, accepted, value) > 0) mask |= 1 << code;
    if (nearMasks[key]!.size >= 10_000) nearMasks[key]!.clear();
    nearMasks[key]!.set(list, mask);
  }
  return mask;
}

const inviters = new Map<string, number>();
/** The code of a matchmaker in the `inviter` column; -1 for one with no member in any pool. */
export function inviterCode(matchmakerId: string, assign = false): number {
  let code = inviters.get(matchmakerId);
  if (code === undefined && assign) {
    code = inviters.size + 1;
    inviters.set(matchmakerId, code);
  }
  return code ?? -1;
}

/** Codes of the other texts the engine compares, and their texts (index 0: none). */
type Dict = { codes: Map<string, number>; texts: string[] };
/** Values of a few options (faith, family plan, food, love language, interest category): a ranking tabulates scores over all of them. */
const options: Dict = { codes: new Map(), texts: [""] };
/** Free texts (cities, countries, interest words): only compared for equality, never tabulated. */
const words: Dict = { codes: new Map(), texts: [""] };
/** The text's code (0 for none); with `assign` false, -1 for a text no member has. */
function dictCode(dict: Dict, value: string | null, assign = true): number {
  if (value === null) return 0;
  let code = dict.codes.get(value);
  if (code === undefined) {
    if (!assign) return -1;
    code = dict.texts.length;
    dict.codes.set(value, code);
    dict.texts.push(value);
  }
  return code;
}

function grow(pool: CandidatePool, capacity: number) {
  const next = columns(capacity);
  const old = pool.columns;
  for (const key of Object.keys(next) as (keyof Columns)[])
    if (key !== "row32") next[key].set(old[key] as never); // the rows: as bytes
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

/** Removes a member (`refresh` does, for one that left the pool); its slot is reused. */
export function forgetMember(pool: CandidatePool, id: string) {
  const old = pool.members.get(id);
  if (!old) return;
  pool.members.delete(id);
  pool.slots[old.slot] = undefined;
  // Nothing of them stays in the slot (nor in a snapshot written from it).
  for (const name of SAVED_COLUMNS) {
    const bytes = SLOT_BYTES[name];
    new Uint8Array(pool.columns[name].buffer).fill(0, old.slot * bytes, (old.slot + 1) * bytes);
  }
  pool.free.push(old.slot);
  if (old.inviterId !== null) {
    const ids = pool.byInviter.get(old.inviterId);
    ids?.delete(id);
    if (ids?.size === 0) pool.byInviter.delete(old.inviterId);
  }
}

/** A pool with no member, not loaded: `withCandidatePool` loads it from the database. */
export function emptyPool(today: Date): CandidatePool {
  return {
    members: new Map(),
    slots: [],
    free: [],
    columns: columns(1024),
    day: dayOf(today),
    byInviter: new Map(),
    ownViews: new Map(),
    snapshot: null,
    queue: Promise.resolve(),
    loading: false,
    failedAt: 0,
    restored: null,
    saving: null,
    savedAt: 0,
    changedSinceSave: 0,
    removedSinceSave: false,
    saveDue: null,
    saveAgain: false,
    closed: false,
  };
}

/** Adds or replaces a member (`load` and `refresh` call it for what they read). */
export function putMember(
  pool: CandidatePool,
  m: Pick<PoolMember, "id" | "inviterId" | "isPublished"> & { input: MatchInput },
  today: Date,
) {
  forgetMember(pool, m.id);
  let slot = pool.free.pop();
  if (slot === undefined) {
    slot = pool.slots.length;
    pool.slots.push(undefined);
    if (slot >= pool.columns.gender.length) grow(pool, Math.max(1024, slot * 2));
  }
  const born = m.input.fields.dateOfBirth;
  const dateOfBirth = born === null ? null : one(`s${born}`, born);
  const member: PoolMember = {
    id: m.id,
    inviterId: m.inviterId,
    isPublished: m.isPublished,
    slot,
    dateOfBirth,
  };
  pool.slots[slot] = member;
  pool.members.set(m.id, member);
  // The prepared profile is kept only for a member the columns cannot hold.
  const profile = prepareProfile(m.input, today);
  if (writeColumns(pool.columns, slot, profile, m.isPublished))
    member.shared = { profile: compact(profile), dateOfBirth, day: dayOf(today) };
  pool.columns.inviter[slot] = m.inviterId === null ? 0 : inviterCode(m.inviterId, true);
  if (m.inviterId !== null) {
    const ids = pool.byInviter.get(m.inviterId) ?? new Set();
    pool.byInviter.set(m.inviterId, ids.add(m.id));
  }
}

const psych = (v: number | null) =>
  v === null ? -1 : Number.isInteger(v) && v >= 0 && v <= 127 ? v : Number.NaN;
const yesNo = (v: boolean | null) => (v === null ? -1 : v ? 1 : 0);

/**
 * Writes the columns and row of `slot` from `p`, prepared as of the pool's day; answers whether
 * the member is `exotic` (the engine must score its profile).
 */
function writeColumns(c: Columns, slot: number, p: PreparedProfile, isPublished: boolean): boolean {
  let exotic =
    (p.gender !== null && bitOf(p.gender) === 0) ||
    (p.wantedGenders?.some((g) => bitOf(g) === 0) ?? false) ||
    // Numbers outside the contract's are left to the engine (their columns filter no one out).
    !numbersOf(p).every(fits);
  c.published[slot] = isPublished ? 1 : 0;
  c.gender[slot] = bitOf(p.gender);
  c.wanted[slot] = maskOf(p.wantedGenders);
  c.age[slot] = column(p.age);
  c.height[slot] = column(p.height);
  c.minAge[slot] = column(p.minAge);
  c.maxAge[slot] = column(p.maxAge);
  c.minHeight[slot] = column(p.minHeight);
  c.maxHeight[slot] = column(p.maxHeight);
  const r8 = slot * ROW_BYTES;
  const r32 = r8 / 4;
  c.row8.fill(0, r8, r8 + ROW_BYTES);
  c.breaks[slot] = 0;
  LIST_KEYS.forEach((k, i) => {
    const value = codeOf(i, p.values[k], true);
    const accepts = maskOfList(i, p.lists[k]);
    if ((value === 0 && p.values[k] !== null) || accepts === -1) exotic = true;
    c.row8[r8 + VALUES + i] = value;
    c.row32[r32 + ACCEPTS + i] = accepts;
    const needs = p.dealBreakers.has(k) && accepts !== -1 ? accepts : 0;
    c.row32[r32 + NEEDS + i] = needs;
    if (needs !== 0) c.breaks[slot]! |= 1 << i;
    c.row32[r32 + NEAR + i] = nearMaskOf(i, p.lists[k]);
  });
  WEIGHTED.forEach((k, i) => {
    c.row8[r8 + WEIGHTS + i] = p.weight[k] ?? PREFERENCE_WEIGHT.medium;
  });
  c.row32[r32 + CITY] = dictCode(words, p.city);
  c.row32[r32 + COUNTRY] = dictCode(words, p.country);
  if (p.cities.length > CITY_WISHES) exotic = true;
  c.row8[r8 + CITIES_COUNT] = Math.min(p.cities.length, CITY_WISHES);
  p.cities.slice(0, CITY_WISHES).forEach((city, i) => {
    c.cities[slot * CITY_WISHES + i] = dictCode(words, city);
  });
  c.row8[r8 + CITIES_BREAK] = p.dealBreakers.has("cities") ? 1 : 0;
  c.row8[r8 + RELOCATION] = yesNo(p.relocation);
  c.row8[r8 + LONG_DISTANCE] = yesNo(p.longDistance);
  c.row8[r8 + CHILDREN] = yesNo(p.wantsMoreChildren);
  const scores = [psych(p.empathy), psych(p.narcissism), psych(p.borderline)];
  if (scores.some(Number.isNaN)) exotic = true;
  c.row8[r8 + EMPATHY] = scores[0]! || 0;
  c.row8[r8 + NARCISSISM] = scores[1]! || 0;
  c.row8[r8 + BORDERLINE] = scores[2]! || 0;
  c.row32[r32 + FAITH] = dictCode(options, p.faith);
  c.row32[r32 + FAMILY_PLAN] = dictCode(options, p.familyPlan);
  c.row32[r32 + FOOD] = dictCode(options, p.food);
  c.row32[r32 + LOVE_LANGUAGE] = dictCode(options, p.loveLanguage);
  let at = slot * INTEREST_CELLS;
  const end = at + INTEREST_CELLS;
  for (const [cat, list] of p.interests) {
    if (at + 2 + list.size >= end) {
      exotic = true;
      break;
    }
    c.interests[at++] = dictCode(options, cat);
    c.interests[at++] = list.size;
    for (const w of list) c.interests[at++] = dictCode(words, w);
  }
  if (at < end) c.interests[at] = 0;
  c.exotic[slot] = exotic ? 1 : 0;
  return exotic;
}

/** Moves the shared views' ages and the age column on to `today`. */
function setDay(pool: CandidatePool, today: Date) {
  const day = dayOf(today);
  if (pool.day === day) return;
  pool.day = day;
  for (const m of pool.slots)
    if (m) {
      pool.columns.age[m.slot] = column(m.dateOfBirth === null ? null : ageOn(m.dateOfBirth, today));
      if (m.shared) profileOn(m.shared, today);
    }
}

async function currentSnapshot(db: Db): Promise<string> {
  const result = await db.execute(sql`select pg_current_snapshot()::text as snapshot`);
  return (result as unknown as { rows: { snapshot: string }[] }).rows[0]!.snapshot;
}

async function load(db: Db, pool: CandidatePool, today: Date) {
  emptied(pool);
  const snapshot = await currentSnapshot(db);
  let after = "";
  for (;;) {
    const page = await readSharedMembers(db, { after, limit: LOAD_PAGE });
    for (const m of page) putMember(pool, m, today);
    if (page.length < LOAD_PAGE) break;
    after = page[page.length - 1]!.id;
  }
  pool.snapshot = snapshot;
  saveSnapshot(db, pool);
  // A pool its scans will split: the worker thread starts now, not at the first ranking's scan.
  if (pool.slots.length >= PARALLEL_SCAN.minSlots) scannerNow();
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
  // Read after the snapshot above: at least as new as it, so the pool is current to it.
  await reloadMembers(db, pool, row.ids, today);
  pool.snapshot = row.snapshot;
  pool.changedSinceSave += row.ids.length;
  const since = Date.now() - pool.savedAt;
  if (pool.changedSinceSave >= SNAPSHOT_SAVE.changes && since >= SNAPSHOT_SAVE.intervalMs)
    saveSnapshot(db, pool);
  // One who left (an erased client among them) is not kept on disk past a minute or so.
  if (pool.removedSinceSave) saveSoon(db, pool, SNAPSHOT_SAVE.removalMs - since);
}

/** Writes the snapshot in the pool's turn `delay` ms from now, unless a write is due already. */
function saveSoon(db: Db, pool: CandidatePool, delay: number) {
  if (!snapshotFiles.has(db) || pool.saveDue || pool.closed) return;
  pool.saveDue = setTimeout(
    () => {
      pool.saveDue = null;
      pool.queue = pool.queue.then(() => saveSnapshot(db, pool)).catch(() => undefined);
    },
    Math.max(0, delay),
  );
  pool.saveDue.unref();
}

/** Reads these members again: those that are members now are put in the pool, the others leave it. */
async function reloadMembers(db: Db, pool: CandidatePool, all: readonly string[], today: Date) {
  for (let start = 0; start < all.length; start += LOAD_PAGE) {
    const ids = all.slice(start, start + LOAD_PAGE);
    const fresh = new Map((await readSharedMembers(db, { ids })).map((m) => [m.id, m]));
    for (const id of ids) {
      const m = fresh.get(id);
      if (m) putMember(pool, m, today);
      else if (pool.members.has(id)) {
        forgetMember(pool, id);
        pool.removedSinceSave = true;
      }
    }
  }
}

// The snapshot on disk (`pool-snapshot.ts`): written in the background after a load and when
// enough members changed since the last one, read back by the first use after a start, which then
// refreshes it like any other use. Its codes are the dictionaries' of the process that wrote it:
// they are taken over when this process's are the start of them (as at a start, where they hold
// only the scales), else the file is not used.

/** Where the pool of a database keeps its snapshot (`keepCandidatePoolSnapshot`). */
const snapshotFiles = new WeakMap<Db, string>();

/** Keeps the pool of `db` on disk in `file` (the server: DATA_DIR/cache), to start from it next time. */
export function keepCandidatePoolSnapshot(db: Db, file: string) {
  snapshotFiles.set(db, file);
  removeUnfinishedSnapshots(file).catch(() => undefined);
}

/**
 * A snapshot is written again once this many members changed since the last, at most once an
 * interval, and within `removalMs` of the last (or at once) when a member left the pool.
 */
export const SNAPSHOT_SAVE = { changes: 2000, intervalMs: 10 * 60_000, removalMs: 60_000 };

/**
 * The code that wrote the columns: a hash of the server's bundle, or, run from the sources, of
 * this directory's modules and the contract's (any other release, or edit, and a snapshot is not
 * read: how a member is prepared and coded may have changed).
 */
function codeVersion(): string {
  const here = fileURLToPath(import.meta.url);
  const files = here.endsWith(".js")
    ? [here]
    : [
        path.dirname(here),
        fileURLToPath(new URL("../../../../../packages/contract/src", import.meta.url)),
      ].flatMap((dir) =>
        existsSync(dir)
          ? readdirSync(dir)
              .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
              .sort()
              .map((name) => path.join(dir, name))
          : [],
      );
  const hash = createHash("sha256");
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

/** What a snapshot's columns mean: another value (a layout, scale or the code changed) and the file is not read. */
let poolFormat: string | null = null;
const POOL_FORMAT = () =>
  (poolFormat ??= [
    codeVersion(),
    ROW_BYTES,
    CITY_WISHES,
    INTEREST_CELLS,
    MAX_CODE,
    LIST_KEYS.join(","),
    Gender.options.join(","),
    WEIGHTED.join(","),
  ].join(":"));
/** The columns written, in order (`row32` is a view of `row8`'s buffer). */
const SAVED_COLUMNS = [
  "published",
  "exotic",
  "inviter",
  "gender",
  "wanted",
  "age",
  "height",
  "minAge",
  "maxAge",
  "minHeight",
  "maxHeight",
  "breaks",
  "row8",
  "cities",
  "interests",
] as const satisfies readonly Exclude<keyof Columns, "row32">[];
/** Bytes a slot takes in each column. */
const SLOT_BYTES = (() => {
  const one = columns(1);
  return Object.fromEntries(SAVED_COLUMNS.map((name) => [name, one[name].byteLength])) as Record<
    (typeof SAVED_COLUMNS)[number],
    number
  >;
})();

async function identityOf(db: Db): Promise<SnapshotIdentity> {
  const result = await db.execute(sql`
    select (select system_identifier::text || ':' || (select timeline_id from pg_control_checkpoint())
        from pg_control_system()) as system,
      (select oid::text || ':' || datname from pg_database where datname = current_database()) as database,
      coalesce((select max(created_at)::text from drizzle.__drizzle_migrations), '') as migration`);
  const row = (result as unknown as { rows: SnapshotIdentity[] }).rows[0]!;
  return { system: row.system, database: row.database, migration: row.migration };
}

/**
 * The words (free text: cities, interest words) no member holds now, by code: a snapshot writes
 * a placeholder for each, so the text of someone who left the pool is not written.
 */
function unusedWords(pool: CandidatePool): Uint8Array {
  const unused = new Uint8Array(words.texts.length).fill(1);
  const c = pool.columns;
  for (const m of pool.slots) {
    if (!m) continue;
    const r32 = (m.slot * ROW_BYTES) / 4;
    unused[c.row32[r32 + CITY]!] = 0;
    unused[c.row32[r32 + COUNTRY]!] = 0;
    for (let i = 0; i < CITY_WISHES; i++) unused[c.cities[m.slot * CITY_WISHES + i]!] = 0;
    // Interests: [category, n, n words]..., then 0.
    const end = (m.slot + 1) * INTEREST_CELLS;
    for (let at = m.slot * INTEREST_CELLS; at < end && c.interests[at] !== 0; ) {
      const n = c.interests[at + 1]!;
      for (let k = 0; k < n && at + 2 + k < end; k++) unused[c.interests[at + 2 + k]!] = 0;
      at += 2 + n;
    }
  }
  return unused;
}

/** What a snapshot writes for a word no member holds (no text has a NUL). */
const placeholder = (code: number) => `\u0000${code}`;

/**
 * Writes the pool (loaded, in its turn) to its file in the background, from a copy taken now.
 * Asked while a write is under way, it writes again once that one is done.
 */
function saveSnapshot(db: Db, pool: CandidatePool, atShutdown = false) {
  const file = snapshotFiles.get(db);
  if (!file || pool.snapshot === null || (pool.closed && !atShutdown)) return;
  if (pool.saving) {
    pool.saveAgain = true;
    return;
  }
  let header: Omit<SnapshotHeader, "parts" | "identity">;
  let parts: { name: string; data: Uint8Array }[];
  try {
    const count = pool.slots.length;
    const unused = unusedWords(pool);
    header = {
      format: POOL_FORMAT(),
      snapshot: pool.snapshot,
      day: pool.day,
      count,
      dictionaries: {
        lists: codes.map((dict) => [...dict.keys()]),
        inviters: [...inviters.keys()],
        options: options.texts.slice(1),
        words: words.texts.slice(1).map((text, i) => (unused[i + 1] ? placeholder(i + 1) : text)),
      },
    };
    parts = [
      { name: "ids", data: Buffer.from(pool.slots.map((m) => m?.id ?? "").join("\n")) },
      { name: "born", data: Buffer.from(pool.slots.map((m) => m?.dateOfBirth ?? "").join("\n")) },
      ...SAVED_COLUMNS.map((name) => ({
        name,
        data: new Uint8Array(pool.columns[name].buffer.slice(0, SLOT_BYTES[name] * count)),
      })),
    ];
  } catch (error) {
    logs.get(db)?.warn({ err: error }, "candidate pool: its snapshot could not be written");
    return;
  }
  const removed = pool.removedSinceSave;
  pool.savedAt = Date.now();
  pool.changedSinceSave = 0;
  pool.removedSinceSave = false;
  pool.saving = (async () => {
    try {
      await writePoolSnapshot(file, { ...header, identity: await identityOf(db) }, parts);
    } catch (error) {
      logs.get(db)?.warn({ err: error }, "candidate pool: its snapshot could not be written");
      // The file on disk may still hold someone who left: it is tried again.
      if (removed) {
        pool.removedSinceSave = true;
        saveSoon(db, pool, SNAPSHOT_SAVE.removalMs);
      }
    } finally {
      pool.saving = null;
      if (pool.saveAgain) {
        pool.saveAgain = false;
        saveSoon(db, pool, 0);
      }
    }
  })();
}

/** Settles once the snapshot being written, if any, is on disk (or failed to be). */
export function candidatePoolSaved(db: Db): Promise<void> {
  return pools.get(db)?.saving ?? Promise.resolve();
}

/**
 * At shutdown (before the database closes): no snapshot is started by itself any more, the pool
 * catches up (someone erased meanwhile leaves it), and the file is written if someone left since
 * the last write, after the write under way.
 */
export async function closeCandidatePool(db: Db): Promise<void> {
  const pool = pools.get(db);
  if (!pool) return;
  pool.closed = true;
  await refreshCandidatePool(db).catch(() => undefined);
  if (pool.saveDue) clearTimeout(pool.saveDue);
  pool.saveDue = null;
  while (pool.saving) await pool.saving;
  if (pool.removedSinceSave || pool.saveAgain) {
    pool.saveAgain = false;
    const turn = pool.queue.then(() => saveSnapshot(db, pool, true)).catch(() => undefined);
    pool.queue = turn;
    await turn;
    while (pool.saving) await pool.saving;
  }
  if (pool.saveDue) clearTimeout(pool.saveDue);
  pool.saveDue = null;
}

/** Takes over the dictionaries of a snapshot when this process's are the start of them. */
function adoptDictionaries(d: SnapshotHeader["dictionaries"]): boolean {
  // A word's placeholder (a code no member held: `saveSnapshot`) agrees with any text.
  const startOf = (mine: readonly string[], theirs: unknown, placeholders = false) =>
    Array.isArray(theirs) &&
    theirs.every((v) => typeof v === "string") &&
    mine.length <= theirs.length &&
    mine.every((v, i) => v === theirs[i] || (placeholders && theirs[i] === placeholder(i + 1)));
  if (
    !Array.isArray(d?.lists) ||
    d.lists.length !== codes.length ||
    !codes.every((dict, i) => startOf([...dict.keys()], d.lists[i]) && d.lists[i]!.length <= MAX_CODE) ||
    !startOf([...inviters.keys()], d.inviters) ||
    !startOf(options.texts.slice(1), d.options) ||
    !startOf(words.texts.slice(1), d.words, true) ||
    // What the file adds must be new here, or it would not get the file's code.
    !codes.every((dict, i) => d.lists[i]!.slice(dict.size).every((v) => !dict.has(v))) ||
    !d.inviters.slice(inviters.size).every((id) => !inviters.has(id)) ||
    !d.options.slice(options.texts.length - 1).every((t) => !options.codes.has(t)) ||
    !d.words.slice(words.texts.length - 1).every((t) => !words.codes.has(t)) ||
    new Set(d.words).size !== d.words.length ||
    new Set(d.options).size !== d.options.length
  )
    return false;
  codes.forEach((dict, i) => {
    for (const value of d.lists[i]!.slice(dict.size)) dict.set(value, dict.size + 1);
  });
  for (const id of d.inviters.slice(inviters.size)) inviterCode(id, true);
  for (const text of d.options.slice(options.texts.length - 1)) dictCode(options, text);
  for (const text of d.words.slice(words.texts.length - 1)) dictCode(words, text);
  return true;
}

/**
 * Loads the pool (empty, in its turn) from its snapshot on disk and brings it up to date; false
 * (the pool left empty) when there is none this database and this code can use.
 */
async function restore(db: Db, pool: CandidatePool, file: string, today: Date): Promise<boolean> {
  const saved = await readPoolSnapshot(file);
  if (!saved || saved.header.format !== POOL_FORMAT()) return false;
  const { header, parts } = saved;
  const count = header.count;
  const text = (name: string) => {
    const part = parts.get(name);
    return part === undefined ? [] : count === 0 ? [] : part.toString("utf8").split("\n");
  };
  const ids = text("ids");
  const born = text("born");
  if (
    !Number.isInteger(count) ||
    ids.length !== count ||
    born.length !== count ||
    !SAVED_COLUMNS.every((name) => parts.get(name)?.length === SLOT_BYTES[name] * count)
  )
    return false;
  emptied(pool);
  try {
    const identity = await identityOf(db);
    if (JSON.stringify(identity) !== JSON.stringify(header.identity)) return false;
    // A snapshot newer than the database (restored from a backup since) would miss what changed.
    const result = await db.execute(sql`
      select pg_snapshot_xmax(${header.snapshot}::pg_snapshot)::text::bigint
        <= pg_snapshot_xmax(pg_current_snapshot())::text::bigint as ok`);
    if (!(result as unknown as { rows: { ok: boolean }[] }).rows[0]!.ok) return false;
    if (!adoptDictionaries(header.dictionaries)) return false;
    const c = columns(Math.max(1024, count));
    for (const name of SAVED_COLUMNS) new Uint8Array(c[name].buffer).set(parts.get(name)!);
    const exotic: string[] = [];
    for (let slot = 0; slot < count; slot++) {
      const id = ids[slot]!;
      if (id === "") {
        pool.slots.push(undefined);
        pool.free.push(slot);
        continue;
      }
      const code = c.inviter[slot]!;
      const inviterId = code === 0 ? null : header.dictionaries.inviters[code - 1]!;
      const member: PoolMember = {
        id,
        inviterId,
        isPublished: c.published[slot] === 1,
        slot,
        dateOfBirth: born[slot] === "" ? null : born[slot]!,
      };
      pool.slots.push(member);
      pool.members.set(id, member);
      if (inviterId !== null) {
        const mine = pool.byInviter.get(inviterId) ?? new Set();
        pool.byInviter.set(inviterId, mine.add(id));
      }
      if (c.exotic[slot] === 1) exotic.push(id);
    }
    pool.columns = c;
    pool.day = header.day;
    pool.snapshot = header.snapshot;
    setDay(pool, today);
    // The prepared profiles the columns cannot hold are not in the file: read again.
    await reloadMembers(db, pool, exotic, today);
    pool.savedAt = Date.now();
    await refresh(db, pool, today);
  } catch (error) {
    emptied(pool);
    throw error;
  }
  if (pool.snapshot === null) emptied(pool);
  if (pool.slots.length >= PARALLEL_SCAN.minSlots) scannerNow();
  return pool.snapshot !== null;
}

/** Leaves the pool as before its first load. */
function emptied(pool: CandidatePool) {
  pool.columns = columns(1024);
  pool.members.clear();
  pool.slots = [];
  pool.free = [];
  pool.byInviter.clear();
  pool.ownViews.clear();
  pool.snapshot = null;
}

/**
 * Own views (full, prepared profiles) kept at most, summed over matchmakers: past it, the least
 * recently ranked for matchmakers' views are dropped (loaded again at their next ranking), so the
 * pool's memory does not grow with every agency that ever ranked. An object, for tests to lower it.
 */
export const OWN_VIEWS = { limit: 200_000 };

/**
 * Loads the full views of `matchmakerId`'s own members that the pool does not hold yet, then
 * drops other matchmakers' views, least recently ranked for first, past `OWN_VIEWS.limit`.
 */
async function loadOwnViews(db: Db, pool: CandidatePool, matchmakerId: string, today: Date) {
  const mine = pool.byInviter.get(matchmakerId) ?? new Set<string>();
  pool.ownViews.delete(matchmakerId);
  pool.ownViews.set(matchmakerId, mine.size);
  let held = 0;
  for (const n of pool.ownViews.values()) held += n;
  for (const [other, n] of pool.ownViews) {
    if (held <= OWN_VIEWS.limit || other === matchmakerId) break;
    for (const id of pool.byInviter.get(other) ?? []) pool.members.get(id)!.own = undefined;
    pool.ownViews.delete(other);
    held -= n;
  }
  const missing = [...mine].filter((id) => !pool.members.get(id)!.own);
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

/** A score against each code of the dictionary: `score(text)`, or -1 for none (`mine` null). */
function tableOf(mine: string | null, score: (mine: string, theirs: string) => number): Int16Array {
  const { texts } = options;
  const table = new Int16Array(texts.length).fill(-1);
  if (mine !== null) for (let code = 1; code < texts.length; code++) table[code] = score(mine, texts[code]!);
  return table;
}

/**
 * Whether the columns can score pairs with `me`: not for genders they do not know, more interest
 * categories than bits, or numbers outside the contract's (none of which the database holds). Such a
 * client goes the database's way (`ranking.ts`).
 */
export const columnsScore = (me: PreparedProfile) =>
  !(
    (me.gender !== null && bitOf(me.gender) === 0) ||
    me.wantedGenders?.some((g) => bitOf(g) === 0) ||
    me.interests.length > 30 ||
    !numbersOf(me).every(fits)
  );

/** What a scan needs to know of the client `me`: their wishes and values as the columns' codes. */
function scanPlan(me: PreparedProfile, skip: { inviter: number; slot: number }): ScanPlan {
  if (!columnsScore(me)) throw new Error("candidate pool: the columns cannot score this client");
  const myWanted = maskOf(me.wantedGenders);
  const myGender = bitOf(me.gender);
  const ageWish = me.minAge !== null || me.maxAge !== null;
  const minAge = orNone(me.minAge);
  const maxAge = orNone(me.maxAge);
  const heightWish = me.minHeight !== null || me.maxHeight !== null;
  const minHeight = orNone(me.minHeight);
  const maxHeight = orNone(me.maxHeight);
  const myAge = orNone(me.age);
  const myHeight = orNone(me.height);
  const wAge = me.weight.age ?? PREFERENCE_WEIGHT.medium;
  const wHeight = me.weight.height ?? PREFERENCE_WEIGHT.medium;
  // My list wishes on their values, by their code: the score, or -1 when it excludes.
  const myLists: { key: number; table: Int16Array; weight: number }[] = [];
  // Their list wishes on my values: my value's bit (0 when I have none, -1 uncoded).
  const theirLists: { key: number; bit: number }[] = [];
  LIST_KEYS.forEach((k, i) => {
    const accepted = me.lists[k];
    if (accepted.length > 0) {
      const table = new Int16Array(MAX_CODE + 1);
      table[0] = 50;
      for (const [value, code] of codes[i]!)
        table[code] = accepted.includes(value)
          ? 100
          : me.dealBreakers.has(k)
            ? -1
            : nearScore(k, accepted, value);
      myLists.push({ key: i, table, weight: me.weight[k] ?? PREFERENCE_WEIGHT.medium });
    }
    const code = codeOf(i, me.values[k], false);
    theirLists.push({ key: i, bit: me.values[k] === null ? 0 : code === 0 ? -1 : 1 << code });
  });
  const myBreaks = myLists.filter((wish) => wish.table.includes(-1));
  // A deal-breaker of theirs excludes me unless it accepts my value (an uncoded one: no bit).
  const theirBreaks = theirLists
    .filter((l) => l.bit !== 0)
    .map((l) => ({ key: l.key, bit: Math.max(l.bit, 0) }));
  const theirBreakKeys = theirBreaks.reduce((bits, l) => bits | (1 << l.key), 0);
  const myCities = Int32Array.from(me.cities, (city) => dictCode(words, city, false));
  const citiesBreak = me.dealBreakers.has("cities");
  const wCities = me.weight.cities ?? PREFERENCE_WEIGHT.medium;
  const myCity = dictCode(words, me.city, false);
  const myCountry = dictCode(words, me.country, false);
  const myPsych =
    me.empathy !== null || me.narcissism !== null || me.borderline !== null
      ? psychologyScore(me.empathy, me.narcissism, me.borderline)
      : -1;
  const faith = tableOf(me.faith, faithScore);
  const familyPlan = tableOf(me.familyPlan, familyPlanScore);
  const food = tableOf(me.food, foodScore);
  const love = tableOf(me.loveLanguage, loveLanguageScore);
  const myChildren = yesNo(me.wantsMoreChildren);
  // Habits nobody stated a wish about (mine here; theirs per member).
  const habits = (["smoking", "alcohol"] as const).flatMap((k) => {
    const i = LIST_KEYS.indexOf(k);
    const mine = me.values[k];
    if (me.lists[k].length > 0 || mine === null) return [];
    const table = new Int16Array(MAX_CODE + 1).fill(-1);
    for (const [value, code] of codes[i]!) table[code] = habitScore(k, mine, value);
    return [{ key: i, table }];
  });
  // My interests by code: my category's place (1-based) and, per word, the bits of my categories
  // holding it. More than 31 categories do not fit the bits: then the engine scores every pair.
  const myCategory = new Int8Array(options.texts.length);
  const myWords = new Map<number, number>();
  const mySizes: number[] = [0];
  for (const [cat, list] of me.interests) {
    const code = dictCode(options, cat, false);
    if (code < 0) continue; // a category nobody else has
    mySizes.push(list.size);
    myCategory[code] = mySizes.length - 1;
    for (const w of list) {
      const word = dictCode(words, w, false);
      if (word > 0) myWords.set(word, (myWords.get(word) ?? 0) | (1 << (mySizes.length - 1)));
    }
  }
  const hasInterests = mySizes.length > 1;
  const myRelocation = me.relocation === true;
  const myLongDistance = me.longDistance === true;

  return {
    myWanted,
    myGender,
    ageWish,
    minAge,
    maxAge,
    heightWish,
    minHeight,
    maxHeight,
    myAge,
    myHeight,
    wAge,
    wHeight,
    myLists,
    theirLists,
    myBreaks,
    theirBreaks,
    theirBreakKeys,
    myCities,
    citiesBreak,
    wCities,
    myCity,
    myCountry,
    myPsych,
    faith,
    familyPlan,
    food,
    love,
    myChildren,
    habits,
    myCategory,
    myWords,
    mySizes,
    hasInterests,
    myRelocation,
    myLongDistance,
    skipInviter: skip.inviter,
    skipSlot: skip.slot,
  };
}

/**
 * The worker thread that scans half of a large pool (`scoreShared`), started at the end of a large
 * pool's load or at its first split scan: the bundle's `pool-scan-worker.js` beside the server's
 * own file, or, run from the sources (tests, the bench), the TypeScript file through tsx. There is
 * none on a machine of one core, nor while it cannot start; one that failed (died, or owed an
 * answer past SCAN_TIMEOUT_MS) is started again at a scan SCANNER_RETRY_MS later. Meanwhile the
 * scans run on this thread alone.
 */
type Scanner = { worker: Worker; jobs: Map<number, (found: Int32Array | null) => void>; fail(): void };
let scanner: Scanner | null = null;
let scannerFailedAt = Number.NEGATIVE_INFINITY;
let scanJobs = 0;
const SCANNER_RETRY_MS = 60_000;
const SCAN_TIMEOUT_MS = 30_000;

function newWorker(): Worker | null {
  const built = new URL("./pool-scan-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built);
  const source = new URL("./pool-scan-worker.ts", import.meta.url);
  if (!existsSync(fileURLToPath(source))) return null;
  // tsx as this file finds it, not as the current directory would.
  const tsx = import.meta.resolve("tsx/esm/api");
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`,
    { eval: true },
  );
}

/** The running worker, started if there is none and one may start now; else null. */
function scannerNow(): Scanner | null {
  if (scanner || availableParallelism() < 2 || Date.now() - scannerFailedAt < SCANNER_RETRY_MS)
    return scanner;
  let worker: Worker | null = null;
  try {
    worker = newWorker();
  } catch {
    // No thread to be had (ERR_WORKER_INIT_FAILED under a thread limit), or no tsx: one thread.
  }
  if (!worker) {
    scannerFailedAt = Date.now();
    return null;
  }
  const jobs = new Map<number, (found: Int32Array | null) => void>();
  const started: Scanner = {
    worker,
    jobs,
    fail: () => {
      if (scanner === started) {
        scanner = null;
        scannerFailedAt = Date.now();
      }
      for (const done of jobs.values()) done(null);
      jobs.clear();
      void worker.terminate();
    },
  };
  worker.on("message", ({ id, found }: { id: number; found: Int32Array | null }) => {
    jobs.get(id)?.(found);
    jobs.delete(id);
    if (jobs.size === 0) worker.unref();
  });
  for (const event of ["error", "messageerror", "exit"]) worker.on(event, started.fail);
  worker.unref();
  scanner = started;
  return started;
}

/** How many threads a large pool's scans run on now: 2 while the worker runs, else 1. */
export const scanThreads = () => (scanner ? 2 : 1);

/**
 * Scans slots `from` to `to` on the worker: the found slots and packed scores (-1: exotic), or
 * null when the worker could not (none, it failed, or its scan threw: then it answers null).
 */
function scanOnWorker(c: Columns, plan: ScanPlan, from: number, to: number): Promise<Int32Array | null> {
  const s = scannerNow();
  if (!s) return Promise.resolve(null);
  const id = ++scanJobs;
  // The worker keeps the process alive while it owes an answer.
  s.worker.ref();
  return new Promise((resolve) => {
    const timer = setTimeout(s.fail, SCAN_TIMEOUT_MS);
    timer.unref();
    s.jobs.set(id, (found) => {
      clearTimeout(timer);
      resolve(found);
    });
    try {
      s.worker.postMessage({ id, columns: c, plan, from, to });
    } catch {
      s.jobs.get(id)?.(null);
      s.jobs.delete(id);
    }
  });
}

/** From how many slots a scan is split with a worker thread (tests set it lower). */
export const PARALLEL_SCAN = { minSlots: 100_000 };

/**
 * Calls `visit` with the slot of each published member the engine does not exclude as a
 * candidate for `me`, and the pair's score: exactly `scorePair(me, the member's shared profile)`
 * (the pool's test compares them), read from the columns, in slot order. `me` must be one the
 * columns score (`columnsScore`). A large pool is scanned in two halves at once, the second on a
 * worker thread (`pool-scan-worker.ts`) reading the same shared memory; the pool must not change
 * until the promise settles (a use of the pool holds its turn until then). Should the worker fail,
 * this thread scans its half.
 */
export async function scoreShared(
  pool: CandidatePool,
  me: PreparedProfile,
  visit: (slot: number, percentage: number, clientFit: number, candidateFit: number) => void,
  /** Members not to score: a matchmaker's (`inviterCode`) and one slot (the client's own). */
  skip: { inviter: number; slot: number } = { inviter: -1, slot: -1 },
): Promise<void> {
  const plan = scanPlan(me, skip);
  // A member the columns cannot hold: the engine scores its prepared profile.
  const exotic = (slot: number) => {
    const s = scorePair(me, pool.slots[slot]!.shared!.profile);
    if (!s.excluded) visit(slot, s.percentage, s.clientFit, s.candidateFit);
  };
  const n = pool.slots.length;
  const half = n >= PARALLEL_SCAN.minSlots ? n >> 1 : n;
  const theirs = half < n ? scanOnWorker(pool.columns, plan, half, n) : null;
  scanSlots(pool.columns, plan, 0, half, visit, exotic);
  const found = theirs && (await theirs);
  if (!found) {
    if (half < n) scanSlots(pool.columns, plan, half, n, visit, exotic);
    return;
  }
  for (let i = 0; i < found.length; i += 2) {
    const score = found[i + 1]!;
    if (score < 0) exotic(found[i]!);
    else visit(found[i]!, score >> 16, (score >> 8) & 255, score & 255);
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
  use: (pool: CandidatePool) => T | Promise<T>,
): Promise<T> {
  const p = poolOf(db, today);
  if (p.snapshot === null) {
    readSnapshot(db, p, today)?.catch(() => undefined); // its failure is this use's (below)
    p.loading = true;
  }
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

function poolOf(db: Db, today: Date): CandidatePool {
  let pool = pools.get(db);
  if (!pool) {
    pool = emptyPool(today);
    pools.set(db, pool);
  }
  return pool;
}

/**
 * Queues the one reading of the pool's snapshot on disk (`restore`), unless the pool has no file,
 * or it is loaded or was read; answers the reading. Should it fail (the database, not the file),
 * the next use tries again.
 */
function readSnapshot(db: Db, pool: CandidatePool, today: Date): Promise<boolean> | null {
  const file = snapshotFiles.get(db);
  if (file && !pool.restored && pool.snapshot === null) {
    const attempt = pool.queue.then(() => pool.snapshot !== null || restore(db, pool, file, today));
    pool.restored = attempt;
    pool.queue = attempt.catch(() => undefined);
    attempt.catch(() => {
      if (pool.restored === attempt) pool.restored = null;
    });
  }
  return pool.restored;
}

/** Whether the pool of `db` is loaded: until it is, rankings read the database (`ranking.ts`). */
export function isCandidatePoolLoaded(db: Db): boolean {
  return (pools.get(db)?.snapshot ?? null) !== null;
}

/**
 * Whether the pool of `db` is loaded, once its snapshot on disk, if it keeps one not read yet, is
 * read: the first ranking after a start waits for that (a fraction of a second), never for a
 * load from the database.
 */
export async function candidatePoolReady(db: Db, today: Date): Promise<boolean> {
  if (isCandidatePoolLoaded(db)) return true;
  const pool = poolOf(db, today);
  // A load from the database is queued and no reading of the file before it: not worth waiting for.
  if (pool.loading && !pool.restored) return false;
  await readSnapshot(db, pool, today)?.catch(() => false);
  return isCandidatePoolLoaded(db);
}

/** Brings the pool of `db`, if loaded, up to date now instead of at the next ranking (an erasure). */
export function refreshCandidatePool(db: Db): Promise<void> {
  const pool = pools.get(db);
  if (!pool || pool.snapshot === null) return Promise.resolve();
  const turn = pool.queue.then(async () => {
    const today = new Date();
    setDay(pool, today);
    await refresh(db, pool, today);
  });
  pool.queue = turn.catch(() => undefined);
  return turn;
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
