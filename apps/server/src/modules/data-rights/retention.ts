import {
  type ClientRetentionView,
  RETENTION_DUE_LIMIT,
  RETENTION_WARNING_DAYS,
  type RetentionDueList,
  type RetentionMonths,
  type RetentionSettings,
  type SetClientRetentionBody,
} from "@matchdesk/contract";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { clientRetention, retentionSettings } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError } from "../../platform/errors.js";
import { getOwnClient } from "../clients/service.js";
import { type NotifyDeps, notify } from "../notifications/service.js";
import { type EraseDeps, eraseIfStillDue } from "./erase.js";

// Retention of inactive clients (issue 20, docs/data-erasure.md "Retention"): a matchmaker (their
// agency) may have clients without activity for 12, 24 or 36 months erased. The matchmaker is
// warned once, 30 days before; the client is then erased by the same erasure as a manual one,
// unless the matchmaker keeps them or the client became active again (which resets the clock).

// Any fixed number: the key every instance's run takes, so one marks at a time.
export const RETENTION_JOB_LOCK = 0x6d64_0020;
const DAY_MS = 86_400_000;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Rows<T> = { rows: T[] };

/*
 * A client's latest activity is `users.last_activity_at`, stored and moved forward (at most once a
 * minute) by every activity that counts: the account's creation, sign-ins and session renewals
 * (`markActive`), and, by triggers (migrations 0049 and 0053), a change of their questionnaire or
 * partner preferences, an introduction their matchmaker proposed for them, their answer to one, their reply to a planned date, feedback on a date, a photo uploaded and a chat
 * message they wrote. What their matchmaker does on the card alone (a note, a status) is not the
 * client's activity.
 */

