import { addDays, dayOf, type IntroductionStatus } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { clientPackages, introductions, users } from "../db/schema/index.js";
import { newId } from "../platform/ids.js";
import { type SeedSide, seedIntroduction } from "./introductions.js";

// The demo agencies' logins (seed/demo.ts): a demo client's e-mail is `first.login@demo...`.
const ANNA = "anna-volkova";
const JAMES = "whitmore-hart";
const ELENA = "serdtse-nevy";
const DAY_MS = 86_400_000;

async function demoClient(db: Db, firstName: string, login: string): Promise<SeedSide | null> {
  const [row] = await db
    .select({ id: users.id, inviterId: users.inviterId })
    .from(users)
    .where(eq(users.email, `${firstName.toLowerCase()}.${login}@demo.matchdesk.test`));
  return row?.inviterId ? { clientId: row.id, matchmakerId: row.inviterId } : null;
}

/** An introduction both clients said yes to `daysAgo` days ago; left alone if the pair already has one. */
async function introduced(
  db: Db,
  a: SeedSide,
  b: SeedSide,
  daysAgo: number,
  status: IntroductionStatus,
  now: Date,
) {
  const pairKey = a.clientId < b.clientId ? `${a.clientId}:${b.clientId}` : `${b.clientId}:${a.clientId}`;
  const [existing] = await db
    .select({ id: introductions.id })
    .from(introductions)
    .where(eq(introductions.pairKey, pairKey));
  if (existing) return;
  const introducedAt = new Date(now.getTime() - daysAgo * DAY_MS);
  const askedAt = new Date(introducedAt.getTime() - 2 * DAY_MS);
  await seedIntroduction(db, {
    client: { ...a, askedAt, answer: "yes", answeredAt: askedAt },
    candidate: { ...b, askedAt, answer: "yes", answeredAt: introducedAt },
    status,
    introducedAt,
    createdAt: new Date(introducedAt.getTime() - 5 * DAY_MS),
    ...(status === "dated" && {
      dateStartsAt: new Date(introducedAt.getTime() + 6 * DAY_MS),
      datePlace: "Café Pushkin",
    }),
  });
}

/**
 * Packages of the demo matchmaker's clients, with the introductions they count: Olga on track
 * (2 of 6), Dmitry clearly behind schedule (1 of 10, five months into six), Sophie paused, and
 * Michael without a package, so the client page shows the form to add one.
 */
export async function seedDemoPackages(db: Db, now = new Date()): Promise<void> {
  const [olga, dmitry, sophie, michaelOfJames, dmitryOfElena, sophieOfElena] = await Promise.all([
    demoClient(db, "Olga", ANNA),
    demoClient(db, "Dmitry", ANNA),
    demoClient(db, "Sophie", ANNA),
    demoClient(db, "Michael", JAMES),
    demoClient(db, "Dmitry", ELENA),
    demoClient(db, "Sophie", ELENA),
  ]);
  if (!olga || !dmitry || !sophie || !michaelOfJames || !dmitryOfElena || !sophieOfElena) return;
  await introduced(db, olga, michaelOfJames, 45, "dated", now);
  await introduced(db, olga, dmitryOfElena, 12, "introduced", now);
  await introduced(db, dmitry, sophieOfElena, 100, "dated", now);

  const today = dayOf(now);
  const base = { createdBy: olga.matchmakerId, currency: "RUB" as const };
  await db.insert(clientPackages).values([
    {
      ...base,
      id: newId(),
      clientId: olga.clientId,
      introductionsPromised: 6,
      startsOn: addDays(today, -60),
      endsOn: addDays(today, 119),
      price: 180_000,
    },
    {
      ...base,
      id: newId(),
      clientId: dmitry.clientId,
      introductionsPromised: 10,
      startsOn: addDays(today, -150),
      endsOn: addDays(today, 29),
      price: 300_000,
    },
    {
      // 90 days, paused for 30 of them ten days ago: the end moved by 30 days.
      ...base,
      id: newId(),
      clientId: sophie.clientId,
      introductionsPromised: 4,
      startsOn: addDays(today, -30),
      endsOn: addDays(today, 89),
      pausedFrom: addDays(today, -10),
      pausedUntil: addDays(today, 20),
      price: 120_000,
    },
  ]);
}
