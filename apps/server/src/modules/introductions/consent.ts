import type {
  AnswerBody,
  AskClientBody,
  ConsentLedgerView,
  ContactsView,
  IntroductionSettings,
  Locale,
  MyIntroductionStage,
  MyIntroductionsView,
  PublicIntroductionView,
} from "@matchdesk/contract";
import { formatPhone } from "@matchdesk/contract";
import { and, desc, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  contactReleases,
  introductionFeedback,
  introductionLinks,
  introductionSettings,
  introductionSides,
  introductions,
  users,
} from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, notFound } from "../../platform/errors.js";
import { hashToken, newId, newToken } from "../../platform/ids.js";
import { outcomeRecorded } from "../matching/learner.js";
import { profilesFor, usersById } from "../matching/service.js";
import type { NotifyDeps } from "../notifications/service.js";
import { findUser, holdLivePerson } from "../users/service.js";
import {
  CONSENTED,
  type DbOrTx,
  dateOf,
  type IntroductionRow,
  introductionNotFound,
  loadVisible,
  moveTo,
  type Notice,
  recordEvent,
  type SideRow,
  sendNotices,
  sidesFor,
  toDetail,
  wrongState,
} from "./lifecycle.js";
import { type ClientMail, clientMail } from "./mail.js";
import { nudgesDue } from "./nudges.js";
import { settingsOf } from "./settings.js";

export { DEFAULT_SETTINGS, settingsOf } from "./settings.js";

const DAY_MS = 86_400_000;

export async function updateSettings(db: Db, caller: SessionUser, body: IntroductionSettings) {
  const values = {
    matchmakerId: caller.id,
    ...body,
    reminderDays: [...new Set(body.reminderDays)].sort((a, b) => a - b),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(introductionSettings)
      .values(values)
      .onConflictDoUpdate({ target: introductionSettings.matchmakerId, set: values });
    // Open questions follow the new days from the job's next run.
    await tx
      .update(introductionSides)
      .set({ nextNudgeAt: new Date() })
      .where(
        and(
          eq(introductionSides.matchmakerId, caller.id),
          isNull(introductionSides.answer),
          isNotNull(introductionSides.nextNudgeAt),
        ),
      );
  });
  return settingsOf(db, caller.id);
}

export type LinkPurpose = "answer" | "feedback";

/** A one-click link for one client, one introduction and one purpose: only its hash is stored. */
export async function issueLink(
  db: DbOrTx,
  introductionId: string,
  clientId: string,
  purpose: LinkPurpose,
  expiresAt: Date,
) {
  const token = newToken();
  await db.insert(introductionLinks).values({
    tokenHash: hashToken(token),
    introductionId,
    clientId,
    purpose,
    expiresAt,
  });
  return token;
}

/** The link in the client's language (`lang`): its page opens in it, even once the link is spent. */
export const linkUrl = (
  publicUrl: string,
  introductionId: string,
  purpose: LinkPurpose,
  token: string,
  locale: string,
) =>
  `${publicUrl}/introductions/${introductionId}/${purpose}?token=${encodeURIComponent(token)}&lang=${locale}`;

/** Sends one client one e-mail in their language; a failed send never undoes the step. */
export async function mailClient(deps: NotifyDeps, clientId: string, mail: ClientMail) {
  const client = await findUser(deps.db, clientId);
  // A client known by phone only hears of it from their matchmaker.
  if (!client || client.status === "inactive" || !client.email) return;
  await deps.mailer
    .send(clientMail(client.locale as Locale, { ...client, email: client.email }, mail))
    .catch(() => {});
}

/**
 * The link's introduction and client, or 401 for an unknown (forged) token and 410 for a used or
 * expired one. `consume` uses it up in the caller's transaction, conditionally, so it works once.
 */
export async function checkLink(db: DbOrTx, introductionId: string, token: string, purpose: LinkPurpose) {
  const [link] = await db
    .select()
    .from(introductionLinks)
    .where(
      and(
        eq(introductionLinks.tokenHash, hashToken(token)),
        eq(introductionLinks.introductionId, introductionId),
        eq(introductionLinks.purpose, purpose),
      ),
    );
  if (!link) throw new AppError("INTRODUCTION_LINK_INVALID", 401, "This link is not valid");
  if (link.usedAt) throw new AppError("INTRODUCTION_LINK_USED", 410, "This link has already been used");
  if (link.expiresAt <= new Date())
    throw new AppError("INTRODUCTION_LINK_EXPIRED", 410, "This link has expired");
  return link;
}