type Candidate = {
  id: string;
  first_name: string;
  last_name: string;
  matchmaker_id: string;
  months: number;
  keep: boolean;
  warned_at: Date | string | null;
  last_activity: Date | string;
};

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** The date `months` after `from` (a calendar month, as PostgreSQL's interval counts it). */
function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

type Due = {
  dueAt: Date;
  erasesAt: Date | null;
  /** A warning was sent after the latest activity (so the erasure date stands). */
  warned: boolean;
  warnDue: boolean;
  eraseDue: boolean;
};

/**
 * What is due for one client at `now`. The warning goes when the erasure date is 30 days away or
 * less and no warning was sent since the client's latest activity; the erasure comes on the date,
 * but never less than 30 days after the warning (a setting switched on for a long-inactive client
 * warns first), and only while no activity came after the warning.
 */
function dueOf(c: Pick<Candidate, "months" | "keep" | "warned_at" | "last_activity">, now: Date): Due {
  const dueAt = addMonths(toDate(c.last_activity), c.months);
  const activity = toDate(c.last_activity).getTime();
  const warnedAt = c.warned_at === null ? null : toDate(c.warned_at);
  const warnedSinceActivity = warnedAt !== null && warnedAt.getTime() >= activity;
  const erasesAt = warnedSinceActivity
    ? new Date(Math.max(dueAt.getTime(), warnedAt!.getTime() + RETENTION_WARNING_DAYS * DAY_MS))
    : new Date(Math.max(dueAt.getTime(), now.getTime() + RETENTION_WARNING_DAYS * DAY_MS));
  if (c.keep) return { dueAt, erasesAt: null, warned: warnedSinceActivity, warnDue: false, eraseDue: false };
  return {
    dueAt,
    erasesAt,
    warned: warnedSinceActivity,
    warnDue: !warnedSinceActivity && now.getTime() >= dueAt.getTime() - RETENTION_WARNING_DAYS * DAY_MS,
    eraseDue: warnedSinceActivity && now.getTime() >= erasesAt.getTime(),
  };
}

/**
 * The clients under a retention setting: of one client, when `clientId` is given; else those with
 * something due at `dueBy`, read through `users_retention_idx` (a matchmaker's live clients by
 * latest activity): a warning or an erasure is due only once the erasure date (activity plus the
 * months) is 30 days away or less, so only clients inactive that long are read, with 3 days to
 * spare for calendar months of unequal length (`dueOf` decides exactly).
 */
async function candidates(
  db: Db | Tx,
  clientId?: string,
  dueBy?: Date,
  matchmakerId?: string,
): Promise<Candidate[]> {
  const result = (await db.execute(sql`
    select u.id, u.first_name, u.last_name, u.inviter_id as matchmaker_id, rs.months,
      coalesce(cr.keep, false) as keep, cr.warned_at, u.last_activity as last_activity
    from retention_settings rs
    -- A switched-off or erased matchmaker would never read the warning: their clients wait.
    join users m on m.id = rs.matchmaker_id and m.status = 'active' and m.erased_at is null
    cross join lateral (
      select u.id, u.first_name, u.last_name, u.inviter_id, u.last_activity_at as last_activity
      from users u
      where u.inviter_id = rs.matchmaker_id and u.role = 'INVITEE' and u.erased_at is null
        ${clientId === undefined ? sql`` : sql`and u.id = ${clientId}`}
        ${
          dueBy === undefined
            ? sql``
            : sql`and u.last_activity_at <= ${new Date(dueBy.getTime() + (RETENTION_WARNING_DAYS + 3) * DAY_MS).toISOString()}::timestamptz - make_interval(months => rs.months)`
        }
      -- Not flattened into a join: the planner, blind to how many each cutoff keeps, would scan
      -- every user; so, per matchmaker, one range of users_retention_idx (their clients, inactive
      -- since the cutoff).
      offset 0
    ) u
    left join client_retention cr on cr.client_id = u.id
    ${matchmakerId === undefined ? sql`` : sql`where rs.matchmaker_id = ${matchmakerId}`}`)) as Rows<Candidate>;
  return result.rows;
}

/** The signed-in matchmaker's setting. */
export async function retentionSettingsOf(db: Db, caller: SessionUser): Promise<RetentionSettings> {
  const [row] = await db
    .select({ months: retentionSettings.months })
    .from(retentionSettings)
    .where(eq(retentionSettings.matchmakerId, caller.id));
  return { months: (row?.months as RetentionMonths | undefined) ?? null };
}

/**
 * Sets (or switches off) the matchmaker's retention. A change forgets the warnings already sent
 * to them: each client is warned again, 30 days before the date the new setting gives.
 */
export async function saveRetentionSettings(
  db: Db,
  caller: SessionUser,
  body: RetentionSettings,
): Promise<RetentionSettings> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ months: retentionSettings.months })
      .from(retentionSettings)
      .where(eq(retentionSettings.matchmakerId, caller.id))
      .for("update");
    if ((before?.months ?? null) === body.months) return;
    if (body.months === null)
      await tx.delete(retentionSettings).where(eq(retentionSettings.matchmakerId, caller.id));
    else
      await tx
        .insert(retentionSettings)
        .values({ matchmakerId: caller.id, months: body.months })
        .onConflictDoUpdate({
          target: retentionSettings.matchmakerId,
          set: { months: body.months, updatedAt: new Date() },
        });
    await tx.execute(sql`
      update client_retention set warned_at = null, updated_at = now()
      where warned_at is not null
        and client_id in (select id from users where inviter_id = ${caller.id})`);
  });
  return retentionSettingsOf(db, caller);
}

/** One client under their matchmaker's retention; 404 for anyone else's client. */
export async function clientRetentionOf(
  db: Db,
  caller: SessionUser,
  clientId: string,
  now = new Date(),
): Promise<ClientRetentionView> {
  await getOwnClient(db, caller, clientId);
  const [row] = await candidates(db, clientId);
  if (row) {
    const due = dueOf(row, now);
    return {
      months: row.months as RetentionMonths,
      keep: row.keep,
      lastActivityAt: toDate(row.last_activity).toISOString(),
      erasesAt: due.erasesAt?.toISOString() ?? null,
      warnedAt: row.warned_at === null ? null : toDate(row.warned_at).toISOString(),
    };
  }
  // Their matchmaker has no retention: the activity and the flag, nothing due.
  const result = (await db.execute(sql`
    select coalesce(cr.keep, false) as keep, u.last_activity_at as last_activity
    from users u left join client_retention cr on cr.client_id = u.id
    where u.id = ${clientId}`)) as Rows<Pick<Candidate, "keep" | "last_activity">>;
  const off = result.rows[0];
  if (!off) throw new AppError("CLIENT_NOT_FOUND", 404, "Client not found");
  return {
    months: null,
    keep: off.keep,
    lastActivityAt: toDate(off.last_activity).toISOString(),
    erasesAt: null,
    warnedAt: null,
  };
}

