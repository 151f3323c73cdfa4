import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { agencyProfiles, agencyRatings, clientProfiles, reviews, users } from "../db/schema/index.js";
import { setAgencyRating } from "../modules/agencies/service.js";
import { recordConsent } from "../modules/consents/ledger.js";
import { debitCredits, grantCredits } from "../modules/credits/service.js";
import { setApproved, writeClientProfile } from "../modules/profiles/service.js";
import { activateSubscription } from "../modules/subscriptions/service.js";
import { newId } from "../platform/ids.js";
import { demoClientsOf } from "./demo-clients.js";
import { type DemoAgency, seedDemoIntroductions } from "./demo-introductions.js";
import { seedDemoOutcomes } from "./demo-outcomes.js";
import { seedDemoPackages } from "./demo-packages.js";
import { seedDemoRecalibration } from "./demo-recalibration.js";
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
    details: {
      services: "Personal matchmaking, dating coaching, image consulting",
      focus: ["MARRIAGE", "MATURE"],
      about:
        "Anna has introduced Moscow professionals to each other for twelve years. Every client meets Anna in person before the first introduction.",
      awards: "Matchmaker of the year 2023 (Russian Matchmaking Association)",
      currency: "RUB" as const,
      introductionPrice: 30000,
      turnkeyPrice: 450000,
      experience: "MORE_THAN_7_YEARS" as const,
      clientBaseSize: 340,
      successfulCases: 57,
    },
  },
  {
    firstName: "James",
    lastName: "Whitmore",
    agencyName: "Whitmore & Hart Introductions",
    login: "whitmore-hart",
    city: "London",
    country: "GB",
    email: "james@demo.matchdesk.test",
    details: {
      services: "Executive introductions in London and New York, discreet search",
      focus: ["MARRIAGE", "INTERNATIONAL", "EXECUTIVE"],
      about: "A boutique introduction agency for busy professionals who want a serious relationship.",
      awards: null,
      currency: "GBP" as const,
      introductionPrice: 800,
      turnkeyPrice: 12000,
      experience: "FIVE_TO_7_YEARS" as const,
      clientBaseSize: 120,
      successfulCases: 21,
    },
  },
  {
    firstName: "Elena",
    lastName: "Sokolova",
    agencyName: "Сердце Невы",
    login: "serdtse-nevy",
    city: "Saint Petersburg",
    country: "RU",
    email: "elena@demo.matchdesk.test",
    details: {
      services: "Знакомства для серьёзных отношений, психологическое сопровождение",
      focus: ["MARRIAGE", "FAITH"],
      about: "Агентство знакомств в Санкт-Петербурге: помогаем найти спутника жизни с 2015 года.",
      awards: null,
      currency: "RUB" as const,
      introductionPrice: 15000,
      turnkeyPrice: 200000,
      experience: "THREE_TO_5_YEARS" as const,
      clientBaseSize: 90,
      successfulCases: 14,
    },
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
  const matchmakers = [];
  const agencies: DemoAgency[] = [];
  for (const { details, ...agency } of AGENCIES) {
    const matchmaker = await seedMatchmaker(db, { ...agency, password: DEMO_PASSWORD, isDemo: true });
    matchmakers.push(matchmaker);
    const clients: DemoAgency["clients"] = {};
    agencies.push({ matchmaker, clients });
    await db
      .update(agencyProfiles)
      .set({
        ...details,
        focus: [...details.focus],
        contactFirstName: agency.firstName,
        contactLastName: agency.lastName,
      })
      .where(eq(agencyProfiles.userId, matchmaker.id));
    if (agency.email === DEMO_ACCOUNTS.matchmaker) await seedDemoCredits(db, matchmaker.id);
    for (const client of demoClientsOf(agency.login)) {
      const user = await seedClient(db, matchmaker.id, {
        firstName: client.firstName,
        lastName: client.lastName,
        email: `${client.firstName.toLowerCase()}.${agency.login}@demo.matchdesk.test`,
        password: DEMO_PASSWORD,
        isDemo: true,
      });
      clients[client.role] = user;
      await writeClientProfile(db, user, client.profile(agency.city, agency.country), { announce: false });
      if (client.isApproved) await setApproved(db, user.id, true);
      if (client.isPublished)
        await db.update(users).set({ participatesInSearch: true }).where(eq(users.id, user.id));
    }
  }
  await seedDemoOutcomes(
    db,
    AGENCIES.map((agency, k) => ({
      matchmakerId: agencies[k]!.matchmaker.id,
      login: agency.login,
      city: agency.city,
      country: agency.country,
      password: DEMO_PASSWORD,
    })),
  );
  await seedDemoReviews(db, matchmakers);
  await seedDemoIntroductions(db, agencies);
  await seedDemoRecalibration(db);
  await seedDemoPackages(db);
  await seedDemoConsents(db);
  return true;
}

