import {
  DEFAULT_DISPLAYED,
  INTRODUCTION_GROUP_STATUSES,
  type IntroductionAction,
  type IntroductionBody,
  type IntroductionDetail,
  type IntroductionEventView,
  type IntroductionStatus,
  type IntroductionsQuery,
  type IntroductionView,
  type NotificationKind,
  type PublicProfileView,
  type WaitingOn,
} from "@matchdesk/contract";
import { and, asc, count, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  agencyProfiles,
  clientProfiles,
  introductionCounts,
  introductionEvents,
  introductionFeedback,
  introductionSides,
  introductions,
  users,
} from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { conflict, isUniqueViolation, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { agencyNamesOf } from "../agencies/service.js";
import { learnedChance } from "../matching/chance.js";
import {
  candidateNotFound,
  loadCandidates,
  loadOwnClient,
  profilesFor,
  usersById,
} from "../matching/service.js";
import { type NotifyDeps, notify } from "../notifications/service.js";
import type { UserRow } from "../users/service.js";
import { emitWebhookEvent } from "../webhooks/service.js";
import { unaskedDue } from "./nudges.js";
import { FALLBACK_TIME_ZONE, settingsOf } from "./settings.js";

// SPEC 4 and API.md "Introductions after the match": an introduction between two clients, possibly
// of two agencies, from the matchmakers' proposal through both clients' answers, the first date
// and feedback from both sides. Every move is a conditional update on the state, so two parallel
// moves cannot both succeed, and leaves an event row: the timeline. Every other move answers 409
// INTRODUCTION_STATE; a pair has at most one introduction that is not cancelled.

export type IntroductionRow = typeof introductions.$inferSelect;
export type SideRow = typeof introductionSides.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export const introductionNotFound = () => notFound("INTRODUCTION_NOT_FOUND", "Introduction not found");
export const wrongState = (message: string) => conflict("INTRODUCTION_STATE", message);

export const pairKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** States in which the clients' contacts are open to each other (both said yes). */
export const CONSENTED: readonly IntroductionStatus[] = [
  "introduced",
  "date_planned",
  "dated",
  "second_date",
  "ended",
];
/** States a matchmaker may still cancel from. */
const CANCELLABLE: readonly IntroductionStatus[] = [
  "awaiting_response",
  "match",
  "asking_clients",
  "introduced",
  "date_planned",
];
/** The workspace's tabs (the contract's, so the web counts the same). */
const GROUPS = INTRODUCTION_GROUP_STATUSES;

/** Appends one step to an introduction's timeline. */
export async function recordEvent(
  db: DbOrTx,
  introductionId: string,
  kind: IntroductionEventView["kind"],
  o: { clientId?: string | null; actorId?: string | null; data?: Record<string, unknown>; at?: Date } = {},
) {
  const at = o.at ?? new Date();
  await db.insert(introductionEvents).values({
    id: newId(),
    introductionId,
    kind,
    clientId: o.clientId ?? null,
    actorId: o.actorId ?? null,
    data: o.data ?? {},
    createdAt: at,
  });
  await emitIntroductionWebhooks(db, [
    { introductionId, kind, clientId: o.clientId ?? null, data: o.data, at },
  ]);
}

/**
 * The timeline's steps as webhook events (issue 18), in the same transaction: every step is an
 * `introduction.updated` for both sides' matchmakers, and a client's feedback also a
 * `feedback.received`. Carries the introduction's state, never the other agency's client data.
 */
export async function emitIntroductionWebhooks(
  db: DbOrTx,
  steps: readonly {
    introductionId: string;
    kind: string;
    clientId?: string | null;
    data?: Record<string, unknown> | undefined;
    at: Date;
  }[],
) {
  if (steps.length === 0) return;
  const ids = [...new Set(steps.map((s) => s.introductionId))];
  const rows = await db
    .select({
      id: introductions.id,
      status: introductions.status,
      clientId: introductionSides.clientId,
      matchmakerId: introductionSides.matchmakerId,
    })
    .from(introductions)
    .innerJoin(introductionSides, eq(introductionSides.introductionId, introductions.id))
    .where(inArray(introductions.id, ids));
  for (const step of steps) {
    const sides = rows.filter((r) => r.id === step.introductionId);
    if (sides.length === 0) continue;
    const introduction = {
      id: step.introductionId,
      status: sides[0]!.status,
      clientIds: sides.map((s) => s.clientId),
    };
    const owners = sides.map((s) => s.matchmakerId);
    const base = {
      introduction,
      step: step.kind,
      clientId: step.clientId ?? null,
      at: step.at.toISOString(),
    };
    await emitWebhookEvent(db, owners, "introduction.updated", base);
    if (step.kind === "feedback_given" && step.clientId) {
      // Each matchmaker hears the feedback of their own client only.
      const own = sides.filter((s) => s.clientId === step.clientId).map((s) => s.matchmakerId);
      await emitWebhookEvent(db, own, "feedback.received", {
        introduction,
        clientId: step.clientId,
        happened: step.data?.happened ?? null,
        meetAgain: step.data?.meetAgain ?? null,
        reasons: step.data?.reasons ?? [],
        at: step.at.toISOString(),
      });
    }
  }
}

/**
 * Moves an introduction from one of `from` to `to` (with any other columns), or throws 409: the
 * update is conditional on the state, so of two racing moves one wins.
 */
export async function moveTo(
  db: DbOrTx,
  id: string,
  from: readonly IntroductionStatus[],
  to: IntroductionStatus,
  extra: Partial<IntroductionRow> = {},
): Promise<IntroductionRow> {
  const [row] = await db
    .update(introductions)
    .set({ ...extra, status: to, updatedAt: new Date() })
    .where(and(eq(introductions.id, id), inArray(introductions.status, [...from])))
    .returning();
  if (!row) throw wrongState(`The introduction cannot move to ${to} from its current state`);
  return row;
}

/**
 * At the match, each side's matchmaker has the agency's days to ask their client: the job reminds
 * them until they do, and expires the introduction on the expiry day if one never asks.
 */
export async function startAskClock(tx: DbOrTx, introductionId: string, now: Date) {
  const sides = await tx
    .select()
    .from(introductionSides)
    .where(and(eq(introductionSides.introductionId, introductionId), isNull(introductionSides.askedAt)));
  for (const side of sides) {
    const settings = await settingsOf(tx, side.matchmakerId);
    const expiresAt = new Date(now.getTime() + settings.expiryDays * 86_400_000);
    await tx
      .update(introductionSides)
      .set({
        matchedAt: now,
        expiresAt,
        remindersSent: 0,
        nextNudgeAt: unaskedDue({ matchedAt: now, expiresAt, remindersSent: 0 }, settings, now).next,
      })
      .where(
        and(
          eq(introductionSides.introductionId, introductionId),
          eq(introductionSides.clientId, side.clientId),
          isNull(introductionSides.askedAt),
        ),
      );
  }
}

/** A notification to send once the transaction that decided it has committed. */
export type Notice = {
  to: string;
  kind: NotificationKind;
  introduction: IntroductionRow;
  /** The client the notice is about (who answered, confirmed, stayed silent); named first. */
  subjectId?: string;
  extra?: Record<string, string | number>;
};

/**
 * Sends notices once the step they tell of has committed. A matchmaker reads two first names: the
 * client the notice is about first (who answered, confirmed, stayed silent), else their own client;
 * a client reads the other client's. A failure to notify stays a failure (503 on an outage), though
 * the step itself is kept.
 */
export async function sendNotices(deps: NotifyDeps, notices: readonly Notice[], actorId?: string) {
  if (notices.length === 0) return;
  const ids = notices.flatMap((n) => [n.introduction.clientId, n.introduction.candidateId, n.to]);
  const people = await usersById(deps.db, actorId ? [...ids, actorId] : ids);
  const actor = actorId ? people.get(actorId) : undefined;
  for (const n of notices) {
    const reader = people.get(n.to)!;
    const { clientId, candidateId, proposedBy, responderId } = n.introduction;
    const otherOf = (id: string) => (id === clientId ? candidateId : clientId);
    const own =
      proposedBy === responderId ? (n.subjectId ?? clientId) : responderId === n.to ? candidateId : clientId;
    const first = n.subjectId ?? own;
    const params: Record<string, string | number> =
      reader.role === "INVITEE"
        ? { candidateName: people.get(otherOf(n.to))!.firstName }
        : {
            clientName: people.get(first)!.firstName,
            candidateName: people.get(otherOf(first))!.firstName,
            // The page the notice links to: the reader's own client's.
            clientId: own,
          };
    if (actor) params.matchmakerName = `${actor.firstName} ${actor.lastName}`.trim();
    params.introductionId = n.introduction.id;
    await notify(deps, n.to, n.kind, { ...params, ...n.extra });
  }
}

/** The caller's side of an introduction: the proposer's unless the caller is (only) the responder. */
export function sidesOf(
  caller: SessionUser,
  row: Pick<IntroductionRow, "proposedBy" | "responderId" | "clientId" | "candidateId">,
) {
  const outgoing = row.proposedBy === caller.id || caller.role === "ADMIN" || row.responderId !== caller.id;
  return {
    outgoing,
    ownId: outgoing ? row.clientId : row.candidateId,
    otherId: outgoing ? row.candidateId : row.clientId,
    sameAgency: row.proposedBy === row.responderId,
    ownMatchmaker: outgoing ? row.proposedBy : row.responderId,
    otherMatchmaker: outgoing ? row.responderId : row.proposedBy,
  };
}

function visibleTo(caller: SessionUser): SQL | undefined {
  if (caller.role === "ADMIN") return undefined;
  return or(eq(introductions.proposedBy, caller.id), eq(introductions.responderId, caller.id));
}

/** An introduction the caller (a matchmaker of either side, or an admin) may see, or 404. */
export async function loadVisible(db: DbOrTx, caller: SessionUser, id: string): Promise<IntroductionRow> {
  const [row] = await db
    .select()
    .from(introductions)
    .where(and(eq(introductions.id, id), visibleTo(caller)));
  if (!row) throw introductionNotFound();
  return row;
}

export async function sidesFor(db: DbOrTx, ids: readonly string[]): Promise<Map<string, SideRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(introductionSides)
    .where(inArray(introductionSides.introductionId, [...ids]));
  return new Map(rows.map((s) => [`${s.introductionId}:${s.clientId}`, s]));
}

