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
  BASE_WEIGHT,
  childrenScore,
  EMPTY_MATCH_INPUT,
  faithScore,
  familyPlanScore,
  foodScore,
  habitScore,
  interestScore,
  LIST_KEYS,
  locationScore,
  loveLanguageScore,
  type MatchInput,
  nearScore,
  PREFERENCE_WEIGHT,
  type PreparedProfile,
  prepareProfile,
  psychologyScore,
  scorePair,
} from "./compatibility-engine.js";

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
/** Wished cities and interest cells a member's columns hold; a member with more is `exotic`. */
const CITY_WISHES = 6;
const INTEREST_CELLS = 24;

// A member's row: what scoring reads of it beyond the filter columns, in 128 bytes (two cache
// lines) read through three views of one buffer. Offsets are in each view's units from the row's
// start (slot * 32, * 64 or * 128). Codes: 0 not filled in; -1 in the byte fields likewise.
const ROW_BYTES = 128;
const K = LIST_KEYS.length;
/** Int32 cells: per list key, bits of the codes the wish accepts, its deal-breaker accepts (0: none), and those one step away. */
const ACCEPTS = 0;
const NEEDS = ACCEPTS + K;
const NEAR = NEEDS + K;
const CITY = NEAR + K;
const COUNTRY = CITY + 1;
const FAITH = COUNTRY + 1;
const FAMILY_PLAN = FAITH + 1;
const FOOD = FAMILY_PLAN + 1;
const LOVE_LANGUAGE = FOOD + 1;
/** Byte cells (after the Int32 ones): list values' codes, the wishes' weights (`WEIGHTED` order), then single fields. */
const VALUES = 4 * (LOVE_LANGUAGE + 1);
const WEIGHTS = VALUES + K;
const W_AGE = WEIGHTS;
const W_HEIGHT = WEIGHTS + 1;
const W_LIST = WEIGHTS + 2;
const W_CITIES = WEIGHTS + 2 + K;
const CITIES_COUNT = W_CITIES + 1;
const CITIES_BREAK = CITIES_COUNT + 1;
const RELOCATION = CITIES_BREAK + 1;
const LONG_DISTANCE = RELOCATION + 1;
const CHILDREN = LONG_DISTANCE + 1;
const EMPATHY = CHILDREN + 1;
const NARCISSISM = EMPATHY + 1;
const BORDERLINE = NARCISSISM + 1;
if (BORDERLINE >= ROW_BYTES) throw new Error("candidate pool: the row outgrew its bytes");

/**
 * Numbers of the shared views, by slot; -1 (or 0 for codes and genders) is "not filled in" or
 * "no wish". Codes come from dictionaries kept for the process (`codeOf`, `dictCode`). The hard
 * filters a ranking checks for every member are columns (read in order); the rest is a row.
 */
type Columns = {
  /** 1: published (in the shared search), 0: not, or a free slot. */
  published: Uint8Array;
  /** 1: something the columns cannot hold: the engine scores the member's prepared profile. */
  exotic: Uint8Array;
  /** The member's matchmaker (`inviterCode`; 0: none). */
  inviter: Int32Array;
  gender: Uint8Array;
  /** Bit mask of the genders wanted; 0: any. */
  wanted: Uint8Array;
  age: Int16Array;
  height: Int16Array;
  minAge: Int16Array;
  maxAge: Int16Array;
  minHeight: Int16Array;
  maxHeight: Int16Array;
  /** Bits of the list keys (`LIST_KEYS` order) with a deal-breaker. */
  breaks: Uint8Array;
  /** The rows (ROW_BYTES a slot), as bytes and Int32 cells. */
  row8: Int8Array;
  row32: Int32Array;
  /** CITY_WISHES cells a slot: codes of the wished cities. */
  cities: Int32Array;
  /** INTEREST_CELLS cells a slot: [category, n, n word codes]..., then 0. */
  interests: Int32Array;
};

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

