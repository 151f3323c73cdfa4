import type {
  DateBody,
  DateResponseBody,
  FeedbackBody,
  Locale,
  MyIntroductionStage,
  RecordFeedbackBody,
} from "@matchdesk/contract";
import { and, count, eq } from "drizzle-orm";
import {
  introductionEvents,
  introductionFeedback,
  introductionLinks,
  introductionSides,
  introductions,
} from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { isUniqueViolation } from "../../platform/errors.js";
import { outcomeRecorded } from "../matching/learner.js";
import { usersById } from "../matching/service.js";
import type { NotifyDeps } from "../notifications/service.js";
import { holdLivePerson } from "../users/service.js";
import { checkLink, issueLink, linkUrl, mailClient } from "./consent.js";
import {
  type DbOrTx,
  type IntroductionRow,
  introductionNotFound,
  loadVisible,
  moveTo,
  type Notice,
  recordEvent,
  sendNotices,
  sidesFor,
  toDetail,
  wrongState,
} from "./lifecycle.js";
import { dateCalendar } from "./mail.js";
import { FALLBACK_TIME_ZONE, settingsOf } from "./settings.js";

const DAY_MS = 86_400_000;
/** How long a feedback link works after the date. */
const FEEDBACK_LINK_DAYS = 14;

const clientsOf = (row: IntroductionRow) => [row.clientId, row.candidateId];
const otherOf = (row: IntroductionRow, clientId: string) =>
  clientId === row.clientId ? row.candidateId : row.clientId;

/**
 * Either matchmaker sets (or moves) the first date. A date still to come makes it `date_planned`
 * and asks both clients to confirm; a date already past (recorded after the fact) makes it
 * `dated` and asks both for feedback. Both clients get it by e-mail with an `.ics` file.
 */
export async function setDate(deps: NotifyDeps, caller: SessionUser, id: string, body: DateBody) {
  const { db } = deps;
  const row = await loadVisible(db, caller, id);
  if (row.status !== "introduced" && row.status !== "date_planned")
    throw wrongState(`The introduction is ${row.status}; a date is set once both clients said yes`);
  const startsAt = new Date(body.startsAt);
  const now = new Date();
  const past = startsAt <= now;
  // The meeting's clock: the one the matchmaker picked, else their agency's.
  const timeZone = body.timeZone ?? (await settingsOf(db, caller.id)).timeZone ?? FALLBACK_TIME_ZONE;
  const date = {
    startsAt,
    timeZone,
    place: body.place,
    mapUrl: body.mapUrl ?? null,
    note: body.note || null,
  };
  const { updated, sequence } = await db.transaction(async (tx) => {
    const moved = await moveTo(tx, row.id, ["introduced", "date_planned"], past ? "dated" : "date_planned", {
      dateStartsAt: startsAt,
      dateTimeZone: timeZone,
      datePlace: date.place,
      dateMapUrl: date.mapUrl,
      dateNote: date.note,
      dateRemindedAt: null,
    });
    await tx
      .update(introductionSides)
      .set({ dateResponse: null })
      .where(eq(introductionSides.introductionId, row.id));
    await recordEvent(tx, row.id, "date_set", {
      actorId: caller.id,
      data: {
        startsAt: startsAt.toISOString(),
        timeZone,
        place: date.place,
        mapUrl: date.mapUrl,
        note: date.note,
      },
    });
    const [sets] = await tx
      .select({ n: count() })
      .from(introductionEvents)
      .where(and(eq(introductionEvents.introductionId, row.id), eq(introductionEvents.kind, "date_set")));
    if (past) await recordEvent(tx, row.id, "dated", {});
    return { updated: moved, sequence: (sets?.n ?? 1) - 1 };
  });
  const people = await usersById(db, clientsOf(updated));
  const portal = `${deps.config.publicUrl}/admin/dashboard`;
  const notices: Notice[] = [];
  for (const clientId of clientsOf(updated)) {
    const candidateName = people.get(otherOf(updated, clientId))!.firstName;
    if (past) continue;
    await mailClient(deps, clientId, {
      kind: "date",
      candidateName,
      date,
      portal,
      ics: dateCalendar({
        introductionId: updated.id,
        sequence,
        title:
          people.get(clientId)!.locale === "en-US"
            ? `Date with ${candidateName}`
            : `Свидание с ${candidateName}`,
        date,
        url: portal,
        locale: people.get(clientId)!.locale as Locale,
      }),
    });
    notices.push({ to: clientId, kind: "introduction_date_planned", introduction: updated });
  }
  for (const m of new Set([updated.proposedBy, updated.responderId]))
    if (m !== caller.id) notices.push({ to: m, kind: "introduction_date_set", introduction: updated });
  await sendNotices(deps, notices, caller.id);
  if (past) await askForFeedback(deps, updated);
  return toDetail(db, caller, updated);
}