async function feedbackGivenFor(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ introductionId: introductionFeedback.introductionId, clientId: introductionFeedback.clientId })
    .from(introductionFeedback)
    .where(inArray(introductionFeedback.introductionId, [...ids]));
  return new Set(rows.map((r) => `${r.introductionId}:${r.clientId}`));
}

type Person = Pick<UserRow, "id" | "firstName" | "lastName" | "role">;

/** What a list needs of a client's side: asked yet, the answer, the answer to the date. */
type SideState = { asked: boolean; answer: SideRow["answer"]; dateResponse: SideRow["dateResponse"] };

/** Sides matter while clients are asked or a date is planned; feedback once the date is near. */
const SIDE_STATUSES = ["match", "asking_clients", "date_planned"] as const;
const FEEDBACK_STATUSES = ["date_planned", "dated"] as const;
const nameOf = (u: Person) => (u.role === "INVITEE" ? u.firstName : `${u.firstName} ${u.lastName}`.trim());

/**
 * Who must act next. Before the match, the responding matchmaker; then each side's matchmaker
 * until they asked their client, and the client until they answered; once introduced, either
 * matchmaker sets the date; each client confirms it, and after it each client gives feedback.
 */
function waitingOnOf(
  row: CardRow,
  side: ReturnType<typeof sidesOf>,
  sides: Map<string, SideState>,
  feedback: Set<string>,
  people: Map<string, Person>,
  now: Date,
): WaitingOn[] {
  const entry = (
    role: WaitingOn["role"],
    userId: string,
    action: WaitingOn["action"],
    own: boolean,
  ): WaitingOn => ({
    role,
    side: own ? "own" : "other",
    userId,
    name: nameOf(people.get(userId)!),
    action,
  });
  const both = [
    { clientId: side.ownId, matchmakerId: side.ownMatchmaker, own: true },
    { clientId: side.otherId, matchmakerId: side.otherMatchmaker, own: false },
  ];
  const sideOf = (clientId: string) => sides.get(`${row.id}:${clientId}`);
  switch (row.status) {
    case "awaiting_response":
      return [entry("matchmaker", row.responderId, "respond", side.ownMatchmaker === row.responderId)];
    case "match":
    case "asking_clients":
      return both.flatMap((b) => {
        const s = sideOf(b.clientId);
        if (!s?.asked) return [entry("matchmaker", b.matchmakerId, "ask_client", b.own)];
        if (!s.answer) return [entry("client", b.clientId, "answer", b.own)];
        return [];
      });
    case "introduced":
      return both
        .filter((b, i) => i === 0 || b.matchmakerId !== both[0]!.matchmakerId)
        .map((b) => entry("matchmaker", b.matchmakerId, "set_date", b.own));
    case "date_planned": {
      if (row.dateStartsAt && row.dateStartsAt <= now)
        return both
          .filter((b) => !feedback.has(`${row.id}:${b.clientId}`))
          .map((b) => entry("client", b.clientId, "feedback", b.own));
      const reschedule = both.filter((b) => sideOf(b.clientId)?.dateResponse === "reschedule");
      if (reschedule.length > 0)
        return both
          .filter((b, i) => i === 0 || b.matchmakerId !== both[0]!.matchmakerId)
          .map((b) => entry("matchmaker", b.matchmakerId, "set_date", b.own));
      return both
        .filter((b) => !sideOf(b.clientId)?.dateResponse)
        .map((b) => entry("client", b.clientId, "confirm_date", b.own));
    }
    case "dated":
      return both
        .filter((b) => !feedback.has(`${row.id}:${b.clientId}`))
        .map((b) => entry("client", b.clientId, "feedback", b.own));
    default:
      return [];
  }
}

