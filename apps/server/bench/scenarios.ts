import { IntroductionStatus } from "@matchdesk/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { debitCredits, grantCredits } from "../src/modules/credits/service.js";
import { seedManyIntroductions } from "../src/seed/introductions.js";
import {
  benchAgencyWord,
  seedAdmin,
  seedClientsInBulk,
  seedManyAgencies,
  seedMatchmaker,
} from "../src/seed/seed.js";

/** What the seeding step hands to the scenarios (accounts to sign in as, ids to ask for). */
export type BenchContext = {
  matchmakerEmail: string;
  matchmakerId: string;
  adminEmail: string;
  password: string;
};

export type Request = { method: "GET" | "POST" | "PUT"; path: string; body?: unknown; signedInAs?: string };

export type Scenario = {
  name: string;
  /** A figure the issue asks for: p95 must stay under it (ms). */
  targetP95Ms?: number;
  /** The same on PostgreSQL, where it differs. */
  postgresTargetP95Ms?: number;
  /** A figure the issue asks for: throughput at least this share of the bare route's. */
  targetRatio?: number;
  connections?: number;
  /** A fixed number of requests instead of a duration (for what a rate limit bounds, like sign-in). */
  amount?: number;
  request(ctx: BenchContext): Request;
  /** Paths to take in turn instead of `request`'s one (GET, shared by all connections). */
  paths?: () => string[];
  /** Measured on PostgreSQL only (the national-scale directory: PGlite's stays at 10,000). */
  postgresOnly?: boolean;
};

const PASSWORD = "bench-password";

/** Seeds the data every scenario needs, before the server starts. Later issues add to it. */
export async function seedBench(db: Db): Promise<BenchContext> {
  const admin = await seedAdmin(db, { email: "bench-admin@example.test", password: PASSWORD });
  const matchmaker = await seedMatchmaker(db, { email: "bench-matchmaker@example.test", password: PASSWORD });
  const own = await seedClientsInBulk(db, matchmaker.id, 5000);
  // A long credit history: 200 grants (half expiring) and 1,000 debits.
  await db.transaction(async (tx) => {
    for (let i = 0; i < 200; i++) {
      await grantCredits(tx, {
        userId: matchmaker.id,
        amount: 1000,
        type: i % 2 ? "gift" : "subscription_silver",
        expiresAt: i % 2 ? null : new Date(Date.now() + (i + 1) * 86_400_000),
      });
    }
    for (let i = 0; i < 1000; i++) await debitCredits(tx, { userId: matchmaker.id, amount: 60 });
  });
  // Other agencies' clients, so the list must pick the matchmaker's own out of a larger table.
  const others: { id: string; clients: string[] }[] = [];
  for (let i = 0; i < 3; i++) {
    const other = await seedMatchmaker(db, { email: `bench-other-${i}@example.test`, password: PASSWORD });
    others.push({ id: other.id, clients: await seedClientsInBulk(db, other.id, 5000, `other${i}`) });
  }
  // 5,000 introductions of the matchmaker's clients with another agency's, in every state.
  const statuses = IntroductionStatus.options;
  await seedManyIntroductions(
    db,
    own.map((clientId, i) => ({
      clientId,
      candidateId: others[0]!.clients[i]!,
      proposedBy: matchmaker.id,
      responderId: others[0]!.id,
      status: statuses[i % statuses.length]!,
      updatedAt: new Date(Date.now() - i * 60_000),
    })),
  );
  await seedManyAgencies(db, 10_000);
  return {
    matchmakerEmail: matchmaker.email,
    matchmakerId: matchmaker.id,
    adminEmail: admin.email,
    password: PASSWORD,
  };
}

/** The national-scale phase's sizes (issue 21): the client list's and the directory's. */
export const SCALE = { ownClients: 50_000, otherAgencies: 3, agencies: 100_000 } as const;

/**
 * The national-scale phase's database: the bench matchmaker with 50,000 clients among 200,000
 * (three other matchmakers with 50,000 each), named as `seedManyClients` names them so the
 * client searches find ten times what they find in the main phase; with `agencies`, 100,000
 * listed agencies for the directory. Statistics made and the GIN pending lists merged, as
 * autovacuum would have done by the time a database grew to this size.
 */
