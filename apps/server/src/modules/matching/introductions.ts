import type {
  IntroductionAction,
  IntroductionBody,
  IntroductionsQuery,
  IntroductionView,
} from "@matchdesk/contract";
import { and, count, desc, eq, ne, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { introductions } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { conflict, isUniqueViolation, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { agencyNamesOf } from "../agencies/service.js";
import { type NotifyDeps, notify } from "../notifications/service.js";
import { candidateNotFound, loadCandidates, loadOwnClient, profilesFor, usersById } from "./service.js";

// SPEC 4 introductions between two clients, possibly of two agencies. States: no interaction (no
// row, or a cancelled one), awaiting response, match, rejected. The proposer's side may cancel
// while awaiting; the candidate's matchmaker (the responder) accepts or rejects. Every other
// move answers 409 INTRODUCTION_STATE; a pair has at most one introduction that is not cancelled.

export type IntroductionRow = typeof introductions.$inferSelect;
export type IntroductionEvent = "proposed" | "accepted" | "rejected";

/**
 * The one place each introduction event leaves this module: proposed tells the responder;
 * accepted and rejected tell the proposer. First names only: the other agency's client is known
 * to the reader through a shared profile, whose surname may be hidden.
 */
export async function announceIntroduction(
  deps: NotifyDeps,
  event: IntroductionEvent,
  introduction: IntroductionRow,
): Promise<void> {
  const { proposedBy, responderId, clientId, candidateId } = introduction;
  const people = await usersById(deps.db, [proposedBy, responderId, clientId, candidateId]);
  const [proposer, responder, client, candidate] = [proposedBy, responderId, clientId, candidateId].map(
    (id) => people.get(id),
  );
  const [to, from] = event === "proposed" ? [responder!, proposer!] : [proposer!, responder!];
  await notify(deps, to.id, `introduction_${event}`, {
    matchmakerName: `${from.firstName} ${from.lastName}`.trim(),
    clientName: client!.firstName,
    candidateName: candidate!.firstName,
  });
}

const introductionNotFound = () => notFound("INTRODUCTION_NOT_FOUND", "Introduction not found");
const wrongState = (message: string) => conflict("INTRODUCTION_STATE", message);

export const pairKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** The caller's side of an introduction: the proposer's unless the caller is (only) the responder. */
function sidesOf(caller: SessionUser, row: IntroductionRow) {
  const outgoing = row.proposedBy === caller.id || caller.role === "ADMIN" || row.responderId !== caller.id;
  return {
    outgoing,
    ownId: outgoing ? row.clientId : row.candidateId,
    otherId: outgoing ? row.candidateId : row.clientId,
    sameAgency: row.proposedBy === row.responderId,
    otherMatchmaker: outgoing ? row.responderId : row.proposedBy,
  };
}

/** The views of a page of introductions: the people, their profiles and agencies in one query each. */
async function toViews(db: Db, caller: SessionUser, rows: IntroductionRow[]): Promise<IntroductionView[]> {
  const sides = rows.map((row) => sidesOf(caller, row));
  const [people, agencies] = await Promise.all([
    usersById(
      db,
      sides.flatMap((s) => [s.ownId, s.otherId]),
    ),
    agencyNamesOf(
      db,
      sides.map((s) => s.otherMatchmaker),
    ),
  ]);
  const profiles = await profilesFor(
    db,
    sides.flatMap((s) => [
      { user: people.get(s.ownId)!, full: true },
      { user: people.get(s.otherId)!, full: s.sameAgency },
    ]),
  );
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
      waitingOn: [],
      date: null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

const toView = async (db: Db, caller: SessionUser, row: IntroductionRow) =>
  (await toViews(db, caller, [row]))[0]!;

/** Proposes an introduction of the caller's client to a candidate from the pool they may see. */
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
    .where(and(eq(introductions.pairKey, pairKey), ne(introductions.status, "cancelled")));
  if (existing) throw conflict("INTRODUCTION_EXISTS", "These two clients already have an introduction");
  let row: IntroductionRow;
  try {
    [row] = (await db
      .insert(introductions)
      .values({
        id: newId(),
        clientId: body.clientId,
        candidateId: body.candidateId,
        pairKey,
        proposedBy: own.matchmakerId,
        responderId: candidate.inviterId,
      })
      .returning()) as [IntroductionRow];
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict("INTRODUCTION_EXISTS", "These two clients already have an introduction");
    }
    throw error;
  }
  await announceIntroduction(deps, "proposed", row);
  return toView(db, caller, row);
}

function visibleTo(caller: SessionUser): SQL | undefined {
  if (caller.role === "ADMIN") return undefined;
  return or(eq(introductions.proposedBy, caller.id), eq(introductions.responderId, caller.id));
}

export async function listIntroductions(db: Db, caller: SessionUser, q: IntroductionsQuery) {
  const where = and(visibleTo(caller), q.status ? eq(introductions.status, q.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(introductions)
      .where(where)
      .orderBy(desc(introductions.updatedAt), desc(introductions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(introductions).where(where),
  ]);
  const items = await toViews(db, caller, rows);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

const NEXT = { cancel: "cancelled", accept: "match", reject: "rejected" } as const;

/**
 * cancel (the proposer's side), accept or reject (the responder's side), each only while awaiting.
 * The update is conditional on the state, so two parallel moves cannot both succeed.
 */
export async function actOnIntroduction(
  deps: NotifyDeps,
  caller: SessionUser,
  id: string,
  action: IntroductionAction,
): Promise<IntroductionView> {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(introductions)
    .where(and(eq(introductions.id, id), visibleTo(caller)));
  if (!row) throw introductionNotFound();
  const admin = caller.role === "ADMIN";
  const allowed =
    action === "cancel" ? admin || row.proposedBy === caller.id : admin || row.responderId === caller.id;
  if (!allowed) {
    throw wrongState(
      action === "cancel"
        ? "Only the proposing side may cancel an introduction"
        : "Only the other client's matchmaker may accept or reject an introduction",
    );
  }
  if (row.status !== "awaiting_response")
    throw wrongState(`The introduction is ${row.status}, not awaiting a response`);
  const [updated] = await db
    .update(introductions)
    .set({ status: NEXT[action], updatedAt: new Date() })
    .where(and(eq(introductions.id, id), eq(introductions.status, "awaiting_response")))
    .returning();
  if (!updated) throw wrongState("The introduction is no longer awaiting a response");
  if (action === "accept") await announceIntroduction(deps, "accepted", updated);
  if (action === "reject") await announceIntroduction(deps, "rejected", updated);
  return toView(db, caller, updated);
}