/** The first date as the API shows it, at its own time zone. */
export const dateOf = (
  row: Pick<IntroductionRow, "dateStartsAt" | "datePlace" | "dateTimeZone" | "dateMapUrl" | "dateNote">,
) =>
  row.dateStartsAt && row.datePlace
    ? {
        startsAt: row.dateStartsAt.toISOString(),
        timeZone: row.dateTimeZone ?? FALLBACK_TIME_ZONE,
        place: row.datePlace,
        mapUrl: row.dateMapUrl,
        note: row.dateNote,
      }
    : null;

/** A person of a list card: the name, and for a client the city and what their matchmaker shows. */
type CardPerson = Person & { display: Record<string, boolean> | null; city: string | null };

type StatusCount = { status: IntroductionStatus; n: number };

/** What a list card reads of an introduction: the page statement selects no more. */
export type CardRow = Pick<
  IntroductionRow,
  | "id"
  | "status"
  | "clientId"
  | "candidateId"
  | "proposedBy"
  | "responderId"
  | "dateStartsAt"
  | "datePlace"
  | "dateMapUrl"
  | "dateNote"
  | "dateTimeZone"
  | "createdAt"
  | "updatedAt"
>;

/** A client's side of a card: asked, the answer, the answer to the date, feedback given. */
type SideTuple = [boolean, SideRow["answer"], SideRow["dateResponse"], boolean];
/** One card as the page statement answers it (timestamps as ISO text). */
type CardTuple = [
  string,
  IntroductionStatus,
  string,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
  string,
  SideTuple,
  SideTuple,
];
/** A person of the page: id, first and last name, role, display settings, city, agency name. */
type PersonTuple = [
  string,
  string,
  string,
  Person["role"],
  Record<string, boolean> | null,
  string | null,
  string | null,
];