/**
 * The caller's clients warned and due for erasure (not kept, no activity since the warning), the
 * soonest first: the list a digest warning leads to (the agency profile's retention card).
 */
export async function retentionDueOf(
  db: Db,
  caller: SessionUser,
  now = new Date(),
): Promise<RetentionDueList> {
  const due = (await candidates(db, undefined, now, caller.id))
    .map((c) => ({ c, due: dueOf(c, now) }))
    .filter(({ c, due }) => !c.keep && due.warned && due.erasesAt !== null)
    .sort((a, b) => a.due.erasesAt!.getTime() - b.due.erasesAt!.getTime() || a.c.id.localeCompare(b.c.id));
  return {
    items: due.slice(0, RETENTION_DUE_LIMIT).map(({ c, due }) => ({
      clientId: c.id,
      name: `${c.first_name} ${c.last_name}`.trim(),
      lastActivityAt: toDate(c.last_activity).toISOString(),
      erasesAt: due.erasesAt!.toISOString(),
    })),
    total: due.length,
  };
}

/**
 * Keeps a client (never erased for inactivity) or lets the setting apply again. Either way the
 * warning already sent is forgotten: a client let go again is warned anew before any erasure.
 */
export async function setClientRetention(
  db: Db,
  caller: SessionUser,
  clientId: string,
  body: SetClientRetentionBody,
): Promise<ClientRetentionView> {
  await getOwnClient(db, caller, clientId);
  await db
    .insert(clientRetention)
    .values({ clientId, keep: body.keep, warnedAt: null })
    .onConflictDoUpdate({
      target: clientRetention.clientId,
      set: { keep: body.keep, warnedAt: null, updatedAt: new Date() },
    });
  return clientRetentionOf(db, caller, clientId);
}

export type RetentionRun = {
  ran: boolean;
  warned: { clientId: string; matchmakerId: string; clientName: string; erasesAt: Date }[];
  erased: string[];
};

/**
 * Marks the warnings due at `now` in one transaction under an advisory lock (one instance at a
 * time; a second one skips), and lists the erasures due.
 */
