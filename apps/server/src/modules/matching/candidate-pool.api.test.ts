import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ProfilePatchBody } from "@matchdesk/contract";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/app.js";
import { randomMatchInput, seededRandom } from "../../../test/match-profiles.js";
import { type Database, openDatabase } from "../../db/client.js";
import { clientPreferences, clientProfiles, users } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";
import { writeClientProfile } from "../profiles/service.js";
import { createUser, getUser } from "../users/service.js";
import {
  candidatePoolReady,
  candidatePoolSaved,
  closeCandidatePool,
  isCandidatePoolLoaded,
  keepCandidatePoolSnapshot,
  OWN_VIEWS,
  PARALLEL_SCAN,
  refreshCandidatePool,
  SNAPSHOT_SAVE,
  withCandidatePool,
} from "./candidate-pool.js";
import { prefilterCandidates } from "./candidates-query.js";
import { EMPTY_MATCH_INPUT, type MatchInput, prepareProfile, scorePair } from "./compatibility-engine.js";
import { readPoolSnapshot, writePoolSnapshot } from "./pool-snapshot.js";
import { rankCandidates } from "./ranking.js";

// Ranking reads the candidate pool from memory. It must answer exactly what the SQL pre-filter and
// the engine answer from the database at that moment, after any change, by any writer, so the
// pool can never serve a stale candidate.

let database: Database;
let url: string | undefined;
let drop: () => Promise<void>;
let own: string;
let other: string;
let n = 0;
const today = new Date();
const year = today.getUTCFullYear();

async function addClient(
  matchmakerId: string,
  input: MatchInput,
  o: { published?: boolean; display?: Record<string, boolean> } = {},
) {
  const user = await createUser(database.db, {
    email: `pool-${n++}@example.test`,
    firstName: "Pool",
    lastName: "Member",
    role: "INVITEE",
    inviterId: matchmakerId,
    termsAccepted: true,
  });
  const f = input.fields;
  await writeClientProfile(database.db, user, {
    ...f,
    phone: "+7 900 000 00 00",
    ethnicity: "WHITE",
    incomeLevel: f.incomeLevel ?? "FROM_100K_TO_500K",
    profession: "Engineer",
    aboutMe: "Calm and kind.",
    marriageStatus: f.marriageStatus ?? "NEVER_MARRIED",
    relationshipStatus: "SINGLE",
    faith: f.faith ?? "OTHER",
    height: f.height ?? 170,
    preferences: input.preferences,
  } satisfies ProfilePatchBody);
  await database.db
    .update(users)
    .set({ participatesInSearch: o.published ?? false })
    .where(eq(users.id, user.id));
  if (o.display)
    await database.db
      .update(clientProfiles)
      .set({ displaySettings: o.display })
      .where(eq(clientProfiles.userId, user.id));
  return {
    id: user.id,
    input: { fields: { ...f, height: f.height ?? 170 }, preferences: input.preferences },
  };
}

/** What ranking must answer: the SQL pre-filter's candidates, scored by the engine, best first. */
async function expected(args: { clientId: string; client: MatchInput; matchmakerId: string; today: Date }) {
  const me = prepareProfile(args.client, args.today);
  return (await prefilterCandidates(database.db, args))
    .map((r) => ({ r, s: scorePair(me, prepareProfile(r.input, args.today)) }))
    .filter((x) => !x.s.excluded)
    .sort((a, b) => b.s.percentage - a.s.percentage || (a.r.id < b.r.id ? -1 : 1))
    .map(({ r, s }) => ({
      id: r.id,
      inviterId: r.inviterId,
      isOwnClient: r.isOwnClient,
      percentage: s.percentage,
      clientFit: s.clientFit,
      candidateFit: s.candidateFit,
    }));
}

const openPreferences = {
  ...EMPTY_MATCH_INPUT.preferences,
  preferredGender: "MALE" as const,
  minAge: 30,
  maxAge: 40,
  minHeight: 175,
};

