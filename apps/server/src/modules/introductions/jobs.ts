import type { Locale } from "@matchdesk/contract";
import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  introductionEvents,
  introductionLinks,
  introductionSettings,
  introductionSides,
  introductions,
} from "../../db/schema/index.js";
import { hashToken, newId, newToken } from "../../platform/ids.js";
import { usersById } from "../matching/service.js";
import type { NotifyDeps } from "../notifications/service.js";
import { linkUrl, mailClient } from "./consent.js";
import { askForFeedback } from "./dates.js";
import { emitIntroductionWebhooks, type IntroductionRow, type Notice, sendNotices } from "./lifecycle.js";
import { clientMail } from "./mail.js";
import { nudgesDue, unaskedDue } from "./nudges.js";
import { DEFAULT_SETTINGS, FALLBACK_TIME_ZONE } from "./settings.js";

// The introductions' clock: reminders to clients who have not answered (on the agency's days,
// 2 and 5 by default), the matchmaker told on day 7, the question expired on day 8; the day-before
// reminder of a date, and feedback asked once the date has passed. A matchmaker who has not asked
// their client since the match is reminded on the same reminder days, counted from the match, and
// the introduction expires unasked on the expiry day. Each step is a conditional,
// set-based update that marks what it is about to send, so a run is idempotent (nothing is sent
// twice) and a run over a hundred thousand open introductions stays one pass of each index.

// Any fixed number: the key every instance's run takes, so one runs at a time.
export const INTRODUCTION_JOB_LOCK = 0x6d64_0014;
const DAY_MS = 86_400_000;

export type IntroductionJobRun = {
  ran: boolean;
  reminded: { introductionId: string; clientId: string; expiresAt: Date }[];
  alerted: { introductionId: string; clientId: string; matchmakerId: string; days: number }[];
  /** Matchmakers reminded to ask their client: days since the match, days left before it expires. */
  askReminded: {
    introductionId: string;
    clientId: string;
    matchmakerId: string;
    days: number;
    left: number;
  }[];
  /**
   * With the client who did not answer, or was never asked (the notice names them), and which of
   * the two it was.
   */
  expired: (IntroductionRow & { silentClientId: string; cause: ExpiryCause })[];
  dateReminded: IntroductionRow[];
  dated: IntroductionRow[];
};

type Rows<T> = { rows: T[] };
type ExpiryCause = "unanswered" | "not_asked";

/** A PostgreSQL array literal of text values (null stays NULL), for unnest() over a batch. */
const pgArray = (values: (string | null)[]) =>
  `{${values.map((v) => (v === null ? "NULL" : `"${v.replace(/["\\]/g, "\\$&")}"`)).join(",")}}`;