export async function seedNationalScale(db: Db, o: { agencies: boolean }): Promise<BenchContext> {
  const admin = await seedAdmin(db, { email: "bench-admin@example.test", password: PASSWORD });
  const matchmaker = await seedMatchmaker(db, { email: "bench-matchmaker@example.test", password: PASSWORD });
  await seedClientsInBulk(db, matchmaker.id, SCALE.ownClients);
  for (let i = 0; i < SCALE.otherAgencies; i++) {
    const other = await seedMatchmaker(db, { email: `bench-other-${i}@example.test`, password: PASSWORD });
    await seedClientsInBulk(db, other.id, SCALE.ownClients, `other${i}`);
  }
  // seedManyAgencies vacuums users and agency_profiles itself.
  if (o.agencies) await seedManyAgencies(db, SCALE.agencies);
  else await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze client_profiles`);
  await db.execute(sql`analyze`);
  return {
    matchmakerEmail: matchmaker.email,
    matchmakerId: matchmaker.id,
    adminEmail: admin.email,
    password: PASSWORD,
  };
}

/** The directory searches the bench measures and explains (10,000 agencies; 100,000 at national scale). */
// A name with its fourth letter dropped: a typo in the name of one agency among 10,000 (the words
// repeat every 8,000 agencies: of a dozen among 100,000).
const typo = (i: number) => {
  const word = benchAgencyWord(i).toLowerCase();
  return word.slice(0, 3) + word.slice(4);
};
export const DIRECTORY_SEARCHES = {
  typoLatin: { q: typo(4242), page: 1, pageSize: 20 },
  typoCyrillic: { q: typo(4243), page: 1, pageSize: 20 },
  filters: { country: "RU", minRating: 4, verified: true, page: 1, pageSize: 20 },
  firstPage: { page: 1, pageSize: 20 },
  // A word half the agencies have: thousands of matches to count and rank.
  commonWord: { q: "matchmaking", page: 1, pageSize: 20 },
} as const;

/**
 * The client list's searches the bench measures and explains (5,000 own clients among 20,000, and
 * 50,000 among 200,000 at national scale, as `seedManyClients` names them): a first name (a tenth
 * of them), a name and surname, an e-mail, a phone typed the Russian way (the stored number's
 * digits), a city.
 */
export const CLIENT_SEARCHES = {
  nameComplete: { q: "olga", profileStatus: "complete", page: 2, pageSize: 20 },
  fullName: { q: "olga petrova", page: 1, pageSize: 20 },
  email: { q: "bulk-4242-", page: 1, pageSize: 20 },
  phone: { q: "8 900 100-42-42", page: 1, pageSize: 20 },
  city: { q: "kazan", page: 1, pageSize: 20 },
} as const;

const clientsPath = (q: Record<string, string | number>) =>
  `/api/clients?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`;

/** The bare route every ratio is measured against, in the same run (in each phase). */
export const BARE: Scenario = {
  name: "GET /api/health (bare)",
  request: () => ({ method: "GET", path: "/api/health" }),
};

/** The directory's searches, each named with `size` ("(10k)", "(100k)"). */
function directoryScenarios(size: string, o: { postgresOnly?: boolean } = {}): Scenario[] {
  const scenarios: Scenario[] = [
    {
      name: `GET /api/directory?q=${DIRECTORY_SEARCHES.typoLatin.q} ${size}`,
      targetP95Ms: 30,
      request: () => ({
        method: "GET",
        path: `/api/directory?q=${encodeURIComponent(DIRECTORY_SEARCHES.typoLatin.q)}&pageSize=20`,
      }),
    },
    {
      name: `GET /api/directory?q=${DIRECTORY_SEARCHES.typoCyrillic.q} ${size}`,
      targetP95Ms: 30,
      request: () => ({
        method: "GET",
        path: `/api/directory?q=${encodeURIComponent(DIRECTORY_SEARCHES.typoCyrillic.q)}&pageSize=20`,
      }),
    },
    {
      name: `GET /api/directory?country&minRating ${size}`,
      targetP95Ms: 30,
      request: () => ({
        method: "GET",
        path: "/api/directory?country=RU&minRating=4&verified=true&pageSize=20",
      }),
    },
    {
      // Every request a different search (the directory keeps answers in memory until it changes,
      // so a repeated search above is answered from memory; here none is).
      name: `GET /api/directory?q=<a different typo each time> ${size}`,
      targetP95Ms: 30,
      request: () => ({ method: "GET", path: "/api/directory" }),
      paths: () =>
        Array.from(
          { length: 10_000 },
          (_, i) => `/api/directory?q=${encodeURIComponent(typo(i))}&pageSize=20`,
        ),
    },
    {
      name: `GET /api/directory first page ${size}`,
      targetP95Ms: 30,
      request: () => ({ method: "GET", path: "/api/directory?pageSize=20" }),
    },
    {
      name: `GET /api/directory?q=${DIRECTORY_SEARCHES.commonWord.q} ${size}`,
      request: () => ({
        method: "GET",
        path: `/api/directory?q=${DIRECTORY_SEARCHES.commonWord.q}&pageSize=20`,
      }),
    },
  ];
  return scenarios.map((scenario) => ({ ...scenario, ...o }));
}

/**
 * What the "different text each time" scenario types, request `i`: an e-mail's beginning, a
 * phone's last digits, or the first letters of a name, surname or city.
 */
export const typedText = (i: number) =>
  [`bulk-${i}-`, `1000${String(i).padStart(3, "0")}`, ["ele", "pavel", "ivanova", "berl"][i % 4]!][i % 3]!;

/** The client list's searches, each named with `size` ("" in the main phase, "(50k of 200k)"). */
function clientSearchScenarios(size: string): Scenario[] {
  const suffix = size ? ` ${size}` : "";
  return [
    ...Object.values(CLIENT_SEARCHES).map(
      (q): Scenario => ({
        name: `GET /api/clients?q=${q.q}${"profileStatus" in q ? `&profileStatus=${q.profileStatus}` : ""}${suffix}`,
        targetP95Ms: 50,
        postgresTargetP95Ms: 20,
        request: (ctx) => ({ method: "GET", path: clientsPath(q), signedInAs: ctx.matchmakerEmail }),
      }),
    ),
    {
      // Typing into the search box: every request a different text (a name's first letters, an
      // e-mail, a phone's last digits), so nothing is answered from a cache.
      name: `GET /api/clients?q=<a different text each time>${suffix}`,
      targetP95Ms: 50,
      postgresTargetP95Ms: 20,
      request: (ctx) => ({ method: "GET", path: "/api/clients", signedInAs: ctx.matchmakerEmail }),
      paths: () =>
        Array.from({ length: 3000 }, (_, i) => clientsPath({ q: typedText(i), page: 1, pageSize: 20 })),
    },
  ];
}

// Each issue adds its scenarios here.
export const SCENARIOS: Scenario[] = [
  ...directoryScenarios("(10k)"),
  {
    name: "GET /api/users/me (signed in)",
    targetRatio: 0.6,
    request: (ctx) => ({ method: "GET", path: "/api/users/me", signedInAs: ctx.matchmakerEmail }),
  },
  {
    name: "GET /api/clients (5,000 own clients)",
    targetP95Ms: 50,
    request: (ctx) => ({
      method: "GET",
      path: "/api/clients?page=1&pageSize=20",
      signedInAs: ctx.matchmakerEmail,
    }),
  },
  ...clientSearchScenarios(""),
  {
    name: "GET /api/clients/stats",
    targetP95Ms: 50,
    request: (ctx) => ({ method: "GET", path: "/api/clients/stats", signedInAs: ctx.matchmakerEmail }),
  },
  {
    name: "GET /api/introductions (5,000 introductions)",
    targetP95Ms: 50,
    request: (ctx) => ({
      method: "GET",
      path: "/api/introductions?page=1&pageSize=20",
      signedInAs: ctx.matchmakerEmail,
    }),
  },
  {
    name: "GET /api/introductions?group=dates (5,000)",
    targetP95Ms: 50,
    request: (ctx) => ({
      method: "GET",
      path: "/api/introductions?group=dates&page=1&pageSize=20",
      signedInAs: ctx.matchmakerEmail,
    }),
  },
  {
    name: "GET /api/credits (1,200 ledger rows)",
    request: (ctx) => ({ method: "GET", path: "/api/credits", signedInAs: ctx.matchmakerEmail }),
  },
  {
    name: "GET /api/auth/status (anonymous)",
    request: () => ({ method: "GET", path: "/api/auth/status" }),
  },
  {
    // Sign-in allows 50 attempts per address in 15 minutes: 40 sequential-ish logins stay under it.
    name: "POST /api/auth/login (argon2id, 40 requests)",
    connections: 2,
    amount: 40,
    request: (ctx) => ({
      method: "POST",
      path: "/api/auth/login",
      body: { email: ctx.matchmakerEmail, password: ctx.password },
    }),
  },
];

/**
 * The national-scale phase (its own database and server, `seedNationalScale`): the same client
 * searches at 50,000 own clients among 200,000, and on PostgreSQL the directory at 100,000.
 */
export const SCALE_SCENARIOS: Scenario[] = [
  ...clientSearchScenarios("(50k of 200k)"),
  ...directoryScenarios("(100k)", { postgresOnly: true }),
];
