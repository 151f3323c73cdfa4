import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { agencyProfiles, users } from "../db/schema/index.js";
import { createUser, type UserRow } from "../modules/users/service.js";
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

export async function seedAdmin(db: Db, o: SeedOptions = {}): Promise<UserRow> {
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
): Promise<UserRow> {
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

export async function seedClient(db: Db, matchmakerId: string, o: SeedOptions = {}): Promise<UserRow> {
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
