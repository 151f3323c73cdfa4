import { count, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";
import { debitCredits, grantCredits } from "../modules/credits/service.js";
import { setApproved, writeClientProfile } from "../modules/profiles/service.js";
import { activateSubscription } from "../modules/subscriptions/service.js";
import { DEMO_CLIENTS } from "./demo-clients.js";
import { seedAdmin, seedClient, seedMatchmaker } from "./seed.js";

export const DEMO_PASSWORD = "demo-password";
export const DEMO_ACCOUNTS = {
  admin: "admin@demo.matchdesk.test",
  matchmaker: "anna@demo.matchdesk.test",
} as const;

const AGENCIES = [
  {
    firstName: "Anna",
    lastName: "Volkova",
    agencyName: "Anna Volkova Matchmaking",
    login: "anna-volkova",
    city: "Moscow",
    country: "RU",
    email: DEMO_ACCOUNTS.matchmaker,
  },
  {
    firstName: "James",
    lastName: "Whitmore",
    agencyName: "Whitmore & Hart Introductions",
    login: "whitmore-hart",
    city: "London",
    country: "GB",
    email: "james@demo.matchdesk.test",
  },
  {
    firstName: "Elena",
    lastName: "Sokolova",
    agencyName: "Сердце Невы",
    login: "serdtse-nevy",
    city: "Saint Petersburg",
    country: "RU",
    email: "elena@demo.matchdesk.test",
  },
] as const;

/** Demo data for the embedded setup: only into an empty database, every row marked `is_demo`. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedAdmin(db, {
    email: DEMO_ACCOUNTS.admin,
    password: DEMO_PASSWORD,
    firstName: "Alex",
    lastName: "Admin",
    isDemo: true,
  });
  for (const agency of AGENCIES) {
    const matchmaker = await seedMatchmaker(db, { ...agency, password: DEMO_PASSWORD, isDemo: true });
    if (agency.email === DEMO_ACCOUNTS.matchmaker) await seedDemoCredits(db, matchmaker.id);
    for (const client of DEMO_CLIENTS) {
      const user = await seedClient(db, matchmaker.id, {
        firstName: client.firstName,
        lastName: client.lastName,
        email: `${client.firstName.toLowerCase()}.${agency.login}@demo.matchdesk.test`,
        password: DEMO_PASSWORD,
        isDemo: true,
      });
      await writeClientProfile(db, user, client.profile(agency.city, agency.country));
      if (client.isApproved) await setApproved(db, user.id, true);
      if (client.isPublished)
        await db.update(users).set({ participatesInSearch: true }).where(eq(users.id, user.id));
    }
  }
  return true;
}

/** The demo matchmaker's credits: a welcome grant, a Silver subscription and a few AI requests. */
async function seedDemoCredits(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await grantCredits(tx, { userId, amount: 300, type: "registration" });
    await grantCredits(tx, { userId, amount: 200, type: "gift" });
    await activateSubscription(tx, { userId, tier: "silver", plan: "silver" });
    for (let i = 0; i < 3; i++) {
      await debitCredits(tx, { userId, amount: 100, type: "aiMatch" });
    }
  });
}
