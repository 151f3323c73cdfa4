import type { Db } from "../src/db/client.js";
import { seedAdmin, seedMatchmaker } from "../src/seed/seed.js";

/** What the seeding step hands to the scenarios (accounts to sign in as, ids to ask for). */
export type BenchContext = { matchmakerEmail: string; adminEmail: string; password: string };

export type Request = { method: "GET" | "POST" | "PUT"; path: string; body?: unknown; signedInAs?: string };

export type Scenario = {
  name: string;
  /** A figure the issue asks for: p95 must stay under it (ms). */
  targetP95Ms?: number;
  /** A figure the issue asks for: throughput at least this share of the bare route's. */
  targetRatio?: number;
  connections?: number;
  request(ctx: BenchContext): Request;
};

const PASSWORD = "bench-password";

/** Seeds the data every scenario needs, before the server starts. Later issues add to it. */
export async function seedBench(db: Db): Promise<BenchContext> {
  const admin = await seedAdmin(db, { email: "bench-admin@example.test", password: PASSWORD });
  const matchmaker = await seedMatchmaker(db, { email: "bench-matchmaker@example.test", password: PASSWORD });
  return { matchmakerEmail: matchmaker.email, adminEmail: admin.email, password: PASSWORD };
}

/** The bare route every ratio is measured against, in the same run. */
export const BARE: Scenario = {
  name: "GET /api/health (bare)",
  request: () => ({ method: "GET", path: "/api/health" }),
};

// Each issue adds its scenarios here.
export const SCENARIOS: Scenario[] = [
  {
    name: "GET /api/users/me (signed in)",
    targetRatio: 0.6,
    request: (ctx) => ({ method: "GET", path: "/api/users/me", signedInAs: ctx.matchmakerEmail }),
  },
  {
    name: "GET /api/auth/status (anonymous)",
    request: () => ({ method: "GET", path: "/api/auth/status" }),
  },
  {
    name: "POST /api/auth/login (argon2id)",
    connections: 2,
    request: (ctx) => ({
      method: "POST",
      path: "/api/auth/login",
      body: { email: ctx.matchmakerEmail, password: ctx.password },
    }),
  },
];
