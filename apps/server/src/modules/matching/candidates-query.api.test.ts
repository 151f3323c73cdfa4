import {
  DEFAULT_DISPLAYED,
  type DisplayableField,
  type ProfilePatchBody,
  type ProfileView,
} from "@matchdesk/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/app.js";
import {
  EMPTY_FIELDS,
  EMPTY_PREFERENCES,
  randomMatchInput,
  seededRandom,
} from "../../../test/match-profiles.js";
import type { Database } from "../../db/client.js";
import { clientProfiles, users } from "../../db/schema/index.js";
import { seedMatchmaker } from "../../seed/seed.js";
import { writeClientProfile } from "../profiles/service.js";
import { createUser } from "../users/service.js";
import { prefilterCandidates } from "./candidates-query.js";
import {
  EMPTY_MATCH_INPUT,
  explainPair,
  type MatchInput,
  prepareProfile,
  scorePair,
} from "./compatibility-engine.js";
import { rankCandidates } from "./ranking.js";

// The pre-filter against a real database: it must keep exactly the pairs the engine keeps (never
// fewer, so no good candidate is lost; never more than the cheap filters allow), over the pool a
// matchmaker may see, reading another agency's clients only through their display settings.

let database: Database;
let drop: () => Promise<void>;
let own: string;
let other: string;
const today = new Date();
type Stored = { view: ProfileView; published: boolean; active: boolean; display: Record<string, boolean> };
const stored = new Map<string, Stored>();
let n = 0;

const pick = <T extends object>(shape: T, from: object): T =>
  Object.fromEntries(Object.keys(shape).map((k) => [k, (from as Record<string, unknown>)[k]])) as T;
/** The engine's part of a stored profile. */
const toMatchInput = (v: ProfileView): MatchInput => ({
  fields: pick(EMPTY_FIELDS, v.fields),
  preferences: pick(EMPTY_PREFERENCES, v.preferences),
});

async function addClient(
  matchmakerId: string,
  patch: ProfilePatchBody,
  o: { published?: boolean; active?: boolean; display?: Record<string, boolean> } = {},
) {
  const user = await createUser(database.db, {
    email: `pf-${n++}@example.test`,
    firstName: "Pre",
    lastName: "Filter",
    role: "INVITEE",
    inviterId: matchmakerId,
    termsAccepted: true,
  });
  const view = await writeClientProfile(database.db, user, patch);
  const display = o.display ?? {};
  await database.db
    .update(users)
    .set({ participatesInSearch: o.published ?? false, status: o.active === false ? "inactive" : "active" })
    .where(eq(users.id, user.id));
  await database.db
    .update(clientProfiles)
    .set({ displaySettings: display })
    .where(eq(clientProfiles.userId, user.id));
  stored.set(user.id, { view, published: o.published ?? false, active: o.active !== false, display });
  return view;
}

/** A complete anketa from a generated profile: the required fields it lacks are filled in. */
function completePatch(input: MatchInput): ProfilePatchBody {
  const f = input.fields;
  return {
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
  };
}

const FIELD_OF: Record<string, DisplayableField> = { dateOfBirth: "age" };

/** What the matchmaker of `matchmakerId` may use of a stored client: all of their own, the displayed rest of others'. */
function visibleInput(id: string, matchmakerId: string): MatchInput {
  const s = stored.get(id)!;
  const input = toMatchInput(s.view);
  if (s.view.inviterId === matchmakerId) return input;
  const fields = { ...input.fields, psychology: { narcissism: null, borderline: null, empathy: null } };
  for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
    if (key === "psychology") continue;
    const field = FIELD_OF[key] ?? (key as DisplayableField);
    const shown = s.display[field] ?? DEFAULT_DISPLAYED.includes(field);
    if (!shown) (fields as Record<string, unknown>)[key] = key === "interests" ? {} : null;
  }
  return { fields, preferences: input.preferences };
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  own = (await seedMatchmaker(database.db)).id;
  other = (await seedMatchmaker(database.db)).id;
  const rnd = seededRandom(2026);
  for (let i = 0; i < 90; i++) {
    const input = randomMatchInput(rnd);
    const mm = i % 3 === 0 ? own : other;
    // Some of another agency's clients hide fields the filters use; a few are unpublished or inactive.
    const display: Record<string, boolean> =
      i % 4 === 1
        ? { age: false, height: false, educationLevel: false, gender: i % 8 === 1 }
        : { incomeLevel: true, smoking: true, alcohol: true, marriageStatus: i % 2 === 0, faith: true };
    await addClient(mm, completePatch(input), { published: i % 7 !== 0, active: i % 11 !== 0, display });
  }
  // An incomplete profile of the own base never counts.
  await addClient(own, { gender: "MALE", dateOfBirth: "1990-01-01" });
}, 120_000);
afterAll(() => drop());

