import type { AnswerBody, FeedbackBody } from "@matchdesk/contract";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { introductionEvents, introductionSides, introductions } from "../db/schema/index.js";
import { answerAsClient, askClient } from "../modules/introductions/consent.js";
import { feedbackAsClient, respondToDate, setDate } from "../modules/introductions/dates.js";
import { actOnIntroduction, type IntroductionRow, recordEvent } from "../modules/introductions/lifecycle.js";
import type { NotifyDeps } from "../modules/notifications/service.js";
import type { UserWithEmail } from "../modules/users/service.js";
import type { SessionUser } from "../platform/access.js";
import type { DemoRole } from "./demo-clients.js";
import { seedIntroduction } from "./introductions.js";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The demo's people: each agency's matchmaker and clients by role (demo-clients.ts). */
export type DemoAgency = { matchmaker: UserWithEmail; clients: Partial<Record<DemoRole, UserWithEmail>> };

const asCaller = (u: UserWithEmail): SessionUser => ({
  id: u.id,
  role: u.role,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  locale: u.locale,
  sessionId: "demo",
});

/**
 * Introductions in every state for the demo matchmaker (Anna), with the other demo agencies:
 * a proposal each way, a match nobody asked about yet, a client still to answer, an introduction
 * waiting for its date, a date tomorrow, a date with one feedback given, a second date, one that
 * ended, a decline, an expiry and a rejection. Each moves through the product's own services, so
 * the timeline, notifications and ledger are real; then its steps are spread over the past weeks.
 * Demo clients have no mailboxes: their e-mails go nowhere. Clients are named by role (each agency's
 * "Dmitry" is another man). The pairs avoid an Olga with another agency's Dmitry, which the
 * matching and introductions e2e propose, and Sophie's declines (demo-recalibration.ts).
 */