/** A constant list of statuses for a statement's text (ours, never input). */
const statusList = (statuses: readonly IntroductionStatus[]) =>
  sql.raw(statuses.map((s) => `'${s}'`).join(", "));

/** A PostgreSQL array literal of ids, sent as one parameter (one statement text for any count). */
const idArray = (ids: Iterable<string>) =>
  `{${[...ids].map((id) => `"${id.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

/**
 * A page of introductions with everything its cards need, in two statements. The first reads the
 * page (`page` picks the ids, with `updated_at` for the order), each card with both clients' sides
 * and whether each gave feedback (only in the states whose next step needs them) and, with
 * `counts`, the tab counts (an uncorrelated subquery, computed once). The second reads the page's
 * people once each: names, the clients' cities and display settings, the matchmakers' agencies.
 * Each answer is one JSON value: PGlite decodes every field of a result on its own, and a page of
 * 20 rows of 20 columns cost more to decode than to find. Joining the people into the first
 * statement read each matchmaker once per card, and a join of 13 tables took PostgreSQL 20 ms to
 * plan, more than the two statements take to run.
 */
async function cardPage(
  db: Db,
  page: SQL,
  counts?: SQL,
): Promise<{
  rows: CardRow[];
  people: Map<string, CardPerson>;
  sides: Map<string, SideState>;
  feedback: Set<string>;
  agencies: Map<string, string | null>;
  /** The tab counts read with the page; undefined when not asked. */
  counts: StatusCount[] | undefined;
}> {
  const sides = statusList(SIDE_STATUSES);
  const feedbackFrom = statusList(FEEDBACK_STATUSES);
  const found = (await db.execute(sql`
    select ${counts ? sql`(${counts})` : sql`null`} as counts, (
      select json_agg(json_build_array(p.id, p.status, p.client_id, p.candidate_id, p.proposed_by,
          p.responder_id, p.date_starts_at, p.date_place, p.date_map_url, p.date_note, p.date_time_zone,
          p.created_at, p.updated_at,
          json_build_array(s1.asked_at is not null, s1.answer, s1.date_response, f1.client_id is not null),
          json_build_array(s2.asked_at is not null, s2.answer, s2.date_response, f2.client_id is not null)
        ) order by k.updated_at desc, k.id desc)
      from ${page} k
      join ${introductions} p on p.id = k.id
      left join ${introductionSides} s1
        on s1.introduction_id = p.id and s1.client_id = p.client_id and p.status in (${sides})
      left join ${introductionSides} s2
        on s2.introduction_id = p.id and s2.client_id = p.candidate_id and p.status in (${sides})
      left join ${introductionFeedback} f1
        on f1.introduction_id = p.id and f1.client_id = p.client_id and p.status in (${feedbackFrom})
      left join ${introductionFeedback} f2
        on f2.introduction_id = p.id and f2.client_id = p.candidate_id and p.status in (${feedbackFrom})
    ) as cards`)) as {
    rows: { cards: CardTuple[] | null; counts: [IntroductionStatus, number][] | null }[];
  };
  const { cards, counts: countRows } = found.rows[0]!;
  const rows: CardRow[] = [];
  const sideStates = new Map<string, SideState>();
  const feedback = new Set<string>();
  const ids = new Set<string>();
  for (const card of cards ?? []) {
    const [id, status, clientId, candidateId, proposedBy, responderId, startsAt, place, mapUrl, note, zone] =
      card;
    rows.push({
      id,
      status,
      clientId,
      candidateId,
      proposedBy,
      responderId,
      dateStartsAt: startsAt === null ? null : new Date(startsAt),
      datePlace: place,
      dateMapUrl: mapUrl,
      dateNote: note,
      dateTimeZone: zone,
      createdAt: new Date(card[11]),
      updatedAt: new Date(card[12]),
    });
    for (const personId of [clientId, candidateId, proposedBy, responderId]) ids.add(personId);
    for (const [clientOf, [asked, answer, dateResponse, gaveFeedback]] of [
      [clientId, card[13]],
      [candidateId, card[14]],
    ] as const) {
      if ((SIDE_STATUSES as readonly string[]).includes(status))
        sideStates.set(`${id}:${clientOf}`, { asked, answer, dateResponse });
      if (gaveFeedback) feedback.add(`${id}:${clientOf}`);
    }
  }
  const people = new Map<string, CardPerson>();
  const agencies = new Map<string, string | null>();
  if (ids.size > 0) {
    const found = (await db.execute(sql`
      select json_agg(json_build_array(u.id, u.first_name, u.last_name, u.role, cp.display_settings,
          cp.city, a.agency_name)) as people
      from ${users} u
      left join ${clientProfiles} cp on cp.user_id = u.id
      left join ${agencyProfiles} a on a.user_id = u.id
      where u.id = any(${idArray(ids)}::text[])`)) as { rows: { people: PersonTuple[] | null }[] };
    for (const [id, firstName, lastName, role, display, city, agencyName] of found.rows[0]?.people ?? []) {
      people.set(id, { id, firstName, lastName, role, display, city });
      agencies.set(id, agencyName);
    }
  }
  return {
    rows,
    people,
    sides: sideStates,
    feedback,
    agencies,
    counts: countRows?.map(([status, n]) => ({ status, n })),
  };
}

