import { addDays, dayOf } from "@matchdesk/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { clientPackages, users } from "../db/schema/index.js";
import { newId } from "../platform/ids.js";
import type { SeedSide } from "./introductions.js";

// The demo agency's login (seed/demo.ts): a demo client's e-mail is `first.login@demo...`.
const ANNA = "anna-volkova";

async function demoClient(db: Db, firstName: string, login: string): Promise<SeedSide | null> {
  const [row] = await db
    .select({ id: users.id, inviterId: users.inviterId })
    .from(users)
    .where(eq(users.email, `${firstName.toLowerCase()}.${login}@demo.matchdesk.test`));
  return row?.inviterId ? { clientId: row.id, matchmakerId: row.inviterId } : null;
}

/**
 * Packages of the demo matchmaker's clients, counting the demo introductions (demo-introductions.ts)
 * that reached "introduced": Olga on track (started three weeks ago, her first introduction still
 * asking), Dmitry clearly behind schedule (3 of 10, five months into six), Sophie paused, and
 * Michael without a package, so the client page shows the form to add one.
 */
export async function seedDemoPackages(db: Db, now = new Date()): Promise<void> {
  const [olga, dmitry, sophie] = await Promise.all([
    demoClient(db, "Olga", ANNA),
    demoClient(db, "Dmitry", ANNA),
    demoClient(db, "Sophie", ANNA),
  ]);
  if (!olga || !dmitry || !sophie) return;

  const today = dayOf(now);
  const base = { createdBy: olga.matchmakerId, currency: "RUB" as const };
  await db.insert(clientPackages).values([
    {
      ...base,
      id: newId(),
      clientId: olga.clientId,
      introductionsPromised: 6,
      startsOn: addDays(today, -20),
      endsOn: addDays(today, 159),
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