function columns(capacity: number): Columns {
  const rows = new ArrayBuffer(capacity * ROW_BYTES);
  return {
    published: new Uint8Array(capacity),
    exotic: new Uint8Array(capacity),
    inviter: new Int32Array(capacity),
    gender: new Uint8Array(capacity),
    wanted: new Uint8Array(capacity),
    age: new Int16Array(capacity),
    height: new Int16Array(capacity),
    minAge: new Int16Array(capacity),
    maxAge: new Int16Array(capacity),
    minHeight: new Int16Array(capacity),
    maxHeight: new Int16Array(capacity),
    breaks: new Uint8Array(capacity),
    row8: new Int8Array(rows),
    row32: new Int32Array(rows),
    cities: new Int32Array(capacity * CITY_WISHES),
    interests: new Int32Array(capacity * INTEREST_CELLS),
  };
}

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
  pool.columns.published[old.slot] = 0;
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
  pool.members.clear();
  pool.slots = [];
  pool.free = [];
  pool.byInviter.clear();
  pool.ownViews.clear();
  const snapshot = await currentSnapshot(db);
  let after = "";
  for (;;) {
    const page = await readSharedMembers(db, { after, limit: LOAD_PAGE });
    for (const m of page) putMember(pool, m, today);
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
        if (m) putMember(pool, m, today);
        else forgetMember(pool, id);
      }
    }
  }
  pool.snapshot = row.snapshot;
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

/** The part of a wish (age, height) on a number: 50 unknown, 100 in range, -1 out (excluded). */
const rangeScore = (v: number, min: number, max: number) =>
  v < 0 ? 50 : v < min || (max >= 0 && v > max) ? -1 : 100;

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

/**
 * Calls `visit` with the slot of each published member the engine does not exclude as a
 * candidate for `me`, and the pair's score: exactly `scorePair(me, the member's shared profile)`
 * (the pool's test compares them), read from the columns. `me` must be one the columns score
 * (`columnsScore`).
 */