/** After the date: each client gets a feedback link by e-mail and a notice in the portal. */
export async function askForFeedback(deps: NotifyDeps, row: IntroductionRow, only = clientsOf(row)) {
  const people = await usersById(deps.db, clientsOf(row));
  const expiresAt = new Date(Date.now() + FEEDBACK_LINK_DAYS * DAY_MS);
  for (const clientId of only) {
    const token = await issueLink(deps.db, row.id, clientId, "feedback", expiresAt);
    await mailClient(deps, clientId, {
      kind: "feedback",
      candidateName: people.get(otherOf(row, clientId))!.firstName,
      link: linkUrl(deps.config.publicUrl, row.id, "feedback", token, people.get(clientId)!.locale),
    });
  }
  await sendNotices(
    deps,
    only.map((to) => ({ to, kind: "introduction_feedback_requested" as const, introduction: row })),
  );
}

/** A client confirms the date or asks for another time; their matchmaker (both, for a new time) is told. */
export async function respondToDate(
  deps: NotifyDeps,
  caller: SessionUser,
  id: string,
  body: DateResponseBody,
): Promise<{ stage: MyIntroductionStage }> {
  const { db } = deps;
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(introductions).where(eq(introductions.id, id)).for("update");
    const sides = locked ? await sidesFor(tx, [locked.id]) : new Map();
    if (!locked || !sides.get(`${id}:${caller.id}`)?.askedAt) throw introductionNotFound();
    // The answer is to the date the client saw: a date moved meanwhile needs a new answer.
    if (
      locked.status !== "date_planned" ||
      !locked.dateStartsAt ||
      locked.dateStartsAt <= new Date() ||
      locked.dateStartsAt.getTime() !== new Date(body.startsAt).getTime()
    )
      throw wrongState("This date is no longer the one planned");
    await tx
      .update(introductionSides)
      .set({ dateResponse: body.response })
      .where(and(eq(introductionSides.introductionId, id), eq(introductionSides.clientId, caller.id)));
    await recordEvent(
      tx,
      id,
      body.response === "confirmed" ? "date_confirmed" : "date_reschedule_requested",
      {
        clientId: caller.id,
        actorId: caller.id,
        data: { note: body.note || null },
      },
    );
    return locked;
  });
  const own = (await sidesFor(db, [id])).get(`${id}:${caller.id}`)!;
  const matchmakers =
    body.response === "confirmed" ? [own.matchmakerId] : [...new Set([row.proposedBy, row.responderId])];
  await sendNotices(
    deps,
    matchmakers.map((to) => ({
      to,
      kind:
        body.response === "confirmed"
          ? ("introduction_date_confirmed" as const)
          : ("introduction_date_reschedule" as const),
      introduction: row,
      subjectId: caller.id,
    })),
  );
  return { stage: "date" };
}

/**
 * Stores one client's feedback (once). When both have given theirs, both yes to meeting again
 * makes it `second_date`, anything else `ended`, without saying who said what.
 */