/**
 * What a list card shows of a client: the name and city, as far as their matchmaker displays them
 * (all of it for one's own client); the card's history opens the full views.
 */
function cardOf(person: CardPerson, full: boolean): PublicProfileView {
  const shows = (field: "firstName" | "lastName" | "city") =>
    full || (person.display?.[field] ?? DEFAULT_DISPLAYED.includes(field));
  const fields: PublicProfileView["fields"] = {};
  if (shows("firstName")) fields.firstName = person.firstName;
  if (shows("lastName")) fields.lastName = person.lastName;
  if (shows("city") && person.city) fields.city = person.city;
  return { userId: person.id, fields };
}

/** The views of introductions: people, profiles, agencies and sides in one query each. */
export async function toViews(
  db: Db,
  caller: SessionUser,
  rows: IntroductionRow[],
): Promise<IntroductionView[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.clientId, r.candidateId, r.proposedBy, r.responderId]))];
  const [people, sideRows, feedback] = await Promise.all([
    usersById(db, ids),
    sidesFor(
      db,
      rows.filter((r) => (SIDE_STATUSES as readonly string[]).includes(r.status)).map((r) => r.id),
    ),
    feedbackGivenFor(
      db,
      rows.filter((r) => (FEEDBACK_STATUSES as readonly string[]).includes(r.status)).map((r) => r.id),
    ),
  ]);
  const sides = new Map(
    [...sideRows].map(([key, s]) => [
      key,
      { asked: s.askedAt !== null, answer: s.answer, dateResponse: s.dateResponse },
    ]),
  );
  return viewsOf(db, caller, rows, { people, sides, feedback }, (pairs) =>
    profilesFor(db, pairs as { user: UserRow; full: boolean }[]),
  );
}

/**
 * A list's views: each client's name and city as far as shown, from the page statement's data,
 * and the other agencies' names.
 */
async function listViews(db: Db, caller: SessionUser, page: Awaited<ReturnType<typeof cardPage>>) {
  return viewsOf(
    db,
    caller,
    page.rows,
    page,
    async (pairs) => pairs.map((p) => cardOf(p.user as CardPerson, p.full)),
    page.agencies,
  );
}