export function scoreShared(
  pool: CandidatePool,
  me: PreparedProfile,
  visit: (slot: number, percentage: number, clientFit: number, candidateFit: number) => void,
  /** Members not to score: a matchmaker's (`inviterCode`) and one slot (the client's own). */
  skip: { inviter: number; slot: number } = { inviter: -1, slot: -1 },
) {
  const c = pool.columns;
  const { published, exotic, gender, wanted, age, height, breaks, row8, row32, cities, interests } = c;
  const { minAge: minAges, maxAge: maxAges, minHeight: minHeights, maxHeight: maxHeights } = c;
  const slots = pool.slots;
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

  const { inviter: skipInviter, slot: skipSlot } = skip;
  const { inviter } = c;
  next: for (let slot = 0; slot < slots.length; slot++) {
    if (published[slot] === 0 || inviter[slot] === skipInviter || slot === skipSlot) continue;
    // The hard filters first, cheapest first (the typed arrays hold -1 for "not filled in").
    const g = gender[slot]!;
    if (myWanted !== 0 && g !== 0 && (myWanted & g) === 0) continue;
    const w = wanted[slot]!;
    if (w !== 0 && myGender !== 0 && (w & myGender) === 0) continue;
    const a = age[slot]!;
    if (ageWish && a >= 0 && (a < minAge || (maxAge >= 0 && a > maxAge))) continue;
    const h = height[slot]!;
    if (heightWish && h >= 0 && (h < minHeight || (maxHeight >= 0 && h > maxHeight))) continue;
    if (exotic[slot] === 1) {
      const s = scorePair(me, slots[slot]!.shared!.profile);
      if (!s.excluded) visit(slot, s.percentage, s.clientFit, s.candidateFit);
      continue;
    }
    // The other hard filters before any score: most pairs they exclude cost no more.
    const theirMinAge = minAges[slot]!;
    const theirMaxAge = maxAges[slot]!;
    if (myAge >= 0 && (myAge < theirMinAge || (theirMaxAge >= 0 && myAge > theirMaxAge))) continue;
    const theirMinHeight = minHeights[slot]!;
    const theirMaxHeight = maxHeights[slot]!;
    if (myHeight >= 0 && (myHeight < theirMinHeight || (theirMaxHeight >= 0 && myHeight > theirMaxHeight)))
      continue;
    const r8 = slot * ROW_BYTES;
    const r32 = r8 >> 2;
    if ((breaks[slot]! & theirBreakKeys) !== 0)
      for (let k = 0; k < theirBreaks.length; k++) {
        const need = row32[r32 + NEEDS + theirBreaks[k]!.key]!;
        if (need !== 0 && (need & theirBreaks[k]!.bit) === 0) continue next;
      }
    for (let k = 0; k < myBreaks.length; k++) {
      const wish = myBreaks[k]!;
      if (wish.table[row8[r8 + VALUES + wish.key]!]! < 0) continue next;
    }
    let client = 0;
    let clientW = 0;
    let candidate = 0;
    let candidateW = 0;
    // My wishes on them (`wishes(me, them, "client")`).
    if (ageWish) {
      client += (a < 0 ? 50 : 100) * wAge;
      clientW += wAge;
    }
    if (heightWish) {
      client += (h < 0 ? 50 : 100) * wHeight;
      clientW += wHeight;
    }
    for (let k = 0; k < myLists.length; k++) {
      const wish = myLists[k]!;
      const score = wish.table[row8[r8 + VALUES + wish.key]!]!;
      if (score < 0) continue next;
      client += score * wish.weight;
      clientW += wish.weight;
    }
    const city = row32[r32 + CITY]!;
    const relocation = row8[r8 + RELOCATION]!;
    if (myCities.length > 0) {
      const score =
        city === 0 ? 50 : myCities.includes(city) ? 100 : citiesBreak ? -1 : relocation === 1 ? 50 : 0;
      if (score < 0) continue;
      client += score * wCities;
      clientW += wCities;
    }
    const e = row8[r8 + EMPATHY]!;
    const n = row8[r8 + NARCISSISM]!;
    const b = row8[r8 + BORDERLINE]!;
    if (e >= 0 || n >= 0 || b >= 0) {
      const score = psychologyScore(e < 0 ? null : e, n < 0 ? null : n, b < 0 ? null : b);
      client += score * BASE_WEIGHT.psychology;
      clientW += BASE_WEIGHT.psychology;
    }
    // Their wishes on me (`wishes(them, me, "candidate")`).
    if (theirMinAge >= 0 || theirMaxAge >= 0) {
      const score = rangeScore(myAge, theirMinAge, theirMaxAge);
      if (score < 0) continue;
      const wt = row8[r8 + W_AGE]!;
      candidate += score * wt;
      candidateW += wt;
    }
    if (theirMinHeight >= 0 || theirMaxHeight >= 0) {
      const score = rangeScore(myHeight, theirMinHeight, theirMaxHeight);
      if (score < 0) continue;
      const wt = row8[r8 + W_HEIGHT]!;
      candidate += score * wt;
      candidateW += wt;
    }
    for (let k = 0; k < theirLists.length; k++) {
      const { key, bit } = theirLists[k]!;
      const accepts = row32[r32 + ACCEPTS + key]!;
      if (accepts === 0) continue;
      const score =
        bit === 0
          ? 50
          : bit > 0 && (accepts & bit) !== 0
            ? 100
            : row32[r32 + NEEDS + key]! !== 0
              ? -1
              : bit > 0 && (row32[r32 + NEAR + key]! & bit) !== 0
                ? 50
                : 0;
      if (score < 0) continue next;
      const wt = row8[r8 + W_LIST + key]!;
      candidate += score * wt;
      candidateW += wt;
    }
    const wished = row8[r8 + CITIES_COUNT]!;
    if (wished > 0) {
      let found = false;
      for (let i = slot * CITY_WISHES, end = i + wished; i < end; i++) if (cities[i] === myCity) found = true;
      const score =
        myCity === 0 ? 50 : found ? 100 : row8[r8 + CITIES_BREAK] === 1 ? -1 : myRelocation ? 50 : 0;
      if (score < 0) continue;
      const wt = row8[r8 + W_CITIES]!;
      candidate += score * wt;
      candidateW += wt;
    }
    if (myPsych >= 0) {
      candidate += myPsych * BASE_WEIGHT.psychology;
      candidateW += BASE_WEIGHT.psychology;
    }
    // What the two share (`shared`): both directions.
    let both = 0;
    let bothW = 0;
    const f = faith[row32[r32 + FAITH]!]!;
    if (f >= 0) {
      both += f * BASE_WEIGHT.faith;
      bothW += BASE_WEIGHT.faith;
    }
    const fp = familyPlan[row32[r32 + FAMILY_PLAN]!]!;
    if (fp >= 0) {
      both += fp * BASE_WEIGHT.familyPlan;
      bothW += BASE_WEIGHT.familyPlan;
    }
    const ch = row8[r8 + CHILDREN]!;
    if (myChildren >= 0 && ch >= 0) {
      both += childrenScore(myChildren === 1, ch === 1) * BASE_WEIGHT.children;
      bothW += BASE_WEIGHT.children;
    }
    for (let k = 0; k < habits.length; k++) {
      const habit = habits[k]!;
      if (row32[r32 + ACCEPTS + habit.key] !== 0) continue;
      const score = habit.table[row8[r8 + VALUES + habit.key]!]!;
      if (score < 0) continue;
      both += score * BASE_WEIGHT.habit;
      bothW += BASE_WEIGHT.habit;
    }
    const fo = food[row32[r32 + FOOD]!]!;
    if (fo >= 0) {
      both += fo * BASE_WEIGHT.food;
      bothW += BASE_WEIGHT.food;
    }
    const lo = love[row32[r32 + LOVE_LANGUAGE]!]!;
    if (lo >= 0) {
      both += lo * BASE_WEIGHT.loveLanguage;
      bothW += BASE_WEIGHT.loveLanguage;
    }
    if (hasInterests) {
      for (let i = slot * INTEREST_CELLS, end = i + INTEREST_CELLS; i < end && interests[i] !== 0; ) {
        const mine = myCategory[interests[i]!]!;
        const size = interests[i + 1]!;
        if (mine > 0) {
          const bit = 1 << mine;
          let common = 0;
          for (let j = i + 2; j < i + 2 + size; j++)
            if (((myWords.get(interests[j]!) ?? 0) & bit) !== 0) common++;
          both += interestScore(common, Math.min(mySizes[mine]!, size)) * BASE_WEIGHT.interest;
          bothW += BASE_WEIGHT.interest;
        }
        i += 2 + size;
      }
    }
    if (myCity !== 0 && city !== 0) {
      const country = row32[r32 + COUNTRY]!;
      const sameCountry = myCountry !== 0 && myCountry === country;
      const sameCity = myCity === city && (myCountry === 0 || country === 0 || sameCountry);
      const score = locationScore(
        sameCity,
        sameCountry,
        myRelocation || relocation === 1,
        myLongDistance && row8[r8 + LONG_DISTANCE] === 1,
      );
      both += score * BASE_WEIGHT.location;
      bothW += BASE_WEIGHT.location;
    }
    client += both;
    clientW += bothW;
    candidate += both;
    candidateW += bothW;
    const clientFit = clientW > 0 ? Math.round(client / clientW) : 50;
    const candidateFit = candidateW > 0 ? Math.round(candidate / candidateW) : 50;
    visit(slot, Math.round(Math.sqrt(clientFit * candidateFit)), clientFit, candidateFit);
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
    pool = emptyPool(today);
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