async function consumeLinks(tx: DbOrTx, introductionId: string, clientId: string, purpose: LinkPurpose) {
  await tx
    .update(introductionLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(introductionLinks.introductionId, introductionId),
        eq(introductionLinks.clientId, clientId),
        eq(introductionLinks.purpose, purpose),
        isNull(introductionLinks.usedAt),
      ),
    );
}

/**
 * The caller's matchmaker asks their own client (both, one at a time, within one agency). The
 * question expires after the agency's days; the client gets an e-mail with a one-click link and
 * the question in their portal.
 */
export async function askClient(deps: NotifyDeps, caller: SessionUser, id: string, body: AskClientBody) {
  const { db } = deps;
  const row = await loadVisible(db, caller, id);
  const mine = [
    { clientId: row.clientId, matchmakerId: row.proposedBy },
    { clientId: row.candidateId, matchmakerId: row.responderId },
  ].filter((s) => caller.role === "ADMIN" || s.matchmakerId === caller.id);
  const sides = await sidesFor(db, [row.id]);
  const open = mine.filter((s) => !sides.get(`${row.id}:${s.clientId}`)?.askedAt);
  const target = body.clientId ? mine.find((s) => s.clientId === body.clientId) : (open[0] ?? mine[0]);
  if (!target) throw introductionNotFound();
  if (row.status !== "match" && row.status !== "asking_clients")
    throw wrongState(`The introduction is ${row.status}; clients are asked once both matchmakers agreed`);
  if (sides.get(`${row.id}:${target.clientId}`)?.askedAt)
    throw wrongState("This client has already been asked");
  const settings = await settingsOf(db, target.matchmakerId);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + settings.expiryDays * DAY_MS);
  const note = body.note || null;
  const { updated, token } = await db.transaction(async (tx) => {
    // The introduction first, then its side: the order the nudge job locks them in (jobs.ts), so
    // an ask during a job run waits for it instead of deadlocking with it.
    await tx
      .select({ id: introductions.id })
      .from(introductions)
      .where(eq(introductions.id, row.id))
      .for("update");
    const [asked] = await tx
      .update(introductionSides)
      .set({
        askedAt: now,
        askNote: note,
        expiresAt,
        // The reminders to the matchmaker before asking are over; the client's start from none.
        remindersSent: 0,
        matchmakerAlerted: false,
        nextNudgeAt: nudgesDue(
          { askedAt: now, expiresAt, remindersSent: 0, matchmakerAlerted: false },
          settings,
          now,
        ).next,
      })
      .where(
        and(
          eq(introductionSides.introductionId, row.id),
          eq(introductionSides.clientId, target.clientId),
          isNull(introductionSides.askedAt),
        ),
      )
      .returning();
    if (!asked) throw wrongState("This client has already been asked");
    const moved = await moveTo(tx, row.id, ["match", "asking_clients"], "asking_clients");
    await recordEvent(tx, row.id, "client_asked", {
      clientId: target.clientId,
      actorId: caller.id,
      data: { note, expiresAt: expiresAt.toISOString() },
    });
    return { updated: moved, token: await issueLink(tx, row.id, target.clientId, "answer", expiresAt) };
  });
  const people = await usersById(db, [row.clientId, row.candidateId]);
  const candidate = people.get(target.clientId === row.clientId ? row.candidateId : row.clientId)!;
  await mailClient(deps, target.clientId, {
    kind: "question",
    candidateName: candidate.firstName,
    note,
    link: linkUrl(deps.config.publicUrl, row.id, "answer", token, people.get(target.clientId)!.locale),
    expiresAt,
  });
  await sendNotices(deps, [{ to: target.clientId, kind: "introduction_question", introduction: updated }]);
  return toDetail(db, caller, updated);
}

/**
 * Records a client's answer. The introduction row is locked, so when both clients answer at once
 * the second sees the first: both yes makes it `introduced`, a no makes it `declined`. The other
 * side learns "declined", never the reason.
 */