async function viewsOf<P extends Person>(
  db: Db,
  caller: SessionUser,
  rows: CardRow[],
  data: { people: Map<string, P>; sides: Map<string, SideState>; feedback: Set<string> },
  profilesOf: (pairs: { user: P; full: boolean }[]) => Promise<PublicProfileView[]>,
  /** The agencies' names when the caller read them already (a list's page statement). */
  knownAgencies?: Map<string, string | null>,
): Promise<IntroductionView[]> {
  const sides = rows.map((row) => sidesOf(caller, row));
  const pairs = sides.flatMap((s) => [
    { user: data.people.get(s.ownId)!, full: true },
    { user: data.people.get(s.otherId)!, full: s.sameAgency },
  ]);
  const [agencies, profiles] = await Promise.all([
    knownAgencies ??
      agencyNamesOf(
        db,
        sides.map((s) => s.otherMatchmaker),
      ),
    profilesOf(pairs),
  ]);
  const now = new Date();
  return rows.map((row, i) => {
    const side = sides[i]!;
    return {
      id: row.id,
      status: row.status,
      direction: side.outgoing ? "outgoing" : "incoming",
      ownClient: profiles[2 * i]!,
      otherClient: profiles[2 * i + 1]!,
      otherAgencyName: agencies.get(side.otherMatchmaker) ?? null,
      otherMatchmakerId: side.otherMatchmaker,
      waitingOn: waitingOnOf(row, side, data.sides, data.feedback, data.people, now),
      date: dateOf(row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** Event data the other side may not know: reasons, comments, notes. */
const PRIVATE_KEYS = new Set(["reason", "comment", "note", "reasons", "ratings", "meetAgain", "happened"]);

function eventViewFor(
  ev: typeof introductionEvents.$inferSelect,
  ownClientId: string,
  people: Map<string, UserRow>,
  seesAll: boolean,
): IntroductionEventView | null {
  const side = ev.clientId === null ? null : ev.clientId === ownClientId ? "own" : "other";
  const data = { ...ev.data } as IntroductionEventView["data"];
  if (side === "other" && !seesAll) {
    // The other side's no shows only as the introduction's "declined"; their reminders are theirs.
    if (ev.kind === "client_answered" && ev.data.answer !== "yes") return null;
    if (
      ev.kind === "client_reminded" ||
      ev.kind === "matchmaker_alerted" ||
      ev.kind === "matchmaker_reminded"
    )
      return null;
    for (const key of Object.keys(data)) if (PRIVATE_KEYS.has(key)) delete data[key];
  }
  const actor = ev.actorId ? people.get(ev.actorId) : undefined;
  return {
    id: ev.id,
    kind: ev.kind as IntroductionEventView["kind"],
    side,
    actorName: actor ? nameOf(actor) : null,
    data,
    createdAt: ev.createdAt.toISOString(),
  };
}

const fbView = (f: typeof introductionFeedback.$inferSelect | undefined) =>
  f
    ? {
        happened: f.happened,
        meetAgain: f.meetAgain,
        ratings:
          f.attraction === null
            ? null
            : {
                attraction: f.attraction,
                conversation: f.conversation!,
                values: f.sharedValues!,
                manners: f.manners!,
              },
        reasons: f.reasons as NonNullable<IntroductionDetail["own"]["feedback"]>["reasons"],
        note: f.note,
        recordedByMatchmaker: f.recordedBy !== null,
        createdAt: f.createdAt.toISOString(),
      }
    : null;

/** One introduction with its two sides, as far as the reader may know them, and its timeline. */
export async function toDetail(
  db: Db,
  caller: SessionUser,
  row: IntroductionRow,
): Promise<IntroductionDetail> {
  const [view] = await toViews(db, caller, [row]);
  const side = sidesOf(caller, row);
  const [sides, events, feedback] = await Promise.all([
    sidesFor(db, [row.id]),
    db
      .select()
      .from(introductionEvents)
      .where(eq(introductionEvents.introductionId, row.id))
      .orderBy(asc(introductionEvents.createdAt), asc(introductionEvents.id)),
    db.select().from(introductionFeedback).where(eq(introductionFeedback.introductionId, row.id)),
  ]);
  const actorIds = [...new Set(events.flatMap((e) => (e.actorId ? [e.actorId] : [])))];
  const actors = new Map(
    (actorIds.length === 0 ? [] : await db.select().from(users).where(inArray(users.id, actorIds))).map(
      (u) => [u.id, u],
    ),
  );
  // Within one agency the matchmaker owns both clients: both sides are theirs to read.
  const seesAll = side.sameAgency;
  const own = sides.get(`${row.id}:${side.ownId}`);
  const other = sides.get(`${row.id}:${side.otherId}`);
  const fb = new Map(feedback.map((f) => [f.clientId, f]));
  return {
    ...view!,
    own: {
      clientId: side.ownId,
      askedAt: own?.askedAt?.toISOString() ?? null,
      askNote: own?.askNote ?? null,
      answer: own?.answer ?? null,
      reason: (own?.reason as IntroductionDetail["own"]["reason"]) ?? null,
      comment: own?.comment ?? null,
      answeredAt: own?.answeredAt?.toISOString() ?? null,
      expiresAt: own?.expiresAt?.toISOString() ?? null,
      dateResponse: own?.dateResponse ?? null,
      feedback: fbView(fb.get(side.ownId)),
    },
    other: {
      clientId: side.otherId,
      asked: Boolean(other?.askedAt),
      answer: other?.answer === "yes" ? "yes" : null,
      dateResponse: other?.dateResponse ?? null,
      feedbackGiven: fb.has(side.otherId),
    },
    timeline: events.flatMap((e) => eventViewFor(e, side.ownId, actors, seesAll) ?? []),
  };
}

export async function getIntroduction(db: Db, caller: SessionUser, id: string) {
  return toDetail(db, caller, await loadVisible(db, caller, id));
}

/**
 * Proposes an introduction of the caller's client to a candidate from the pool they may see. Two
 * clients of one matchmaker skip the matchmakers' step: it starts at `match`.
 */
export async function proposeIntroduction(deps: NotifyDeps, caller: SessionUser, body: IntroductionBody) {
  const { db } = deps;
  const today = new Date();
  const own = await loadOwnClient(db, caller, body.clientId, today);
  const [candidate] = await loadCandidates(db, {
    clientId: body.clientId,
    matchmakerId: own.matchmakerId,
    ids: [body.candidateId],
    today,
  });
  if (!candidate?.inviterId) throw candidateNotFound();
  const pairKey = pairKeyOf(body.clientId, body.candidateId);
  const [existing] = await db
    .select({ id: introductions.id })
    .from(introductions)
    .where(
      // Written out, so a kept plan (PGlite's) uses the live-pair index, whose condition this is.
      and(eq(introductions.pairKey, pairKey), sql`${introductions.status} <> 'cancelled'`),
    );
  if (existing) throw conflict("INTRODUCTION_EXISTS", "These two clients already have an introduction");
  const sameAgency = candidate.inviterId === own.matchmakerId;
  const { mutualChance } = await learnedChance(db, { id: body.clientId, input: own.input }, candidate);
  let row: IntroductionRow;
  try {
    row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(introductions)
        .values({
          id: newId(),
          clientId: body.clientId,
          candidateId: body.candidateId,
          pairKey,
          proposedBy: own.matchmakerId,
          responderId: candidate.inviterId!,
          status: sameAgency ? "match" : "awaiting_response",
          predictedChance: mutualChance,
        })
        .returning();
      await tx.insert(introductionSides).values([
        { introductionId: inserted!.id, clientId: body.clientId, matchmakerId: own.matchmakerId },
        { introductionId: inserted!.id, clientId: body.candidateId, matchmakerId: candidate.inviterId! },
      ]);
      await recordEvent(tx, inserted!.id, "proposed", { actorId: caller.id });
      if (sameAgency) await startAskClock(tx, inserted!.id, inserted!.createdAt);
      return inserted!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict("INTRODUCTION_EXISTS", "These two clients already have an introduction");
    }
    throw error;
  }
  if (!sameAgency)
    await sendNotices(
      deps,
      [{ to: row.responderId, kind: "introduction_proposed", introduction: row }],
      caller.id,
    );
  return (await toViews(db, caller, [row]))[0]!;
}

const statusFilter = (q: IntroductionsQuery): SQL | undefined => {
  if (q.status) return eq(introductions.status, q.status);
  if (q.group) return inArray(introductions.status, [...GROUPS[q.group]]);
  return undefined;
};

/**
 * A page of the caller's introductions, newest first, and the count of each tab. A matchmaker's
 * introductions are those they proposed and those they answer: each side is read in order from its
 * own index and the two merged (an OR over both columns would sort every row), and the total comes
 * from the per-status counters, so a page costs the same however many there are.
 */
export async function listIntroductions(db: Db, caller: SessionUser, q: IntroductionsQuery) {
  const client = q.clientId
    ? or(eq(introductions.clientId, q.clientId), eq(introductions.candidateId, q.clientId))
    : undefined;
  const filter = and(client, statusFilter(q));
  const offset = (q.page - 1) * q.pageSize;
  // The page's ids in order: a matchmaker's from each side's index, merged (`union` drops the
  // second copy of an introduction within one agency). The limits are part of the text: PGlite
  // keeps one generic plan per statement, and a generic plan that does not know the limit expects
  // a tenth of the rows and joined them in another order, twice as slow for the first page.
  const literal = (n: number) => sql.raw(String(Math.trunc(n)));
  const side = (own: SQL | undefined, limit: number, extra?: SQL) => {
    const where = and(own, filter);
    return sql`(select ${introductions.id}, ${introductions.updatedAt} from ${introductions}${
      where ? sql` where ${where}` : sql``
    } order by ${introductions.updatedAt} desc, ${introductions.id} desc limit ${literal(limit)}${extra ?? sql``})`;
  };
  const page =
    caller.role === "ADMIN"
      ? side(undefined, q.pageSize, sql` offset ${literal(offset)}`)
      : sql`(${side(eq(introductions.proposedBy, caller.id), offset + q.pageSize)} union ${side(
          eq(introductions.responderId, caller.id),
          offset + q.pageSize,
        )} order by updated_at desc, id desc limit ${literal(q.pageSize)} offset ${literal(offset)})`;
  // A matchmaker's whole list counts from the counters the triggers keep, read in the page's own
  // statement (one round trip); one client's, or the marketplace's, from the introductions.
  const fromCounters = caller.role !== "ADMIN" && !client;
  const countersSql = sql`select coalesce(json_agg(json_build_array(c.status, c.n)), '[]'::json)
    from ${introductionCounts} c where c.matchmaker_id = ${caller.id}`;
  const groups = () =>
    db
      .select({ status: introductions.status, n: count() })
      .from(introductions)
      .where(and(visibleTo(caller), client))
      .groupBy(introductions.status);
  const [cards, groupRows] = fromCounters
    ? await cardPage(db, page, countersSql).then((c) => [c, c.counts!] as const)
    : await Promise.all([cardPage(db, page), groups()]);
  const counts = { active: 0, dates: 0, past: 0 };
  let total = 0;
  for (const g of groupRows) {
    for (const [name, statuses] of Object.entries(GROUPS)) {
      if ((statuses as readonly string[]).includes(g.status)) counts[name as keyof typeof counts] += g.n;
    }
    const inFilter = q.status
      ? g.status === q.status
      : q.group
        ? (GROUPS[q.group] as readonly string[]).includes(g.status)
        : true;
    if (inFilter) total += g.n;
  }
  const items = await listViews(db, caller, cards);
  return { items, total, page: q.page, pageSize: q.pageSize, counts };
}

/**
 * accept or reject (the responder's side, while awaiting); cancel (the proposer's side while
 * awaiting, either side after the match until the date has happened).
 */
export async function actOnIntroduction(
  deps: NotifyDeps,
  caller: SessionUser,
  id: string,
  action: IntroductionAction,
): Promise<IntroductionView> {
  const { db } = deps;
  const row = await loadVisible(db, caller, id);
  const admin = caller.role === "ADMIN";
  if (action === "cancel") {
    if (row.status === "awaiting_response" && !admin && row.proposedBy !== caller.id)
      throw wrongState("Only the proposing side may cancel an introduction awaiting a response");
    if (!CANCELLABLE.includes(row.status))
      throw wrongState(`The introduction is ${row.status}; it cannot be cancelled`);
    const updated = await db.transaction(async (tx) => {
      const moved = await moveTo(tx, id, CANCELLABLE, "cancelled");
      await recordEvent(tx, id, "cancelled", { actorId: caller.id });
      return moved;
    });
    const others = [updated.proposedBy, updated.responderId].filter((m) => m !== caller.id);
    await sendNotices(
      deps,
      [...new Set(others)].map((to) => ({
        to,
        kind: "introduction_cancelled" as const,
        introduction: updated,
      })),
      caller.id,
    );
    return (await toViews(db, caller, [updated]))[0]!;
  }
  if (!admin && row.responderId !== caller.id)
    throw wrongState("Only the other client's matchmaker may accept or reject an introduction");
  if (row.status !== "awaiting_response")
    throw wrongState(`The introduction is ${row.status}, not awaiting a response`);
  const updated = await db.transaction(async (tx) => {
    const moved = await moveTo(tx, id, ["awaiting_response"], action === "accept" ? "match" : "rejected");
    await recordEvent(tx, id, action === "accept" ? "accepted" : "rejected", { actorId: caller.id });
    if (action === "accept") await startAskClock(tx, id, moved.updatedAt);
    return moved;
  });
  await sendNotices(
    deps,
    [
      {
        to: updated.proposedBy,
        kind: action === "accept" ? "introduction_accepted" : "introduction_rejected",
        introduction: updated,
      },
    ],
    caller.id,
  );
  return (await toViews(db, caller, [updated]))[0]!;
}