async function giveFeedback(
  deps: NotifyDeps,
  id: string,
  clientId: string,
  body: FeedbackBody,
  o: { recordedBy?: string; link?: string },
): Promise<IntroductionRow> {
  const { db } = deps;
  const notices: Notice[] = [];
  let movedToDated = false;
  const updated = await db.transaction(async (tx) => {
    if (!(await holdLivePerson(tx, clientId))) throw introductionNotFound();
    if (o.link) await checkLink(tx, id, o.link, "feedback");
    const [row] = await tx.select().from(introductions).where(eq(introductions.id, id)).for("update");
    if (!row) throw introductionNotFound();
    const sides = await sidesFor(tx, [row.id]);
    const own = sides.get(`${row.id}:${clientId}`);
    // A client never asked about it does not know of it.
    if (!own || (!o.recordedBy && !own.askedAt)) throw introductionNotFound();
    let current = row;
    if (row.status === "date_planned" && row.dateStartsAt && row.dateStartsAt <= new Date()) {
      // Ahead of the job: whoever moves it to dated asks the other client for theirs.
      current = await moveTo(tx, row.id, ["date_planned"], "dated");
      await recordEvent(tx, row.id, "dated", {});
      movedToDated = true;
    }
    if (current.status !== "dated")
      throw wrongState(`The introduction is ${current.status}; feedback follows the date`);
    try {
      await tx.insert(introductionFeedback).values({
        introductionId: row.id,
        clientId,
        happened: body.happened,
        meetAgain: body.meetAgain,
        attraction: body.ratings?.attraction ?? null,
        conversation: body.ratings?.conversation ?? null,
        sharedValues: body.ratings?.values ?? null,
        manners: body.ratings?.manners ?? null,
        reasons: [...new Set(body.reasons ?? [])],
        note: body.note || null,
        recordedBy: o.recordedBy ?? null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw wrongState("This client's feedback has already been given");
      throw error;
    }
    if (o.link) await consumeFeedbackLinks(tx, row.id, clientId);
    await recordEvent(tx, row.id, "feedback_given", {
      clientId,
      actorId: o.recordedBy ?? clientId,
      data: { happened: body.happened, meetAgain: body.meetAgain, reasons: body.reasons ?? [] },
    });
    if (!o.recordedBy)
      notices.push({
        to: own.matchmakerId,
        kind: "introduction_feedback_received",
        introduction: current,
        subjectId: clientId,
      });
    const all = await tx
      .select()
      .from(introductionFeedback)
      .where(eq(introductionFeedback.introductionId, row.id));
    if (all.length < 2) return current;
    const again = all.every((f) => f.meetAgain === "yes");
    const ended = await moveTo(tx, row.id, ["dated"], again ? "second_date" : "ended");
    await recordEvent(tx, row.id, again ? "second_date" : "ended", {});
    for (const m of new Set([row.proposedBy, row.responderId]))
      notices.push({
        to: m,
        kind: again ? "introduction_second_date" : "introduction_ended",
        introduction: ended,
      });
    return ended;
  });
  await sendNotices(deps, notices);
  await outcomeRecorded(deps.db);
  if (movedToDated && updated.status === "dated")
    await askForFeedback(deps, updated, [otherOf(updated, clientId)]);
  return updated;
}

async function consumeFeedbackLinks(tx: DbOrTx, introductionId: string, clientId: string) {
  await tx
    .update(introductionLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(introductionLinks.introductionId, introductionId),
        eq(introductionLinks.clientId, clientId),
        eq(introductionLinks.purpose, "feedback"),
      ),
    );
}

const stageAfter = (row: IntroductionRow): MyIntroductionStage =>
  row.status === "second_date" ? "second_date" : row.status === "ended" ? "closed" : "waiting";

export async function feedbackAsClient(
  deps: NotifyDeps,
  caller: SessionUser,
  id: string,
  body: FeedbackBody,
) {
  return { stage: stageAfter(await giveFeedback(deps, id, caller.id, body, {})) };
}

export async function feedbackByLink(deps: NotifyDeps, id: string, token: string, body: FeedbackBody) {
  const link = await checkLink(deps.db, id, token, "feedback");
  return { stage: stageAfter(await giveFeedback(deps, id, link.clientId, body, { link: token })) };
}

/** A matchmaker records their own client's feedback after a phone call. */
export async function recordFeedback(
  deps: NotifyDeps,
  caller: SessionUser,
  id: string,
  body: RecordFeedbackBody,
) {
  const row = await loadVisible(deps.db, caller, id);
  const sides = await sidesFor(deps.db, [row.id]);
  const side = sides.get(`${row.id}:${body.clientId}`);
  if (!side || (caller.role !== "ADMIN" && side.matchmakerId !== caller.id)) throw introductionNotFound();
  const { clientId, ...feedback } = body;
  const updated = await giveFeedback(deps, id, clientId, feedback, { recordedBy: caller.id });
  return toDetail(deps.db, caller, updated);
}