/**
 * The demo's consents in the ledger (issue 20), as the real routes would have recorded them: each
 * client in the shared search, or with a public profile (a password), switched on by their
 * matchmaker when the account was made. Written last, from the flags themselves, so whatever the
 * seed switched on above has its row.
 */
async function seedDemoConsents(db: Db) {
  const clients = await db
    .select({
      id: users.id,
      inviterId: users.inviterId,
      createdAt: users.createdAt,
      inSearch: users.participatesInSearch,
      password: clientProfiles.accessPasswordHash,
    })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(and(eq(users.role, "INVITEE"), eq(users.isDemo, true), isNotNull(users.inviterId)));
  for (const client of clients) {
    const actor = { id: client.inviterId!, role: "INVITER" as const };
    const on = { clientId: client.id, on: true, actor, at: client.createdAt };
    if (client.inSearch) await recordConsent(db, { ...on, kind: "shared_search" });
    if (client.password) await recordConsent(db, { ...on, kind: "public_profile" });
  }
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

// Each agency's reviews speak of its own matchmaker ({name}).
const REVIEWS = [
  ["Olga P.", "{name} listened carefully and the second introduction was the one. Thank you!", "approved"],
  ["Michael C.", "Professional, discreet and honest about what to expect. Highly recommended.", "approved"],
  ["Sophie L.", "Good service, although the first meetings took a while to arrange.", "pending"],
] as const;

// The overall stars each demo agency gets from the two others: 5.0, 4.5 and 4.0 on average.
const DEMO_STARS = [
  [5, 5],
  [4, 5],
  [4, 4],
] as const;

/** Approved and pending reviews, and ratings each agency gave the others, so the directory has stars. */
async function seedDemoReviews(db: Db, agencies: { id: string; firstName: string }[]) {
  const agencyIds = agencies.map((agency) => agency.id);
  for (const [i, { id: agencyId, firstName }] of agencies.entries()) {
    await db.insert(reviews).values(
      REVIEWS.map(([authorName, text, status], j) => ({
        id: newId(),
        agencyUserId: agencyId,
        authorName,
        authorEmail: `reviewer${j}@demo.matchdesk.test`,
        text: text.replace("{name}", firstName),
        status,
        moderatedAt: status === "approved" ? new Date() : null,
      })),
    );
    const raters = agencyIds.filter((id) => id !== agencyId);
    for (const [k, raterUserId] of raters.entries()) {
      const stars = DEMO_STARS[i % DEMO_STARS.length]![k % 2]!;
      await db.insert(agencyRatings).values({
        raterUserId,
        agencyUserId: agencyId,
        trust: stars,
        friendliness: 5,
        speed: stars - 1,
        resultPerCost: 4,
        overall: stars,
      });
    }
    const overall =
      raters.reduce((sum, _, k) => sum + DEMO_STARS[i % DEMO_STARS.length]![k % 2]!, 0) / raters.length;
    await setAgencyRating(db, agencyId, overall, raters.length);
  }
}