async function answerAs(
  deps: NotifyDeps,
  introductionId: string,
  clientId: string,
  body: AnswerBody,
  via: { link?: { token: string } },
): Promise<{ stage: MyIntroductionStage }> {
  const { db } = deps;
  const notices: Notice[] = [];
  const result = await db.transaction(async (tx) => {
    if (!(await holdLivePerson(tx, clientId))) throw introductionNotFound();
    if (via.link) await checkLink(tx, introductionId, via.link.token, "answer");
    const [row] = await tx
      .select()
      .from(introductions)
      .where(eq(introductions.id, introductionId))
      .for("update");
    if (!row) throw introductionNotFound();
    const sides = await sidesFor(tx, [row.id]);
    const own = sides.get(`${row.id}:${clientId}`);
    if (!own?.askedAt) throw introductionNotFound();
    // One neutral answer whatever closed it: the client never learns the other's answer this way.
    if (row.status !== "asking_clients" || own.answer || (own.expiresAt && own.expiresAt <= new Date()))
      throw via.link
        ? new AppError("INTRODUCTION_LINK_EXPIRED", 410, "This link has expired")
        : wrongState("This question is closed");
    const now = new Date();
    await tx
      .update(introductionSides)
      .set({
        answer: body.answer,
        reason: body.answer === "no" ? (body.reason ?? null) : null,
        comment: body.comment || null,
        answeredAt: now,
        nextNudgeAt: null,
      })
      .where(and(eq(introductionSides.introductionId, row.id), eq(introductionSides.clientId, clientId)));
    await consumeLinks(tx, row.id, clientId, "answer");
    await recordEvent(tx, row.id, "client_answered", {
      clientId,
      actorId: clientId,
      at: now,
      data: {
        answer: body.answer,
        reason: body.answer === "no" ? (body.reason ?? null) : null,
        comment: body.comment || null,
        via: via.link ? "link" : "portal",
      },
    });
    notices.push({
      to: own.matchmakerId,
      kind: body.answer === "yes" ? "introduction_client_yes" : "introduction_client_no",
      introduction: row,
      subjectId: clientId,
    });
    const otherId = clientId === row.clientId ? row.candidateId : row.clientId;
    const other = sides.get(`${row.id}:${otherId}`);
    if (body.answer === "no") {
      const moved = await moveTo(tx, row.id, ["asking_clients"], "declined");
      await recordEvent(tx, row.id, "declined", { at: now });
      if (other && other.matchmakerId !== own.matchmakerId)
        notices.push({ to: other.matchmakerId, kind: "introduction_declined", introduction: moved });
      return { stage: "closed" as const };
    }
    if (other?.answer === "yes") {
      const moved = await moveTo(tx, row.id, ["asking_clients"], "introduced", { introducedAt: now });
      await recordEvent(tx, row.id, "introduced", { at: now });
      for (const m of new Set([own.matchmakerId, other.matchmakerId]))
        notices.push({ to: m, kind: "introduction_introduced", introduction: moved });
      notices.push({ to: otherId, kind: "introduction_both_yes", introduction: moved });
      notices.push({ to: clientId, kind: "introduction_both_yes", introduction: moved });
      return { stage: "introduced" as const };
    }
    return { stage: "waiting" as const };
  });
  await sendNotices(deps, notices);
  await outcomeRecorded(deps.db);
  return result;
}

export function answerAsClient(deps: NotifyDeps, caller: SessionUser, id: string, body: AnswerBody) {
  return answerAs(deps, id, caller.id, body, {});
}

export async function answerByLink(deps: NotifyDeps, id: string, token: string, body: AnswerBody) {
  const link = await checkLink(deps.db, id, token, "answer");
  return answerAs(deps, id, link.clientId, body, { link: { token } });
}