beforeAll(async () => {
  ({ database, url, drop } = await openTestDatabase());
  own = (await seedMatchmaker(database.db)).id;
  other = (await seedMatchmaker(database.db)).id;
  const rnd = seededRandom(77);
  for (let i = 0; i < 60; i++) {
    // Varied profiles, some hiding fields the filters read, a few unpublished.
    const display: Record<string, boolean> =
      i % 5 === 1
        ? { age: false, height: false, gender: i % 10 === 1, marriageStatus: false }
        : { incomeLevel: true, smoking: true, alcohol: true, educationLevel: i % 2 === 0 };
    await addClient(i % 3 === 0 ? own : other, randomMatchInput(rnd), { published: i % 6 !== 0, display });
  }
}, 120_000);
afterAll(() => drop());

describe("candidate pool", () => {
  it("ranks from the database while the pool loads, the same as from the pool once loaded", async () => {
    const args = {
      clientId: "client-first",
      client: randomMatchInput(seededRandom(3)),
      matchmakerId: own,
      today,
    };
    const want = await expected(args);
    expect(want.length).toBeGreaterThan(0);
    expect(isCandidatePoolLoaded(database.db)).toBe(false);
    // The first ranking after a start: answered from the database, and the pool starts loading.
    expect((await rankCandidates(database.db, { ...args, learning: false })).slice()).toEqual(want);
    await withCandidatePool(database.db, own, today, () => undefined);
    expect(isCandidatePoolLoaded(database.db)).toBe(true);
    expect((await rankCandidates(database.db, { ...args, learning: false })).slice()).toEqual(want);
  });

  it("ranks exactly as the SQL pre-filter and the engine do, for any client and any matchmaker", async () => {
    const rnd = seededRandom(5);
    let kept = 0;
    for (let i = 0; i < 12; i++) {
      const client = randomMatchInput(rnd);
      // Own clients' views are full, others' masked; a matchmaker nobody belongs to sees the shared search.
      const matchmakerId = i % 3 === 0 ? own : i % 3 === 1 ? other : "nobody";
      const args = { clientId: `client-${i}`, client, matchmakerId, today };
      // Every other one with the pool's scan split with the worker thread, as a large pool's is.
      const saved = PARALLEL_SCAN.minSlots;
      if (i % 2 === 0) PARALLEL_SCAN.minSlots = 0;
      let ranked: Awaited<ReturnType<typeof expected>>;
      try {
        ranked = (await rankCandidates(database.db, args)).slice();
      } finally {
        PARALLEL_SCAN.minSlots = saved;
      }
      expect(ranked).toEqual(await expected(args));
      kept += ranked.length;
    }
    expect(kept).toBeGreaterThan(20);
  });

  it("keeps the own views of the matchmakers ranked for last, up to a limit, and ranks the same", async () => {
    const limit = OWN_VIEWS.limit;
    OWN_VIEWS.limit = 30; // Own has 20 members (and some added by other tests), other 40.
    try {
      const rnd = seededRandom(8);
      const rank = async (matchmakerId: string) => {
        const args = { clientId: "client-views", client: randomMatchInput(rnd), matchmakerId, today };
        expect((await rankCandidates(database.db, { ...args, learning: false })).slice()).toEqual(
          await expected(args),
        );
      };
      // Read in the turn of the matchmaker ranked for last, which changes nothing.
      const held = (last: string) =>
        withCandidatePool(database.db, last, today, (pool) => {
          const count = (m: string) =>
            [...(pool.byInviter.get(m) ?? [])].filter((id) => pool.members.get(id)!.own).length;
          return { own: count(own), other: count(other) };
        });
      await rank(own);
      expect((await held(own)).own).toBeGreaterThan(15);
      // Other's 40 views pass the limit: own's, ranked for longer ago, are dropped...
      await rank(other);
      expect(await held(other)).toEqual({ own: 0, other: 40 });
      // ...and loaded again at own's next ranking, which drops other's.
      await rank(own);
      const now = await held(own);
      expect(now.other).toBe(0);
      expect(now.own).toBeGreaterThan(15);
    } finally {
      OWN_VIEWS.limit = limit;
    }
  });

  it("picks up every change to a candidate, whoever writes it, before the next ranking", async () => {
    const mine = await addClient(own, {
      fields: {
        ...randomMatchInput(seededRandom(1)).fields,
        gender: "FEMALE",
        dateOfBirth: "1990-05-05",
        height: 165,
      },
      preferences: openPreferences,
    });
    const man = (age: number, height: number) => ({
      fields: {
        ...randomMatchInput(seededRandom(age * height)).fields,
        gender: "MALE" as const,
        dateOfBirth: `${year - age}-01-01`,
        height,
      },
      preferences: {
        ...openPreferences,
        preferredGender: "FEMALE" as const,
        minAge: null,
        maxAge: null,
        minHeight: null,
      },
    });
    const args = { clientId: mine.id, client: mine.input, matchmakerId: own, today };
    const ids = async () => {
      const ranked = (await rankCandidates(database.db, args)).slice();
      expect(ranked).toEqual(await expected(args));
      return new Set(ranked.map((r) => r.id));
    };
    const him = await addClient(other, man(35, 180), { published: true });
    expect((await ids()).has(him.id)).toBe(true);

    // Too short now (a plain update of the profile row, not through the service).
    await database.db.update(clientProfiles).set({ height: 170 }).where(eq(clientProfiles.userId, him.id));
    expect((await ids()).has(him.id)).toBe(false);
    // A hidden height cannot be filtered on: back.
    await database.db
      .update(clientProfiles)
      .set({ displaySettings: { height: false } })
      .where(eq(clientProfiles.userId, him.id));
    expect((await ids()).has(him.id)).toBe(true);
    // He no longer wants women (raw SQL on the preferences).
    await database.db.execute(
      sql`update client_preferences set preferred_gender = 'MALE' where user_id = ${him.id}`,
    );
    expect((await ids()).has(him.id)).toBe(false);
    await database.db
      .update(clientPreferences)
      .set({ preferredGender: "FEMALE" })
      .where(eq(clientPreferences.userId, him.id));
    expect((await ids()).has(him.id)).toBe(true);
    // Unpublished, then switched off, then published again and active.
    await database.db.update(users).set({ participatesInSearch: false }).where(eq(users.id, him.id));
    expect((await ids()).has(him.id)).toBe(false);
    await database.db
      .update(users)
      .set({ participatesInSearch: true, status: "inactive" })
      .where(eq(users.id, him.id));
    expect((await ids()).has(him.id)).toBe(false);
    await database.db.update(users).set({ status: "active" }).where(eq(users.id, him.id));
    expect((await ids()).has(him.id)).toBe(true);
    // Through the service, as the profile page writes: too old for her now.
    await writeClientProfile(database.db, await getUser(database.db, him.id), {
      dateOfBirth: `${year - 45}-01-01`,
    });
    await database.db
      .update(clientProfiles)
      .set({ displaySettings: {} })
      .where(eq(clientProfiles.userId, him.id));
    expect((await ids()).has(him.id)).toBe(false);

    // Another instance on the same database (PostgreSQL) writes: heard through the change log too.
    const newcomer = await addClient(other, man(33, 185), { published: true });
    expect((await ids()).has(newcomer.id)).toBe(true);
    if (url) {
      const second = await openDatabase({ kind: "postgres", url, poolSize: 1 });
      try {
        await second.db
          .update(clientProfiles)
          .set({ height: 160 })
          .where(eq(clientProfiles.userId, newcomer.id));
      } finally {
        await second.close();
      }
      expect((await ids()).has(newcomer.id)).toBe(false);
      // A write in progress while the pool takes its snapshot is picked up once it commits.
      const writer = new pg.Client({ connectionString: url });
      await writer.connect();
      try {
        await writer.query("begin");
        await writer.query("update client_profiles set height = 186 where user_id = $1", [newcomer.id]);
        // A later transaction completes first, so the snapshot lists the writer as in progress.
        await database.db
          .update(clientProfiles)
          .set({ height: 171 })
          .where(eq(clientProfiles.userId, him.id));
        expect((await ids()).has(newcomer.id)).toBe(false);
        await writer.query("commit");
      } finally {
        await writer.end();
      }
      expect((await ids()).has(newcomer.id)).toBe(true);
    }
    // A deleted account leaves the pool.
    await database.db.delete(users).where(eq(users.id, newcomer.id));
    expect((await ids()).has(newcomer.id)).toBe(false);
    // An own client is seen in full, whatever its display settings say, and changes are picked up too.
    const ownMan = await addClient(own, man(36, 190), { display: { height: false, age: false } });
    expect((await ids()).has(ownMan.id)).toBe(true);
    await database.db.update(clientProfiles).set({ height: 150 }).where(eq(clientProfiles.userId, ownMan.id));
    expect((await ids()).has(ownMan.id)).toBe(false);
  });

  it("moves ages on with the day", async () => {
    const mine = await addClient(own, {
      fields: {
        ...randomMatchInput(seededRandom(2)).fields,
        gender: "MALE",
        dateOfBirth: "1985-03-03",
        height: 185,
      },
      preferences: { ...openPreferences, preferredGender: "FEMALE", minAge: 30, maxAge: 40, minHeight: null },
    });
    const her = await addClient(
      other,
      {
        fields: {
          ...randomMatchInput(seededRandom(3)).fields,
          gender: "FEMALE",
          dateOfBirth: `${year - 40}-01-01`,
          height: 165,
        },
        preferences: {
          ...openPreferences,
          preferredGender: "MALE",
          minAge: null,
          maxAge: null,
          minHeight: null,
        },
      },
      { published: true },
    );
    const on = async (day: Date) => {
      const args = { clientId: mine.id, client: mine.input, matchmakerId: own, today: day };
      const ranked = (await rankCandidates(database.db, args)).slice();
      expect(ranked).toEqual(await expected(args));
      return ranked.some((r) => r.id === her.id);
    };
    expect(await on(new Date(Date.UTC(year, 6, 1)))).toBe(true); // 40
    expect(await on(new Date(Date.UTC(year + 1, 6, 1)))).toBe(false); // 41
    expect(await on(new Date(Date.UTC(year, 6, 1)))).toBe(true);
  });
});