/** Marks what is due at `now` in one transaction under an advisory lock; sends nothing. */
export async function markDue(db: Db, now: Date): Promise<IntroductionJobRun> {
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${INTRODUCTION_JOB_LOCK}) as locked`,
    )) as Rows<{
      locked: boolean;
    }>;
    if (!lock.rows[0]?.locked)
      return {
        ran: false,
        reminded: [],
        alerted: [],
        askReminded: [],
        expired: [],
        dateReminded: [],
        dated: [],
      };
    // The open questions with something due, through the partial index on next_nudge_at. Their
    // introductions are locked first, in id order, as an answer locks its introduction before its
    // side: the same order everywhere, so a run and an answer never deadlock.
    const dueIds = await tx
      .selectDistinct({ id: introductionSides.introductionId })
      .from(introductionSides)
      .where(and(isNotNull(introductionSides.nextNudgeAt), lte(introductionSides.nextNudgeAt, now)));
    if (dueIds.length > 0)
      await tx
        .select({ id: introductions.id })
        .from(introductions)
        .where(
          inArray(
            introductions.id,
            dueIds.map((r) => r.id),
          ),
        )
        .orderBy(introductions.id)
        .for("update");
    const due = await tx
      .select({
        side: introductionSides,
        status: introductions.status,
        settings: introductionSettings,
      })
      .from(introductionSides)
      .innerJoin(introductions, eq(introductions.id, introductionSides.introductionId))
      .leftJoin(introductionSettings, eq(introductionSettings.matchmakerId, introductionSides.matchmakerId))
      .where(and(isNotNull(introductionSides.nextNudgeAt), lte(introductionSides.nextNudgeAt, now)))
      .for("update", { of: introductionSides });
    const reminded: IntroductionJobRun["reminded"] = [];
    const alerted: IntroductionJobRun["alerted"] = [];
    const askReminded: IntroductionJobRun["askReminded"] = [];
    /** The introductions that expired, and the silent (or never asked) client of each. */
    const expiring = new Map<string, { clientId: string; cause: ExpiryCause }>();
    const updates: {
      introductionId: string;
      clientId: string;
      sent: number;
      alerted: boolean;
      next: Date | null;
    }[] = [];
    for (const { side, status, settings } of due) {
      const unasked =
        (status === "match" || status === "asking_clients") &&
        !side.askedAt &&
        side.matchedAt &&
        side.expiresAt;
      if (unasked) {
        const d = unaskedDue(
          { matchedAt: side.matchedAt!, expiresAt: side.expiresAt!, remindersSent: side.remindersSent },
          settings ?? DEFAULT_SETTINGS,
          now,
        );
        if (d.remind)
          askReminded.push({
            introductionId: side.introductionId,
            clientId: side.clientId,
            matchmakerId: side.matchmakerId,
            days: Math.floor((now.getTime() - side.matchedAt!.getTime()) / DAY_MS),
            left: Math.max(1, Math.ceil((side.expiresAt!.getTime() - now.getTime()) / DAY_MS)),
          });
        // A client who was asked and did not answer names the expiry before one never asked.
        if (d.expired && !expiring.has(side.introductionId))
          expiring.set(side.introductionId, { clientId: side.clientId, cause: "not_asked" });
        updates.push({
          introductionId: side.introductionId,
          clientId: side.clientId,
          sent: d.remindersSent,
          alerted: side.matchmakerAlerted,
          next: d.next,
        });
        continue;
      }
      const open = status === "asking_clients" && !side.answer && side.askedAt && side.expiresAt;
      if (!open) {
        updates.push({ ...side, sent: side.remindersSent, alerted: side.matchmakerAlerted, next: null });
        continue;
      }
      const d = nudgesDue(
        {
          askedAt: side.askedAt!,
          expiresAt: side.expiresAt!,
          remindersSent: side.remindersSent,
          matchmakerAlerted: side.matchmakerAlerted,
        },
        settings ?? DEFAULT_SETTINGS,
        now,
      );
      if (d.remind)
        reminded.push({
          introductionId: side.introductionId,
          clientId: side.clientId,
          expiresAt: side.expiresAt!,
        });
      if (d.alert)
        alerted.push({
          introductionId: side.introductionId,
          clientId: side.clientId,
          matchmakerId: side.matchmakerId,
          days: Math.floor((now.getTime() - side.askedAt!.getTime()) / DAY_MS),
        });
      if (d.expired) expiring.set(side.introductionId, { clientId: side.clientId, cause: "unanswered" });
      updates.push({
        introductionId: side.introductionId,
        clientId: side.clientId,
        sent: d.remindersSent,
        alerted: side.matchmakerAlerted || d.alert,
        next: d.next,
      });
    }
    // One statement for all the marks.
    for (let i = 0; i < updates.length; i += 1000) {
      const batch = updates.slice(i, i + 1000);
      await tx.execute(sql`
        update introduction_sides s
        set reminders_sent = v.sent, matchmaker_alerted = v.alerted, next_nudge_at = v.next
        from unnest(
          ${pgArray(batch.map((u) => u.introductionId))}::text[],
          ${pgArray(batch.map((u) => u.clientId))}::text[],
          ${pgArray(batch.map((u) => String(u.sent)))}::int[],
          ${pgArray(batch.map((u) => String(u.alerted)))}::boolean[],
          ${pgArray(batch.map((u) => u.next?.toISOString() ?? null))}::timestamptz[]
        ) as v(introduction_id, client_id, sent, alerted, next)
        where s.introduction_id = v.introduction_id and s.client_id = v.client_id`);
    }
    const expired =
      expiring.size === 0
        ? []
        : await tx
            .update(introductions)
            .set({ status: "expired", updatedAt: now })
            .where(
              and(
                inArray(introductions.id, [...expiring.keys()]),
                inArray(introductions.status, ["match", "asking_clients"]),
              ),
            )
            .returning();
    const dateReminded = await tx
      .update(introductions)
      .set({ dateRemindedAt: now })
      .where(
        and(
          eq(introductions.status, "date_planned"),
          isNull(introductions.dateRemindedAt),
          gt(introductions.dateStartsAt, now),
          lte(introductions.dateStartsAt, new Date(now.getTime() + DAY_MS)),
        ),
      )
      .returning();
    const dated = await tx
      .update(introductions)
      .set({ status: "dated", updatedAt: now })
      .where(and(eq(introductions.status, "date_planned"), lte(introductions.dateStartsAt, now)))
      .returning();
    const events = [
      ...reminded.map((r) => ({
        introductionId: r.introductionId,
        kind: "client_reminded",
        clientId: r.clientId,
      })),
      ...alerted.map((r) => ({
        introductionId: r.introductionId,
        kind: "matchmaker_alerted",
        clientId: r.clientId,
      })),
      ...askReminded.map((r) => ({
        introductionId: r.introductionId,
        kind: "matchmaker_reminded",
        clientId: r.clientId,
        data: {},
      })),
      ...expired.map((r) => {
        const why = expiring.get(r.id)!;
        return why.cause === "not_asked"
          ? { introductionId: r.id, kind: "expired", clientId: why.clientId, data: { cause: "not_asked" } }
          : { introductionId: r.id, kind: "expired", clientId: null };
      }),
      ...dateReminded.map((r) => ({ introductionId: r.id, kind: "date_reminded", clientId: null })),
      ...dated.map((r) => ({ introductionId: r.id, kind: "dated", clientId: null })),
    ];
    for (let i = 0; i < events.length; i += 1000) {
      await tx
        .insert(introductionEvents)
        .values(events.slice(i, i + 1000).map((e) => ({ id: newId(), data: {}, ...e, createdAt: now })));
    }
    // The moves of the state (not the reminders) reach the matchmakers' webhooks.
    await emitIntroductionWebhooks(
      tx,
      events.filter((e) => e.kind === "expired" || e.kind === "dated").map((e) => ({ ...e, at: now })),
    );
    return {
      ran: true,
      reminded,
      alerted,
      askReminded,
      expired: expired.map((row) => ({
        ...row,
        silentClientId: expiring.get(row.id)!.clientId,
        cause: expiring.get(row.id)!.cause,
      })),
      dateReminded,
      dated,
    };
  });
}

/** Sends what a run marked, after it committed: a lost e-mail is never sent twice. */
async function sendDue(deps: NotifyDeps, run: IntroductionJobRun) {
  const ids = [
    ...new Set([...run.reminded, ...run.alerted, ...run.askReminded].map((r) => r.introductionId)),
  ];
  const rows =
    ids.length === 0 ? [] : await deps.db.select().from(introductions).where(inArray(introductions.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const everyone = [...rows, ...run.dateReminded].flatMap((r) => [r.clientId, r.candidateId]);
  const people = await usersById(deps.db, everyone);
  const otherName = (row: IntroductionRow, clientId: string) =>
    people.get(clientId === row.clientId ? row.candidateId : row.clientId)!.firstName;
  // The reminders' links in one statement, then their mails a few at a time.
  const tokens = run.reminded.map(() => newToken());
  for (let i = 0; i < run.reminded.length; i += 1000) {
    await deps.db.insert(introductionLinks).values(
      run.reminded.slice(i, i + 1000).map((r, j) => ({
        tokenHash: hashToken(tokens[i + j]!),
        introductionId: r.introductionId,
        clientId: r.clientId,
        purpose: "answer" as const,
        expiresAt: r.expiresAt,
      })),
    );
  }
  await inBatches(run.reminded, MAIL_CONCURRENCY, async (r, i) => {
    const row = byId.get(r.introductionId)!;
    const client = people.get(r.clientId)!;
    if (client.status === "inactive" || !client.email) return;
    await deps.mailer
      .send(
        clientMail(
          client.locale as Locale,
          { ...client, email: client.email },
          {
            kind: "reminder",
            candidateName: otherName(row, r.clientId),
            link: linkUrl(deps.config.publicUrl, row.id, "answer", tokens[i]!, client.locale),
            expiresAt: r.expiresAt,
          },
        ),
      )
      .catch(() => {}); // the mailer logs it; a reminder is never sent twice
  });
  const notices: Notice[] = [
    ...run.alerted.map((a) => ({
      to: a.matchmakerId,
      kind: "introduction_client_silent" as const,
      introduction: byId.get(a.introductionId)!,
      subjectId: a.clientId,
      extra: { days: a.days },
    })),
    ...run.askReminded.map((a) => ({
      to: a.matchmakerId,
      kind: "introduction_ask_reminder" as const,
      introduction: byId.get(a.introductionId)!,
      subjectId: a.clientId,
      extra: { days: a.days, left: a.left },
    })),
    ...run.expired.flatMap((row) =>
      [...new Set([row.proposedBy, row.responderId])].map((to) => ({
        to,
        kind:
          row.cause === "not_asked"
            ? ("introduction_expired_unasked" as const)
            : ("introduction_expired" as const),
        introduction: row,
        subjectId: row.silentClientId,
      })),
    ),
    ...run.dateReminded.flatMap((row) =>
      [row.clientId, row.candidateId].map((to) => ({
        to,
        kind: "introduction_date_reminder" as const,
        introduction: row,
      })),
    ),
  ];
  const portal = `${deps.config.publicUrl}/admin/dashboard`;
  for (const row of run.dateReminded) {
    const date = {
      startsAt: row.dateStartsAt!,
      timeZone: row.dateTimeZone ?? FALLBACK_TIME_ZONE,
      place: row.datePlace ?? "",
      mapUrl: row.dateMapUrl,
      note: row.dateNote,
    };
    for (const clientId of [row.clientId, row.candidateId])
      await mailClient(deps, clientId, {
        kind: "date_reminder",
        candidateName: otherName(row, clientId),
        date,
        portal,
      });
  }
  await sendNotices(deps, notices);
  for (const row of run.dated) await askForFeedback(deps, row);
}

/** One run: marks and then sends. `now` is the clock (tests move it). */
export async function runIntroductionJobs(deps: NotifyDeps, now = new Date()) {
  const run = await markDue(deps.db, now);
  if (run.ran) await sendDue(deps, run);
  return run;
}

const JOB_INTERVAL_MS = 10 * 60_000;
/** Mails sent at once by a run: enough to overlap round trips, few enough to leave the pool free. */
const MAIL_CONCURRENCY = 4;

async function inBatches<T>(
  items: readonly T[],
  size: number,
  work: (item: T, index: number) => Promise<void>,
) {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)));
  }
}

/** Runs at start and every ten minutes, without keeping the process alive. */
export function startIntroductionJobs(
  deps: NotifyDeps,
  log: { warn(obj: object, msg: string): void },
): () => void {
  const run = async () => {
    try {
      await runIntroductionJobs(deps);
    } catch (err) {
      log.warn({ err }, "introduction job failed");
    }
  };
  void run();
  const timer = setInterval(run, JOB_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