/** What a one-click link shows: the candidate's shared view (their matchmaker's display settings, no contacts). */
export async function linkView(
  db: Db,
  id: string,
  token: string,
  purpose: LinkPurpose,
): Promise<PublicIntroductionView> {
  const link = await checkLink(db, id, token, purpose);
  const [row] = await db.select().from(introductions).where(eq(introductions.id, id));
  if (!row) throw introductionNotFound();
  // A question closes with its introduction (declined, expired, cancelled), without saying how.
  const open = purpose === "answer" ? ["asking_clients"] : ["date_planned", "dated"];
  if (!open.includes(row.status))
    throw new AppError("INTRODUCTION_LINK_EXPIRED", 410, "This link has expired");
  const sides = await sidesFor(db, [row.id]);
  const candidateId = link.clientId === row.clientId ? row.candidateId : row.clientId;
  const people = await usersById(db, [link.clientId, candidateId]);
  const [candidate] = await profilesFor(db, [{ user: people.get(candidateId)!, full: false }]);
  return {
    id: row.id,
    purpose,
    clientFirstName: people.get(link.clientId)!.firstName,
    locale: people.get(link.clientId)!.locale === "en-US" ? "en-US" : "ru-RU",
    candidate: candidate!,
    note: sides.get(`${row.id}:${link.clientId}`)?.askNote ?? null,
    date: dateOf(row),
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** A client's stage in one of their introductions: never the other side's answer before theirs. */
export function stageOf(
  row: IntroductionRow,
  own: SideRow,
  feedbackGiven: boolean,
  now: Date,
): MyIntroductionStage {
  switch (row.status) {
    case "asking_clients":
      if (own.answer) return "waiting";
      return own.expiresAt && own.expiresAt <= now ? "closed" : "question";
    case "introduced":
      return "introduced";
    case "date_planned":
      if (row.dateStartsAt && row.dateStartsAt <= now) return feedbackGiven ? "waiting" : "feedback";
      return "date";
    case "dated":
      return feedbackGiven ? "waiting" : "feedback";
    case "second_date":
      return "second_date";
    default:
      return "closed";
  }
}

/** The client portal: every introduction the client was asked about, newest first. */
export async function myIntroductions(db: Db, caller: SessionUser): Promise<MyIntroductionsView> {
  const rows = await db
    .select({ intro: introductions, side: introductionSides })
    .from(introductionSides)
    .innerJoin(introductions, eq(introductions.id, introductionSides.introductionId))
    .where(and(eq(introductionSides.clientId, caller.id), isNotNull(introductionSides.askedAt)))
    .orderBy(desc(introductions.updatedAt))
    .limit(100);
  if (rows.length === 0) return { items: [] };
  const ids = rows.map((r) => r.intro.id);
  const given = await db
    .select({ id: introductionFeedback.introductionId })
    .from(introductionFeedback)
    .where(
      and(inArray(introductionFeedback.introductionId, ids), eq(introductionFeedback.clientId, caller.id)),
    );
  const givenIds = new Set(given.map((g) => g.id));
  const otherIds = rows.map((r) => (r.intro.clientId === caller.id ? r.intro.candidateId : r.intro.clientId));
  const people = await usersById(db, otherIds);
  const profiles = await profilesFor(
    db,
    otherIds.map((id) => ({ user: people.get(id)!, full: false })),
  );
  const now = new Date();
  return {
    items: rows.map(({ intro, side }, i) => ({
      id: intro.id,
      stage: stageOf(intro, side, givenIds.has(intro.id), now),
      candidate: profiles[i]!,
      note: side.askNote,
      askedAt: side.askedAt?.toISOString() ?? null,
      expiresAt: side.expiresAt?.toISOString() ?? null,
      answer: side.answer,
      date: CONSENTED.includes(intro.status) ? dateOf(intro) : null,
      dateResponse: side.dateResponse,
      feedbackGiven: givenIds.has(intro.id),
      updatedAt: intro.updatedAt.toISOString(),
    })),
  };
}

/**
 * The other side's contacts, only after both clients said yes (403 CONSENT_REQUIRED before).
 * Each answer that shows them is a ledger row per person shown: whose, which fields, to whom,
 * when, under which two yeses.
 */
export async function contactsFor(db: Db, caller: SessionUser, id: string): Promise<ContactsView> {
  const [row] = await db.select().from(introductions).where(eq(introductions.id, id));
  if (!row) throw introductionNotFound();
  const matchmakerSides = [
    { clientId: row.clientId, matchmakerId: row.proposedBy },
    { clientId: row.candidateId, matchmakerId: row.responderId },
  ];
  let subjects: string[];
  if (caller.role === "ADMIN") subjects = [row.clientId, row.candidateId];
  else if (caller.role === "INVITEE") {
    if (caller.id !== row.clientId && caller.id !== row.candidateId) throw introductionNotFound();
    subjects = [caller.id === row.clientId ? row.candidateId : row.clientId];
  } else {
    const mine = matchmakerSides.filter((s) => s.matchmakerId === caller.id);
    if (mine.length === 0) throw introductionNotFound();
    // Within one agency both clients are the caller's own; across agencies, the other side's.
    subjects =
      mine.length === 2
        ? [row.clientId, row.candidateId]
        : matchmakerSides.filter((s) => s.matchmakerId !== caller.id).map((s) => s.clientId);
  }
  const sides = await sidesFor(db, [row.id]);
  const consents = [row.clientId, row.candidateId].map((c) => sides.get(`${row.id}:${c}`));
  const consented =
    CONSENTED.includes(row.status) && consents.every((s) => s?.answer === "yes" && s.answeredAt);
  if (!consented)
    throw new AppError("CONSENT_REQUIRED", 403, "Contacts are shared only after both clients said yes");
  const people = await db.select().from(users).where(inArray(users.id, subjects));
  const consentData = consents.map((s) => ({
    clientId: s!.clientId,
    answeredAt: s!.answeredAt!.toISOString(),
  }));
  const contacts = people.map((p) => ({
    clientId: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    // Stored as E.164; shown as people read and dial it.
    phone: p.phone ? formatPhone(p.phone) : null,
  }));
  // The ledger rows and the timeline's event (with its webhook) are stored together or not at all.
  await db.transaction(async (tx) => {
    await tx.insert(contactReleases).values(
      contacts.map((c) => ({
        id: newId(),
        introductionId: row.id,
        subjectId: c.clientId,
        recipientId: caller.id,
        fields: [...(c.email ? ["email"] : []), ...(c.phone ? ["phone"] : [])],
        consents: consentData,
      })),
    );
    await recordEvent(tx, row.id, "contacts_released", { actorId: caller.id });
  });
  return { contacts };
}

/** What of this client was released, to whom and when: for the client's matchmaker and admins. */
export async function consentLedger(
  db: Db,
  caller: SessionUser,
  clientId: string,
): Promise<ConsentLedgerView> {
  const client = await findUser(db, clientId);
  if (client?.role !== "INVITEE" || (caller.role !== "ADMIN" && client.inviterId !== caller.id))
    throw notFound("CLIENT_NOT_FOUND", "Client not found");
  return consentLedgerOf(db, clientId);
}

/**
 * What of this client was released, newest first (the newest 200, or all of it for an export),
 * for a caller whose right was checked.
 */
export async function consentLedgerOf(
  db: Db,
  clientId: string,
  o: { all?: boolean } = {},
): Promise<ConsentLedgerView> {
  const query = db
    .select({ release: contactReleases, recipient: users })
    .from(contactReleases)
    .innerJoin(users, eq(users.id, contactReleases.recipientId))
    .where(eq(contactReleases.subjectId, clientId))
    .orderBy(desc(contactReleases.createdAt), desc(contactReleases.id));
  const rows = await (o.all ? query : query.limit(200));
  return {
    items: rows.map(({ release, recipient }) => ({
      id: release.id,
      introductionId: release.introductionId,
      subjectId: release.subjectId,
      recipientId: recipient.id,
      recipientName: `${recipient.firstName} ${recipient.lastName}`.trim(),
      recipientRole:
        recipient.role === "INVITEE" ? "client" : recipient.role === "ADMIN" ? "admin" : "matchmaker",
      fields: release.fields as ("email" | "phone")[],
      consents: release.consents,
      releasedAt: release.createdAt.toISOString(),
    })),
  };
}

/** Links expire with their question; housekeeping deletes them a month later. */
export async function sweepIntroductionLinks(db: Db, now: Date) {
  await db
    .delete(introductionLinks)
    .where(lt(introductionLinks.expiresAt, new Date(now.getTime() - 30 * DAY_MS)));
}