describe("candidate pre-filter", () => {
  it("keeps exactly the pairs the engine keeps, over the pool the matchmaker may see", async () => {
    const ownClients = [...stored.values()].filter(
      (s) => s.view.inviterId === own && s.view.status !== "incomplete",
    );
    let kept = 0;
    let dropped = 0;
    let cityOnly = 0;
    for (const c of ownClients.slice(0, 12)) {
      const client = toMatchInput(c.view);
      const rows = await prefilterCandidates(database.db, {
        clientId: c.view.userId,
        client,
        matchmakerId: own,
        today,
      });
      const me = prepareProfile(client, today);
      // Preferred cities are free text the engine folds itself; every other deal-breaker is in SQL.
      const blockers = (id: string) =>
        explainPair(me, prepareProfile(visibleInput(id, own), today), "en-US").dealBreakers.filter(
          (d) => d.key !== "cities",
        );
      const expected = [...stored.entries()]
        .filter(([id, s]) => {
          if (id === c.view.userId || !s.active || s.view.status === "incomplete") return false;
          if (s.view.inviterId !== own && !s.published) return false;
          return blockers(id).length === 0;
        })
        .map(([id]) => id)
        .sort();
      expect(rows.map((r) => r.id)).toEqual(expected);
      cityOnly += rows.filter((r) => scorePair(me, prepareProfile(r.input, today)).excluded).length;
      // What the engine is handed is only what the matchmaker may see.
      for (const r of rows) {
        expect(r.input).toEqual(visibleInput(r.id, own));
        expect(r.isOwnClient).toBe(r.inviterId === own);
      }
      kept += rows.length;
      const pool = [...stored.entries()].filter(
        ([id, s]) =>
          id !== c.view.userId &&
          s.active &&
          s.view.status !== "incomplete" &&
          (s.view.inviterId === own || s.published),
      ).length;
      dropped += pool - rows.length;
    }
    // Both outcomes occur, so the comparison above is not vacuous.
    expect(kept).toBeGreaterThan(10);
    expect(dropped).toBeGreaterThan(50);
    expect(cityOnly).toBeGreaterThan(0);
  });

  it("filters by age, gender and height in both directions, and never shows an unpublished, inactive or incomplete client", async () => {
    const mine = await addClient(own, {
      ...completePatch({
        fields: {
          ...randomMatchInput(seededRandom(1)).fields,
          gender: "FEMALE",
          dateOfBirth: "1990-05-05",
          height: 165,
        },
        preferences: { ...randomMatchInput(seededRandom(1)).preferences },
      }),
      preferences: {
        ...EMPTY_MATCH_INPUT.preferences,
        preferredGender: "MALE",
        minAge: 30,
        maxAge: 40,
        minHeight: 175,
      },
    });
    const year = today.getUTCFullYear();
    const man = (age: number, height: number, prefs: ProfilePatchBody["preferences"] = {}) =>
      completePatch({
        fields: {
          ...randomMatchInput(seededRandom(age * height)).fields,
          gender: "MALE",
          dateOfBirth: `${year - age}-01-01`, // `age` on any day of this year
          height,
        },
        preferences: { ...EMPTY_MATCH_INPUT.preferences, preferredGender: "FEMALE", ...prefs },
      });
    const fits = await addClient(other, man(35, 180), { published: true });
    const tooOld = await addClient(other, man(45, 180), { published: true });
    const tooShort = await addClient(other, man(35, 170), { published: true });
    const wantsYounger = await addClient(other, man(35, 180, { maxAge: 30 }), { published: true });
    const wantsMen = await addClient(other, man(35, 180, { preferredGender: "MALE" }), { published: true });
    const hidesAge = await addClient(other, man(45, 180), { published: true, display: { age: false } });
    const unpublished = await addClient(other, man(35, 180), { published: false });
    const inactive = await addClient(own, man(35, 180), { active: false });
    const ownFits = await addClient(own, man(33, 190));

    const rows = await prefilterCandidates(database.db, {
      clientId: mine.userId,
      client: toMatchInput(mine),
      matchmakerId: own,
      today,
    });
    const ids = new Set(rows.map((r) => r.id));
    expect(ids.has(fits.userId)).toBe(true);
    expect(ids.has(ownFits.userId)).toBe(true);
    // A hidden age cannot be filtered on (it would be probed): kept, and handed on as unknown.
    expect(ids.has(hidesAge.userId)).toBe(true);
    expect(rows.find((r) => r.id === hidesAge.userId)?.input.fields.dateOfBirth).toBeNull();
    for (const out of [tooOld, tooShort, wantsYounger, wantsMen, unpublished, inactive, mine])
      expect(ids.has(out.userId)).toBe(false);
  });

  it("ranks what passes, best first, without the pairs only the engine excludes", async () => {
    const c = [...stored.values()].find((s) => s.view.inviterId === own && s.view.status !== "incomplete")!;
    const args = { clientId: c.view.userId, client: toMatchInput(c.view), matchmakerId: own, today };
    const rows = await prefilterCandidates(database.db, args);
    const ranked = (await rankCandidates(database.db, args)).slice();
    const me = prepareProfile(args.client, today);
    const expected = rows
      .map((r) => ({ id: r.id, s: scorePair(me, prepareProfile(r.input, today)) }))
      .filter((x) => !x.s.excluded)
      .sort((a, b) => b.s.percentage - a.s.percentage || (a.id < b.id ? -1 : 1));
    expect(ranked.map((r) => [r.id, r.percentage])).toEqual(expected.map((x) => [x.id, x.s.percentage]));
    expect(ranked.length).toBeGreaterThan(1);
    for (let i = 1; i < ranked.length; i++)
      expect(ranked[i - 1]!.percentage).toBeGreaterThanOrEqual(ranked[i]!.percentage);
  });

  it("has a partial index the age and height range conditions can use", async () => {
    // The test table is small enough for a sequential scan; forbid it to see which index applies.
    const text = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute(
        sql`explain select user_id from client_profiles where is_complete and date_of_birth <= '1995-01-01' and date_of_birth > '1985-01-01' and height >= 170`,
      );
      return JSON.stringify(plan);
    });
    expect(text).toMatch(/client_profiles_candidate_idx/);
  });
});