describe("the pool's snapshot on disk", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "md-pool-"));
  const file = path.join(dir, "candidate-pool.bin");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A new instance on the same database (a pool of its own), keeping its snapshot in `file`. */
  const started = () => {
    const db = Object.create(database.db) as Database["db"];
    keepCandidatePoolSnapshot(db, file);
    return db;
  };
  const rankedAs = async (db: Database["db"], args: Parameters<typeof expected>[0]) => {
    const ranked = (await rankCandidates(db, args)).slice();
    expect(ranked).toEqual(await expected(args));
    return ranked;
  };
  const clients = (seed: number) => {
    const rnd = seededRandom(seed);
    return [own, other, "nobody", own].map((matchmakerId, i) => ({
      clientId: `client-snapshot-${i}`,
      client: randomMatchInput(rnd),
      matchmakerId,
      today,
    }));
  };
  const wide = (gender: "MALE" | "FEMALE", seed: number) => ({
    fields: { ...randomMatchInput(seededRandom(seed)).fields, gender, dateOfBirth: `${year - 35}-01-01` },
    preferences: { ...EMPTY_MATCH_INPUT.preferences, preferredGender: "EVERYONE" as const },
  });

  it("is written after a load and read back by the next start's first ranking, brought up to date", async () => {
    // One the columns cannot hold (more wished cities than they keep): its profile is read again.
    const exotic = await addClient(
      other,
      {
        ...wide("MALE", 11),
        preferences: {
          ...wide("MALE", 11).preferences,
          preferredCities: ["Kazan", "Omsk", "Tomsk", "Perm", "Ufa", "Sochi", "Tver"],
        },
      },
      { published: true },
    );
    const edited = await addClient(other, wide("FEMALE", 12), { published: true });
    const leaving = await addClient(other, wide("MALE", 13), { published: true });
    const first = started();
    await withCandidatePool(first, own, today, () => undefined);
    await candidatePoolSaved(first);
    expect(existsSync(file)).toBe(true);

    // Meanwhile, after the snapshot: an edit, one leaves the shared search, one joins.
    await database.db.update(clientProfiles).set({ height: 199 }).where(eq(clientProfiles.userId, edited.id));
    await database.db.update(users).set({ participatesInSearch: false }).where(eq(users.id, leaving.id));
    const joined = await addClient(other, wide("FEMALE", 14), { published: true });

    const next = started();
    expect(await candidatePoolReady(next, today)).toBe(true);
    const seen = new Set<string>();
    // Besides random ones, a client open to anyone, who sees the members above.
    const open = { clientId: "client-snapshot-open", client: wide("FEMALE", 15), matchmakerId: own, today };
    for (const args of [open, ...clients(21)]) for (const r of await rankedAs(next, args)) seen.add(r.id);
    expect(seen.has(exotic.id)).toBe(true);
    expect(seen.has(joined.id)).toBe(true);
    expect(seen.has(leaving.id)).toBe(false);
    const heights = await withCandidatePool(
      next,
      own,
      today,
      (pool) => pool.columns.height[pool.members.get(edited.id)!.slot],
    );
    expect(heights).toBe(199);
  });

  it("is written again within SNAPSHOT_SAVE.removalMs once a member left, without anything of theirs", async () => {
    const city = `gone-${n}`; // a wished city no one else has (wishes are never hidden), as the engine folds it
    const gone = await addClient(
      other,
      { ...wide("MALE", 16), preferences: { ...wide("MALE", 16).preferences, preferredCities: [city] } },
      { published: true },
    );
    rmSync(file); // a new instance: it loads from the database and writes the file
    const first = started();
    await withCandidatePool(first, own, today, () => undefined);
    await candidatePoolSaved(first);
    const ids = async () => (await readPoolSnapshot(file))!.parts.get("ids")!.toString("utf8").split("\n");
    const slot = (await ids()).indexOf(gone.id);
    expect(slot).toBeGreaterThanOrEqual(0);
    expect((await readPoolSnapshot(file))!.header.dictionaries.words.includes(city)).toBe(true);
    const delay = SNAPSHOT_SAVE.removalMs;
    SNAPSHOT_SAVE.removalMs = 0;
    try {
      await database.db.update(users).set({ status: "inactive" }).where(eq(users.id, gone.id));
      await refreshCandidatePool(first); // as at an erasure's notice: the refresh drops them
      await new Promise((resolve) => setTimeout(resolve, 50));
      await withCandidatePool(first, own, today, () => undefined); // the write's turn has run
      await candidatePoolSaved(first);
    } finally {
      SNAPSHOT_SAVE.removalMs = delay;
    }
    const saved = (await readPoolSnapshot(file))!;
    expect((await ids()).includes(gone.id)).toBe(false);
    // Their wished city was a word of the file's dictionary; now only a placeholder is.
    expect(saved.header.dictionaries.words.includes(city)).toBe(false);
    // Their slot is free and holds zeros in every column.
    for (const [name, data] of saved.parts)
      if (name !== "ids" && name !== "born") {
        const bytes = data.length / saved.header.count;
        expect(
          data.subarray(slot * bytes, (slot + 1) * bytes).every((b) => b === 0),
          name,
        ).toBe(true);
      }

    // One who leaves just before a shutdown: the write due is made before the database closes.
    const last = await addClient(other, wide("FEMALE", 17), { published: true });
    const saving = { ...SNAPSHOT_SAVE };
    Object.assign(SNAPSHOT_SAVE, { changes: 0, intervalMs: 0 }); // written at the next refresh
    try {
      await withCandidatePool(first, own, today, () => undefined);
    } finally {
      Object.assign(SNAPSHOT_SAVE, saving);
    }
    await candidatePoolSaved(first);
    expect((await ids()).includes(last.id)).toBe(true);
    await database.db.update(users).set({ status: "inactive" }).where(eq(users.id, last.id));
    expect((await ids()).includes(last.id)).toBe(true);
    await closeCandidatePool(first); // it catches up, then writes
    expect((await ids()).includes(last.id)).toBe(false);
  });

  it("is not read when it is not this database's, this code's, or whole", async () => {
    const first = started();
    await withCandidatePool(first, own, today, () => undefined);
    await candidatePoolSaved(first);
    const good = (await readPoolSnapshot(file))!;
    expect(good).not.toBeNull();
    const { parts: _, ...header } = good.header;
    const parts = [...good.parts].map(([name, data]) => ({ name, data }));
    const spoiled: [string, () => Promise<void>][] = [
      [
        "another database",
        () =>
          writePoolSnapshot(
            file,
            { ...header, identity: { ...header.identity, database: "1:other" } },
            parts,
          ),
      ],
      ["another format", () => writePoolSnapshot(file, { ...header, format: `${header.format}x` }, parts)],
      [
        "codes this process gave other values",
        () =>
          writePoolSnapshot(
            file,
            {
              ...header,
              dictionaries: { ...header.dictionaries, words: [...header.dictionaries.words].reverse() },
            },
            parts,
          ),
      ],
      [
        "newer than the database",
        () => writePoolSnapshot(file, { ...header, snapshot: "999999999:999999999:" }, parts),
      ],
      ["cut in its header", async () => writeFileSync(file, readFileSync(file).subarray(0, 1000))],
      ["cut short by a byte", async () => writeFileSync(file, readFileSync(file).subarray(0, -1))],
      [
        "a byte of the header changed",
        async () => {
          const data = readFileSync(file);
          data[40]! ^= 1;
          writeFileSync(file, data);
        },
      ],
      [
        "a word it adds that this process has at another code",
        () =>
          writePoolSnapshot(
            file,
            {
              ...header,
              dictionaries: {
                ...header.dictionaries,
                words: [
                  ...header.dictionaries.words,
                  header.dictionaries.words.find((w) => !w.startsWith("\u0000"))!,
                ],
              },
            },
            parts,
          ),
      ],
      [
        "a byte changed",
        async () => {
          const data = readFileSync(file);
          data[data.length - 100]! ^= 1;
          writeFileSync(file, data);
        },
      ],
    ];
    // The good one, as written, is read (in this process too: its codes agree).
    await writePoolSnapshot(file, header, parts);
    expect(await candidatePoolReady(started(), today)).toBe(true);
    for (const [what, spoil] of spoiled) {
      await writePoolSnapshot(file, header, parts);
      await spoil();
      const next = started();
      expect(await candidatePoolReady(next, today), what).toBe(false);
      expect(isCandidatePoolLoaded(next), what).toBe(false);
      // The ranking reads the database, the pool loads from it and writes a good snapshot again.
      for (const args of clients(22).slice(0, 2)) await rankedAs(next, args);
      await withCandidatePool(next, own, today, () => undefined);
      await candidatePoolSaved(next);
      const again = (await readPoolSnapshot(file))?.header;
      expect(again?.format, what).toBe(header.format);
      expect(again?.identity, what).toEqual(header.identity);
      expect(again?.dictionaries, what).toEqual(header.dictionaries);
      expect(again?.snapshot, what).not.toBe("999999999:999999999:");
    }
  });

  it("removes what a write that never finished left behind, once an hour old", async () => {
    const old = `${file}.aaaa.tmp`;
    const young = `${file}.bbbb.tmp`;
    writeFileSync(old, "ids and dates of birth");
    writeFileSync(young, "another instance's write under way");
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(old, hoursAgo, hoursAgo);
    started();
    for (let i = 0; i < 100 && existsSync(old); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(old)).toBe(false);
    expect(existsSync(young)).toBe(true);
    rmSync(young);
  });
});
