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
import { getAgencyName } from "../agencies/service.js";
import { type NotifyDeps, notify } from "../notifications/service.js";
import { getUser } from "../users/service.js";
import { candidateNotFound, loadCandidates, loadOwnClient, profileFor } from "./service.js";

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
  const [proposer, responder, client, candidate] = await Promise.all(
    [introduction.proposedBy, introduction.responderId, introduction.clientId, introduction.candidateId].map(
      (id) => getUser(deps.db, id),
    ),
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

async function toView(db: Db, caller: SessionUser, row: IntroductionRow): Promise<IntroductionView> {
  // The caller's side: the proposer's unless the caller is (only) the responder.
  const outgoing = row.proposedBy === caller.id || caller.role === "ADMIN" || row.responderId !== caller.id;
  const ownId = outgoing ? row.clientId : row.candidateId;
  const otherId = outgoing ? row.candidateId : row.clientId;
  const sameAgency = row.proposedBy === row.responderId;
  const otherMatchmaker = outgoing ? row.responderId : row.proposedBy;
  return {
    id: row.id,
    status: row.status,
    direction: outgoing ? "outgoing" : "incoming",
    ownClient: await profileFor(db, await getUser(db, ownId), true),
    otherClient: await profileFor(db, await getUser(db, otherId), sameAgency),
    otherAgencyName: await getAgencyName(db, otherMatchmaker),
    otherMatchmakerId: otherMatchmaker,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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
  const items: IntroductionView[] = [];
  for (const row of rows) items.push(await toView(db, caller, row));
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