async function markDue(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${RETENTION_JOB_LOCK}) as locked`,
    )) as Rows<{ locked: boolean }>;
    if (!lock.rows[0]?.locked) return null;
    const warned: RetentionRun["warned"] = [];
    const erase: string[] = [];
    for (const c of await candidates(tx, undefined, now)) {
      const due = dueOf(c, now);
      if (due.warnDue)
        warned.push({
          clientId: c.id,
          matchmakerId: c.matchmaker_id,
          clientName: `${c.first_name} ${c.last_name}`.trim(),
          erasesAt: due.erasesAt!,
        });
      if (due.eraseDue) erase.push(c.id);
    }
    for (let i = 0; i < warned.length; i += 1000) {
      const batch = warned.slice(i, i + 1000);
      await tx
        .insert(clientRetention)
        .values(batch.map((w) => ({ clientId: w.clientId, warnedAt: now, updatedAt: now })))
        .onConflictDoUpdate({
          target: clientRetention.clientId,
          set: { warnedAt: now, updatedAt: now },
        });
    }
    return { warned, erase };
  });
}

/**
 * One run at `now` (tests move it): marks and sends the warnings (after the mark committed, so a
 * warning is never sent twice), then erases each client whose date has come, one transaction
 * each. The erasure checks again, with the client's row locked, that it is still due: another
 * instance that erased them first, activity since, a "keep" or a changed setting stop it. When
 * `stop.stopped` turns true (a shutdown), no further erasure starts; the warnings marked are sent.
 */
export async function runRetention(
  deps: NotifyDeps & EraseDeps,
  now = new Date(),
  log?: Pick<FastifyBaseLogger, "warn">,
  stop: { stopped: boolean } = { stopped: false },
): Promise<RetentionRun> {
  const marked = await markDue(deps.db, now);
  if (!marked) return { ran: false, warned: [], erased: [] };
  const warned: RetentionRun["warned"] = [];
  // One warning per matchmaker per run: a client by name, or several (a setting switched on for a
  // long-inactive base) in one digest, without names, whose list is on the settings card.
  const byMatchmaker = new Map<string, RetentionRun["warned"]>();
  for (const w of marked.warned)
    byMatchmaker.set(w.matchmakerId, [...(byMatchmaker.get(w.matchmakerId) ?? []), w]);
  for (const [matchmakerId, group] of byMatchmaker) {
    const dates = group.map((w) => w.erasesAt.toISOString().slice(0, 10)).sort();
    try {
      if (group.length === 1)
        await notify(deps, matchmakerId, "client_retention_warning", {
          clientId: group[0]!.clientId,
          clientName: group[0]!.clientName,
          erasesAt: dates[0]!,
          days: RETENTION_WARNING_DAYS,
        });
      else
        await notify(deps, matchmakerId, "client_retention_digest", {
          count: group.length,
          // A first warning always names the same date, 30 days on: one date for them all.
          erasesAt: dates[0]!,
          days: RETENTION_WARNING_DAYS,
        });
      warned.push(...group);
    } catch (error) {
      // Not warned, so not marked: the next run warns again, and no erasure comes without it.
      await deps.db
        .update(clientRetention)
        .set({ warnedAt: null, updatedAt: new Date() })
        .where(
          inArray(
            clientRetention.clientId,
            group.map((w) => w.clientId),
          ),
        )
        .catch(() => undefined);
      log?.warn({ err: error, matchmakerId, clients: group.length }, "retention warning not sent");
    }
  }
  const erased: string[] = [];
  for (const id of marked.erase) {
    // Shutting down: the rest stays due for the next run.
    if (stop.stopped) break;
    // A failure (the storage away: 503) leaves the client due; the next run tries again.
    const report = await eraseIfStillDue(deps, id, now, async (tx) => {
      const [c] = await candidates(tx, id);
      return c !== undefined && dueOf(c, now).eraseDue;
    }).catch((error: unknown) => {
      log?.warn({ err: error, clientId: id }, "retention erasure failed");
      return null;
    });
    if (report) erased.push(id);
  }
  return { ran: true, warned, erased };
}

const JOB_INTERVAL_MS = 60 * 60_000;

/**
 * Runs at start and then every hour, without keeping the process alive. The function it returns
 * stops the job for a shutdown: no new run, no further warning or erasure in the one under way
 * (each erasure is its own transaction, so what is left is simply due for the next start), and
 * resolves once that run has finished, before the database is closed under it.
 */
export function startRetentionJob(deps: NotifyDeps & EraseDeps, log: FastifyBaseLogger): () => Promise<void> {
  const stop = { stopped: false };
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      const result = await runRetention(deps, new Date(), log, stop);
      if (result.erased.length > 0 || result.warned.length > 0)
        log.info({ warned: result.warned.length, erased: result.erased.length }, "retention run");
    } catch (err) {
      log.warn({ err }, "retention run failed");
    }
  };
  const start = () => {
    // One run at a time in a process: an hour's tick during a long run waits for the next.
    if (stop.stopped || running) return;
    running = run().finally(() => {
      running = null;
    });
  };
  start();
  const timer = setInterval(start, JOB_INTERVAL_MS);
  timer.unref();
  return async () => {
    stop.stopped = true;
    clearInterval(timer);
    await running;
  };
}
