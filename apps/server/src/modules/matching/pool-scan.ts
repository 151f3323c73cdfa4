import {
  BASE_WEIGHT,
  childrenScore,
  interestScore,
  LIST_KEYS,
  locationScore,
  psychologyScore,
} from "./compatibility-engine.js";

// The candidate pool's columns (`candidate-pool.ts` fills them) and the scan that scores a client
// against them. This module reads nothing but its arguments and the engine's scoring functions:
// a worker thread (`pool-scan-worker.ts`) runs the same scan over half of a large pool, on the
// same shared memory.

/** Wished cities and interest cells a member's columns hold; a member with more is `exotic`. */
export const CITY_WISHES = 6;
export const INTEREST_CELLS = 24;

// A member's row: what scoring reads of it beyond the filter columns, in 128 bytes (two cache
// lines) read through three views of one buffer. Offsets are in each view's units from the row's
// start (slot * 32, * 64 or * 128). Codes: 0 not filled in; -1 in the byte fields likewise.
export const ROW_BYTES = 128;
const K = LIST_KEYS.length;
/** Int32 cells: per list key, bits of the codes the wish accepts, its deal-breaker accepts (0: none), and those one step away. */
export const ACCEPTS = 0;
export const NEEDS = ACCEPTS + K;
export const NEAR = NEEDS + K;
export const CITY = NEAR + K;
export const COUNTRY = CITY + 1;
export const FAITH = COUNTRY + 1;
export const FAMILY_PLAN = FAITH + 1;
export const FOOD = FAMILY_PLAN + 1;
export const LOVE_LANGUAGE = FOOD + 1;
/** Byte cells (after the Int32 ones): list values' codes, the wishes' weights (`WEIGHTED` order), then single fields. */
export const VALUES = 4 * (LOVE_LANGUAGE + 1);
export const WEIGHTS = VALUES + K;
export const W_AGE = WEIGHTS;
export const W_HEIGHT = WEIGHTS + 1;
export const W_LIST = WEIGHTS + 2;
export const W_CITIES = WEIGHTS + 2 + K;
export const CITIES_COUNT = W_CITIES + 1;
export const CITIES_BREAK = CITIES_COUNT + 1;
export const RELOCATION = CITIES_BREAK + 1;
export const LONG_DISTANCE = RELOCATION + 1;
export const CHILDREN = LONG_DISTANCE + 1;
export const EMPATHY = CHILDREN + 1;
export const NARCISSISM = EMPATHY + 1;
export const BORDERLINE = NARCISSISM + 1;
if (BORDERLINE >= ROW_BYTES) throw new Error("candidate pool: the row outgrew its bytes");

/**
 * Numbers of the shared views, by slot; -1 (or 0 for codes and genders) is "not filled in" or
 * "no wish". Codes come from dictionaries kept for the process (`codeOf`, `dictCode`). The hard
 * filters a ranking checks for every member are columns (read in order); the rest is a row.
 */
export type Columns = {
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

export function columns(capacity: number): Columns {
  // Shared memory: a worker thread scans half of a large pool (`scoreShared`).
  const shared = (bytes: number) => new SharedArrayBuffer(bytes);
  const rows = shared(capacity * ROW_BYTES);
  return {
    published: new Uint8Array(shared(capacity)),
    exotic: new Uint8Array(shared(capacity)),
    inviter: new Int32Array(shared(capacity * 4)),
    gender: new Uint8Array(shared(capacity)),
    wanted: new Uint8Array(shared(capacity)),
    age: new Int16Array(shared(capacity * 2)),
    height: new Int16Array(shared(capacity * 2)),
    minAge: new Int16Array(shared(capacity * 2)),
    maxAge: new Int16Array(shared(capacity * 2)),
    minHeight: new Int16Array(shared(capacity * 2)),
    maxHeight: new Int16Array(shared(capacity * 2)),
    breaks: new Uint8Array(shared(capacity)),
    row8: new Int8Array(rows),
    row32: new Int32Array(rows),
    cities: new Int32Array(shared(capacity * CITY_WISHES * 4)),
    interests: new Int32Array(shared(capacity * INTEREST_CELLS * 4)),
  };
}

/** The part of a wish (age, height) on a number: 50 unknown, 100 in range, -1 out (excluded). */
const rangeScore = (v: number, min: number, max: number) =>
  v < 0 ? 50 : v < min || (max >= 0 && v > max) ? -1 : 100;

/** A client's side of a scan (`scanPlan` in `candidate-pool.ts`): plain data a worker can be sent. */
export type ScanPlan = {
  myWanted: number;
  myGender: number;
  ageWish: boolean;
  minAge: number;
  maxAge: number;
  heightWish: boolean;
  minHeight: number;
  maxHeight: number;
  myAge: number;
  myHeight: number;
  wAge: number;
  wHeight: number;
  /** My list wishes on their values, by their code: the score, or -1 when it excludes. */
  myLists: { key: number; table: Int16Array; weight: number }[];
  /** Their list wishes on my values: my value's bit (0 when I have none, -1 uncoded). */
  theirLists: { key: number; bit: number }[];
  myBreaks: { key: number; table: Int16Array; weight: number }[];
  theirBreaks: { key: number; bit: number }[];
  theirBreakKeys: number;
  myCities: Int32Array;
  citiesBreak: boolean;
  wCities: number;
  myCity: number;
  myCountry: number;
  myPsych: number;
  faith: Int16Array;
  familyPlan: Int16Array;
  food: Int16Array;
  love: Int16Array;
  myChildren: number;
  habits: { key: number; table: Int16Array }[];
  myCategory: Int8Array;
  myWords: Map<number, number>;
  mySizes: number[];
  hasInterests: boolean;
  myRelocation: boolean;
  myLongDistance: boolean;
  /** Members not to score: a matchmaker's (`inviterCode`) and one slot (the client's own). */
  skipInviter: number;
  skipSlot: number;
};

/** A pair's three numbers (each 0-100) as one. */
export const packScore = (percentage: number, clientFit: number, candidateFit: number) =>
  (percentage << 16) | (clientFit << 8) | candidateFit;

/**
 * Scans slots `from` to `to` (not included) of the columns for the client of `plan`: calls
 * `visit` with each published member the engine does not exclude and the pair's score, and
 * `visitExotic` with each member only the engine can score (`exotic`) that passes the first
 * filters. Reads nothing but its arguments, so a worker thread runs it as well.
 */
export function scanSlots(
  c: Columns,
  plan: ScanPlan,
  from: number,
  to: number,
  visit: (slot: number, percentage: number, clientFit: number, candidateFit: number) => void,
  visitExotic: (slot: number) => void,
) {
  const { published, exotic, gender, wanted, age, height, breaks, row8, row32, cities, interests, inviter } =
    c;
  const { minAge: minAges, maxAge: maxAges, minHeight: minHeights, maxHeight: maxHeights } = c;
  const { myWanted, myGender, ageWish, minAge, maxAge, heightWish, minHeight, maxHeight, myAge, myHeight } =
    plan;
  const { wAge, wHeight, myLists, theirLists, myBreaks, theirBreaks, theirBreakKeys, myCities } = plan;
  const { citiesBreak, wCities, myCity, myCountry, myPsych, faith, familyPlan, food, love } = plan;
  const { myChildren, habits, myCategory, myWords, mySizes, hasInterests, myRelocation } = plan;
  const { myLongDistance, skipInviter, skipSlot } = plan;
  next: for (let slot = from; slot < to; slot++) {
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
      visitExotic(slot);
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
