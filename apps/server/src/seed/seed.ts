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
    const batch = Array.from({ length: Math.min(500, n - start) }, (_, j) => {
      const i = start + j;
      return {
        id: newId(),
        email: `${prefix}-${i}-${matchmakerId.slice(-6)}@example.test`,
        firstName: FIRST[i % FIRST.length]!,
        lastName: LAST[(i * 7) % LAST.length]!,
        phone: `+7 900 ${String(1_000_000 + i).slice(-7)}`,
        gender: (i % 2 === 0 ? "FEMALE" : "MALE") as "FEMALE" | "MALE",
        role: "INVITEE" as const,
        inviteCode: `${prefix}${i}x${matchmakerId.slice(-8)}`.toLowerCase().replace(/[^a-z0-9]/g, ""),
        inviterId: matchmakerId,
      };
    });
    await db.insert(users).values(batch);
    await db.insert(clientProfiles).values(
      batch.map((u, j) => ({
        userId: u.id,
        city: CITIES[(start + j) % CITIES.length]!,
        dateOfBirth: `${1970 + ((start + j) % 30)}-0${1 + ((start + j) % 9)}-15`,
        height: 150 + ((start + j) % 50),
        isComplete: (start + j) % 3 === 0,
      })),
    );
    ids.push(...batch.map((u) => u.id));
  }
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
 * Many listed agencies at once for the directory bench: plain inserts in batches, names of made-up
 * words (half Cyrillic), ratings spread over 1 to 5. Answers the ids.
 */
export async function seedManyAgencies(db: Db, n: number, prefix = "agency"): Promise<string[]> {
  const ids: string[] = [];
  const now = new Date();
  for (let start = 0; start < n; start += 500) {
    const batch = Array.from({ length: Math.min(500, n - start) }, (_, j) => {
      const i = start + j;
      return {
        id: newId(),
        email: `${prefix}-${i}@example.test`,
        firstName: FIRST[i % FIRST.length]!,
        lastName: LAST[(i * 3) % LAST.length]!,
        role: "INVITER" as const,
        inviteCode: `${prefix}${i}`.toLowerCase().replace(/[^a-z0-9]/g, ""),
        participatesInSearch: i % 10 !== 0,
        isVerified: i % 3 !== 0,
        verifiedAt: i % 3 !== 0 ? now : null,
        onboardingCompletedAt: now,
      };
    });
    await db.insert(users).values(batch);
    await db.insert(agencyProfiles).values(
      batch.map((u, j) => {
        const i = start + j;
        const name = i % 2 === 0 ? `${benchAgencyWord(i)} Matchmaking` : `Агентство ${benchAgencyWord(i)}`;
        return {
          userId: u.id,
          agencyName: name,
          login: `${prefix}-${i}`,
          country: COUNTRIES[i % COUNTRIES.length]!,
          city: CITIES[i % CITIES.length]!,
          about: `${name}: personal introductions for professionals in ${CITIES[i % CITIES.length]}.`,
          services: i % 2 === 0 ? "Matchmaking, dating coaching" : "Знакомства для серьёзных отношений",
          ratingOverall: i % 5 === 0 ? null : 1 + ((i * 37) % 400) / 100,
          ratingCount: i % 5 === 0 ? 0 : 1 + (i % 9),
        };
      }),
    );
    ids.push(...batch.map((u) => u.id));
  }
  // What autovacuum would do after a bulk load: statistics for the planner, and the GIN indexes'
  // pending lists merged (a bulk insert fills them even with fastupdate off on a fresh index build).
  await db.execute(sql`vacuum analyze agency_profiles`);
  await db.execute(sql`vacuum analyze users`);
  return ids;
}