export async function seedDemoIntroductions(db: Db, agencies: readonly DemoAgency[]) {
  const [anna, james, elena] = agencies as [DemoAgency, DemoAgency, DemoAgency];
  const deps: NotifyDeps = { db, mailer: { send: async () => {} }, config: { publicUrl: "" } };
  const c = (a: DemoAgency, role: DemoRole) => a.clients[role]!;
  const m = (a: DemoAgency) => asCaller(a.matchmaker);
  const made: { row: IntroductionRow; ageDays: number }[] = [];

  /** Proposed by `from`'s matchmaker; accepted unless it stays awaiting (or was rejected). */
  const introduce = async (
    from: DemoAgency,
    client: DemoRole,
    to: DemoAgency,
    candidate: DemoRole,
    o: { accept?: boolean; reject?: boolean; ageDays: number },
  ) => {
    const row = await seedIntroduction(db, {
      client: { clientId: c(from, client).id, matchmakerId: from.matchmaker.id },
      candidate: { clientId: c(to, candidate).id, matchmakerId: to.matchmaker.id },
      status: from === to ? "match" : "awaiting_response",
    });
    await recordEvent(db, row.id, "proposed", { actorId: from.matchmaker.id });
    if (from !== to && o.accept !== false)
      await actOnIntroduction(deps, m(to), row.id, o.reject ? "reject" : "accept");
    made.push({ row, ageDays: o.ageDays });
    return { row, a: c(from, client), b: c(to, candidate), ma: m(from), mb: m(to) };
  };
  const askBoth = async (i: Awaited<ReturnType<typeof introduce>>, answers: [AnswerBody?, AnswerBody?]) => {
    await askClient(deps, i.ma, i.row.id, { clientId: i.a.id, note: "I think you two would get on well." });
    await askClient(deps, i.mb, i.row.id, { clientId: i.b.id });
    if (answers[0]) await answerAsClient(deps, asCaller(i.a), i.row.id, answers[0]);
    if (answers[1]) await answerAsClient(deps, asCaller(i.b), i.row.id, answers[1]);
  };
  const yes = { answer: "yes" } as const;
  const liked: FeedbackBody = {
    happened: true,
    meetAgain: "yes",
    ratings: { attraction: 5, conversation: 4, values: 4, manners: 5 },
    note: "Easy to talk to; we laughed a lot.",
  };

  await introduce(anna, "Michael", elena, "Sophie", { accept: false, ageDays: 1 });
  await introduce(elena, "Olga", anna, "Michael", { accept: false, ageDays: 1 });
  await introduce(anna, "Sophie", elena, "Michael", { ageDays: 2 });
  await askBoth(await introduce(anna, "Olga", james, "Michael", { ageDays: 3 }), [undefined, yes]);
  await askBoth(await introduce(anna, "Dmitry", elena, "Sophie", { ageDays: 4 }), [yes, yes]);

  const tomorrow = await introduce(anna, "Michael", james, "Sophie", { ageDays: 6 });
  await askBoth(tomorrow, [yes, yes]);
  const evening = new Date(Date.now() + DAY_MS);
  evening.setUTCHours(16, 0, 0, 0);
  await setDate(deps, tomorrow.ma, tomorrow.row.id, {
    startsAt: evening.toISOString(),
    place: "Café Pushkin, Tverskoy Boulevard 26A",
    mapUrl: "https://www.openstreetmap.org/search?query=Cafe%20Pushkin%20Moscow",
    note: "The table is booked under Anna's name.",
  });
  await respondToDate(deps, asCaller(tomorrow.b), tomorrow.row.id, {
    response: "confirmed",
    startsAt: evening.toISOString(),
  });

  const dated = await introduce(james, "Olga", anna, "Dmitry", { ageDays: 12 });
  await askBoth(dated, [yes, yes]);
  await setDate(deps, dated.ma, dated.row.id, {
    startsAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
    place: "Gorky Park, the main entrance",
  });
  await feedbackAsClient(deps, asCaller(dated.a), dated.row.id, liked);

  const second = await introduce(anna, "Dmitry", james, "Sophie", { ageDays: 30 });
  await askBoth(second, [yes, yes]);
  await setDate(deps, second.ma, second.row.id, {
    startsAt: new Date(Date.now() - 20 * DAY_MS).toISOString(),
    place: "Tretyakov Gallery, then coffee nearby",
  });
  await feedbackAsClient(deps, asCaller(second.a), second.row.id, liked);
  await feedbackAsClient(deps, asCaller(second.b), second.row.id, {
    ...liked,
    ratings: { attraction: 4, conversation: 5, values: 5, manners: 5 },
    note: "He listened. I would like to see him again.",
  });

  const ended = await introduce(anna, "Michael", james, "Olga", { ageDays: 40 });
  await askBoth(ended, [yes, yes]);
  await setDate(deps, ended.ma, ended.row.id, {
    startsAt: new Date(Date.now() - 33 * DAY_MS).toISOString(),
    place: "Dinner at Twins Garden",
  });
  await feedbackAsClient(deps, asCaller(ended.a), ended.row.id, {
    happened: true,
    meetAgain: "maybe",
    ratings: { attraction: 3, conversation: 4, values: 3, manners: 5 },
    reasons: ["LIFESTYLE_VALUES"],
  });
  await feedbackAsClient(deps, asCaller(ended.b), ended.row.id, {
    happened: true,
    meetAgain: "no",
    ratings: { attraction: 2, conversation: 3, values: 2, manners: 4 },
    reasons: ["FAMILY_PLANS"],
    note: "Kind, but he does not want children.",
  });

  const declined = await introduce(anna, "Olga", anna, "Michael", { ageDays: 9 });
  await askBoth(declined, [
    yes,
    { answer: "no", reason: "AGE", comment: "She is lovely, but I hoped for someone my age." },
  ]);

  const expired = await introduce(anna, "Dmitry", elena, "Olga", { ageDays: 14 });
  await askBoth(expired, [yes, undefined]);
  await db
    .update(introductionSides)
    .set({ expiresAt: new Date(Date.now() - DAY_MS) })
    .where(eq(introductionSides.introductionId, expired.row.id));
  await db.update(introductions).set({ status: "expired" }).where(eq(introductions.id, expired.row.id));
  await recordEvent(db, expired.row.id, "expired", {});

  await introduce(anna, "Olga", elena, "Michael", { reject: true, ageDays: 5 });

  // Spread each introduction's steps over its age, oldest first, so the timelines read true.
  for (const { row, ageDays } of made) {
    const events = await db
      .select({ id: introductionEvents.id, kind: introductionEvents.kind })
      .from(introductionEvents)
      .where(eq(introductionEvents.introductionId, row.id))
      .orderBy(asc(introductionEvents.createdAt), asc(introductionEvents.id));
    const start = Date.now() - ageDays * DAY_MS;
    const step = Math.min(ageDays * DAY_MS, (ageDays * DAY_MS) / Math.max(events.length, 1));
    let introducedAt: Date | null = null;
    for (const [i, e] of events.entries()) {
      const at = new Date(start + i * step + HOUR_MS);
      if (e.kind === "introduced") introducedAt = at;
      await db.update(introductionEvents).set({ createdAt: at }).where(eq(introductionEvents.id, e.id));
    }
    await db
      .update(introductions)
      .set({ createdAt: new Date(start), ...(introducedAt && { introducedAt }) })
      .where(eq(introductions.id, row.id));
  }
}
