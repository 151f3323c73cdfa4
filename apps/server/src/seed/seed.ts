import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { agencyProfiles, clientProfiles, users } from "../db/schema/index.js";
import { createUser, type UserWithEmail } from "../modules/users/service.js";
import { newId } from "../platform/ids.js";

// Typed seed helpers shared by the demo data, the API tests, the e2e tests and the benchmarks.

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${newId().slice(-4)}`;

export type SeedOptions = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  isDemo?: boolean;
};

export async function seedAdmin(db: Db, o: SeedOptions = {}): Promise<UserWithEmail> {
  return createUser(db, {
    email: o.email ?? `admin-${unique()}@example.test`,
    password: o.password ?? "password123",
    firstName: o.firstName ?? "Ada",
    lastName: o.lastName ?? "Admin",
    role: "ADMIN",
    termsAccepted: true,
    isDemo: o.isDemo,
  });
}

export async function seedMatchmaker(
  db: Db,
  o: SeedOptions & {
    agencyName?: string;
    login?: string;
    city?: string;
    country?: string;
    onboarded?: boolean;
  } = {},
): Promise<UserWithEmail> {
  const onboarded = o.onboarded ?? true;
  const user = await createUser(db, {
    email: o.email ?? `matchmaker-${unique()}@example.test`,
    password: o.password ?? "password123",
    firstName: o.firstName ?? "Maria",
    lastName: o.lastName ?? "Matchmaker",
    role: "INVITER",
    termsAccepted: true,
    onboardingComplete: onboarded,
    isVerified: onboarded,
    isDemo: o.isDemo,
  });
  if (onboarded) {
    await db.insert(agencyProfiles).values({
      userId: user.id,
      agencyName: o.agencyName ?? `${user.firstName} ${user.lastName} Agency`,
      login: o.login ?? `agency-${unique()}`,
      city: o.city ?? null,
      country: o.country ?? null,
    });
    await db.update(users).set({ participatesInSearch: true }).where(eq(users.id, user.id));
  }
  return user;
}

export async function seedClient(db: Db, matchmakerId: string, o: SeedOptions = {}): Promise<UserWithEmail> {
  return createUser(db, {
    email: o.email ?? `client-${unique()}@example.test`,
    password: o.password ?? "password123",
    firstName: o.firstName ?? "Clara",
    lastName: o.lastName ?? "Client",
    role: "INVITEE",
    inviterId: matchmakerId,
    termsAccepted: true,
    isDemo: o.isDemo,
  });
}

const FIRST = ["Olga", "Anna", "Maria", "Elena", "Sofia", "Ivan", "Dmitry", "Alexei", "Pavel", "Nikolai"];
const LAST = [
  "Petrova",
  "Ivanova",
  "Smirnova",
  "Volkova",
  "Kuznetsova",
  "Orlov",
  "Sokolov",
  "Morozov",
  "Lebedev",
  "Novikov",
];
const CITIES = ["Moscow", "Saint Petersburg", "Kazan", "London", "Berlin", "Dubai", "Almaty", "Tbilisi"];

/** Client `i` of `seedManyClients` and `seedClientsInBulk`: one distribution for both. */
function bulkClient(i: number, matchmakerId: string, prefix: string) {
  return {
    email: `${prefix}-${i}-${matchmakerId.slice(-6)}@example.test`,
    firstName: FIRST[i % FIRST.length]!,
    lastName: LAST[(i * 7) % LAST.length]!,
    phone: `+7 900 ${String(1_000_000 + i).slice(-7)}`,
    gender: (i % 2 === 0 ? "FEMALE" : "MALE") as "FEMALE" | "MALE",
    inviteCode: `${prefix}${i}x${matchmakerId.slice(-8)}`.toLowerCase().replace(/[^a-z0-9]/g, ""),
    city: CITIES[i % CITIES.length]!,
    dateOfBirth: `${1970 + (i % 30)}-0${1 + (i % 9)}-15`,
    height: 150 + (i % 50),
    isComplete: i % 3 === 0,
  };
}

/**
 * Many clients at once for benchmarks: plain inserts in batches (no password hashing); every
 * third profile is complete. Answers the ids.
 */
export async function seedManyClients(
  db: Db,
  matchmakerId: string,
  n: number,
  prefix = "bulk",
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < n; start += 500) {
    const batch = Array.from({ length: Math.min(500, n - start) }, (_, j) => ({
      id: newId(),
      ...bulkClient(start + j, matchmakerId, prefix),
    }));
    await db.insert(users).values(
      batch.map((c) => ({
        id: c.id,
        email: c.email,
        firstName: c.firstName,
        lastName: c.lastName,
        phone: c.phone,
        gender: c.gender,
        role: "INVITEE" as const,
        inviteCode: c.inviteCode,
        inviterId: matchmakerId,
      })),
    );
    await db.insert(clientProfiles).values(
      batch.map((c) => ({
        userId: c.id,
        city: c.city,
        dateOfBirth: c.dateOfBirth,
        height: c.height,
        isComplete: c.isComplete,
      })),
    );
    ids.push(...batch.map((c) => c.id));
  }
  return ids;
}

/** Rows a bulk seed writes in one transaction: a few seconds of work, far from the query timeout. */
const BULK_CHUNK = 10_000;

/**
 * Runs `insert`, which adds clients (users rows of role INVITEE, and their client_profiles and
 * client_preferences rows) and answers their ids, with the triggers of those three tables off,
 * then writes what the triggers keep, set-based and with the database's own functions: each
 * client's search text (`md_client_search_text`, with the questionnaire's city) and questionnaire
 * state (`md_client_bucket`; `search_keys`, a generated column, follows), the matchmakers'
 * client_counts, and the candidate pool's change log. For the benchmarks' hundreds of thousands:
 * through the triggers a client cost some 2 ms on PostgreSQL (its row written three times with
 * ~120 GIN entries each, and a plpgsql call and an UPDATE per trigger). One transaction; ALTER
 * TABLE is transactional, so the triggers are on again afterwards, whatever happens. The activity
 * triggers (migration 0049) are not replayed: a new row's `updated_at` is the transaction's `now()`,
 * which is what they would copy. `insert` answers the ids of the clients it inserted, all of them.
 * `seed.api.test.ts` checks that the rows are those the triggers make.
 */
export async function withoutClientTriggers(
  db: Db,
  insert: (tx: Db) => Promise<string[]>,
): Promise<string[]> {
  const tables = ["users", "client_profiles", "client_preferences"];
  return db.transaction(async (tx) => {
    for (const t of tables) await tx.execute(sql.raw(`alter table ${t} disable trigger user`));
    const ids = await insert(tx);
    const clients = sql`(select u.id, u.inviter_id, p.city, p.is_complete, p.approved_at,
        p.user_id is not null as has_profile,
        exists (select from client_preferences f where f.user_id = u.id) as has_preferences
      from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) i(id)
      join users u on u.id = i.id and u.role = 'INVITEE'
      left join client_profiles p on p.user_id = u.id) c`;
    // users_search_text and client_profiles_city_insert (migration 0024), the bucket triggers (0054).
    const updated = await tx.execute(sql`
      update users u
      set search_text = md_client_search_text(u.first_name, u.last_name, u.email, u.phone, c.city),
        profile_bucket = md_client_bucket(c.is_complete, c.approved_at)
      from ${clients} where u.id = c.id returning u.id`);
    // Every id answered must be a client inserted here: anything else would stay without what the
    // triggers keep (search text, keys, counts), silently.
    const rows = Array.isArray(updated) ? updated : (updated as { rows: unknown[] }).rows;
    if (rows.length !== new Set(ids).size)
      throw new Error(`withoutClientTriggers: ${ids.length} ids answered, ${rows.length} of them clients`);
    for (const t of tables) await tx.execute(sql.raw(`alter table ${t} enable trigger user`));
    // users_client_counts_insert and client_profiles_client_counts (0012).
    await tx.execute(sql`
      insert into client_counts as n (inviter_id, total, completed, approved)
      select c.inviter_id, count(*),
        count(*) filter (where md_client_bucket(c.is_complete, c.approved_at) = 1),
        count(*) filter (where md_client_bucket(c.is_complete, c.approved_at) = 2)
      from ${clients} where c.inviter_id is not null
      group by c.inviter_id order by c.inviter_id
      on conflict (inviter_id) do update
        set total = n.total + excluded.total, completed = n.completed + excluded.completed,
          approved = n.approved + excluded.approved`);
    // The match-change triggers of client_profiles and client_preferences (0022): a new client
    // without either is no change to any candidate.
    await tx.execute(sql`
      insert into match_input_changes (user_id, changed_xid)
      select c.id, pg_current_xact_id()::text::bigint from ${clients}
      where c.has_profile or c.has_preferences order by c.id
      on conflict (user_id) do update set changed_xid = excluded.changed_xid`);
    return ids;
  });
}

/**
 * The clients `seedManyClients` makes (the same rows, in the same order), 10,000 a statement
 * through `withoutClientTriggers`, for the benchmarks' hundreds of thousands. Answers the ids.
 */
export async function seedClientsInBulk(
  db: Db,
  matchmakerId: string,
  n: number,
  prefix = "bulk",
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < n; start += BULK_CHUNK) {
    const rows = Array.from({ length: Math.min(BULK_CHUNK, n - start) }, (_, j) => {
      const c = bulkClient(start + j, matchmakerId, prefix);
      return {
        id: newId(),
        email: c.email,
        first_name: c.firstName,
        last_name: c.lastName,
        phone: c.phone,
        gender: c.gender,
        invite_code: c.inviteCode,
        city: c.city,
        date_of_birth: c.dateOfBirth,
        height: c.height,
        is_complete: c.isComplete,
      };
    });
    const source = sql`json_to_recordset(${JSON.stringify(rows)}::json) as r(id text, email text,
      first_name text, last_name text, phone text, gender gender, invite_code text, city text,
      date_of_birth date, height integer, is_complete boolean)`;
    await withoutClientTriggers(db, async (tx) => {
      await tx.execute(sql`
        insert into users (id, email, first_name, last_name, phone, gender, role, invite_code, inviter_id)
        select r.id, r.email, r.first_name, r.last_name, r.phone, r.gender, 'INVITEE', r.invite_code,
          ${matchmakerId}
        from ${source}`);
      await tx.execute(sql`
        insert into client_profiles (user_id, city, date_of_birth, height, is_complete)
        select r.id, r.city, r.date_of_birth, r.height, r.is_complete from ${source}`);
      return rows.map((r) => r.id);
    });
    ids.push(...rows.map((r) => r.id));
  }
  // Statistics, as autovacuum would make them: without any, md_bump_activity's UPDATE (a trigger
  // of client_profiles and introductions) walks users_retention_idx over every client more than a
  // minute old instead of taking the primary key, for each row a later seed writes.
  await db.execute(sql`analyze users`);
  return ids;
}

const SYLLABLES = [
  "ve",
  "la",
  "mi",
  "ro",
  "sa",
  "na",
  "ti",
  "ko",
  "lu",
  "de",
  "ra",
  "zo",
  "fe",
  "ni",
  "ma",
  "po",
  "si",
  "ga",
  "bo",
  "re",
];
const SYLLABLES_RU = [
  "ве",
  "ла",
  "ми",
  "ро",
  "са",
  "на",
  "ти",
  "ко",
  "лу",
  "де",
  "ра",
  "зо",
  "фе",
  "ни",
  "ма",
  "по",
  "си",
  "га",
  "бо",
  "ре",
];
const COUNTRIES = ["RU", "GB", "DE", "AE", "KZ", "GE", "US", "FR"];

/** The made-up word in the name of bench agency `i`: three syllables, Latin for even i, Cyrillic for odd. */
export function benchAgencyWord(i: number): string {
  const s = i % 2 === 0 ? SYLLABLES : SYLLABLES_RU;
  const word = `${s[i % 20]}${s[Math.floor(i / 20) % 20]}${s[Math.floor(i / 400) % 20]}`;
  return word[0]!.toUpperCase() + word.slice(1);
}

/**
 * Many listed agencies at once for the directory bench, names of made-up words (half Cyrillic),
 * ratings spread over 1 to 5: 10,000 a statement, through every trigger (the directory's
 * listing, its vocabulary and the users' search text are kept as the product keeps them; at 2 ms
 * a row the client triggers are what `seedClientsInBulk` avoids, these cost a tenth of that).
 * Answers the ids.
 */
export async function seedManyAgencies(db: Db, n: number, prefix = "agency"): Promise<string[]> {
  const ids: string[] = [];
  const now = new Date().toISOString();
  for (let start = 0; start < n; start += BULK_CHUNK) {
    const rows = Array.from({ length: Math.min(BULK_CHUNK, n - start) }, (_, j) => {
      const i = start + j;
      const name = i % 2 === 0 ? `${benchAgencyWord(i)} Matchmaking` : `Агентство ${benchAgencyWord(i)}`;
      return {
        id: newId(),
        email: `${prefix}-${i}@example.test`,
        first_name: FIRST[i % FIRST.length]!,
        last_name: LAST[(i * 3) % LAST.length]!,
        invite_code: `${prefix}${i}`.toLowerCase().replace(/[^a-z0-9]/g, ""),
        participates_in_search: i % 10 !== 0,
        is_verified: i % 3 !== 0,
        verified_at: i % 3 !== 0 ? now : null,
        agency_name: name,
        login: `${prefix}-${i}`,
        country: COUNTRIES[i % COUNTRIES.length]!,
        city: CITIES[i % CITIES.length]!,
        about: `${name}: personal introductions for professionals in ${CITIES[i % CITIES.length]}.`,
        services: i % 2 === 0 ? "Matchmaking, dating coaching" : "Знакомства для серьёзных отношений",
        rating_overall: i % 5 === 0 ? null : 1 + ((i * 37) % 400) / 100,
        rating_count: i % 5 === 0 ? 0 : 1 + (i % 9),
      };
    });
    const source = sql`json_to_recordset(${JSON.stringify(rows)}::json) as r(id text, email text,
      first_name text, last_name text, invite_code text, participates_in_search boolean,
      is_verified boolean, verified_at timestamptz, agency_name text, login text, country text,
      city text, about text, services text, rating_overall double precision, rating_count integer)`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into users (id, email, first_name, last_name, role, invite_code, participates_in_search,
          is_verified, verified_at, onboarding_completed_at)
        select r.id, r.email, r.first_name, r.last_name, 'INVITER', r.invite_code,
          r.participates_in_search, r.is_verified, r.verified_at, ${now}::timestamptz
        from ${source}`);
      await tx.execute(sql`
        insert into agency_profiles (user_id, agency_name, login, country, city, about, services,
          rating_overall, rating_count)
        select r.id, r.agency_name, r.login, r.country, r.city, r.about, r.services, r.rating_overall,
          r.rating_count
        from ${source}`);
    });
    ids.push(...rows.map((r) => r.id));
  }
  // What autovacuum would do after a bulk load: statistics for the planner, and the GIN indexes'
  // pending lists merged (a bulk insert fills them even with fastupdate off on a fresh index build).
  await db.execute(sql`vacuum analyze agency_profiles`);
  await db.execute(sql`vacuum analyze users`);
  return ids;
}
