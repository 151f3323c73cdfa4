import {
  type CandidateItem,
  type CandidateMarkBody,
  type CandidateMarkView,
  type CandidateProfileView,
  type CandidatesQuery,
  DEFAULT_DISPLAYED,
  type InteractionState,
  type Locale,
  type MyCandidatesView,
  type MyCandidateView,
  type TopFactor,
} from "@matchdesk/contract";
import { and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { candidateMarks, clientProfiles, introductions, photos, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { fileUrl } from "../../platform/storage.js";
import { agencyNamesOf } from "../agencies/service.js";
import { publicView, readDisplaySettings } from "../profiles/public.js";
import { getUser } from "../users/service.js";
import { readLearningExtras } from "./candidates-query.js";
import { explainPair, type MatchInput, prepareProfile } from "./compatibility-engine.js";
import { learnerFor } from "./learner.js";
import { rankCandidates } from "./ranking.js";
import {
  candidateNotFound,
  loadCandidates,
  loadOwnClient,
  localeOf,
  profilesFor,
  usersById,
} from "./service.js";

const TOP_FACTORS = 3;
type CandidatePriority = NonNullable<CandidateMarkView["priority"]>;

type Interaction = { state: InteractionState; introductionId: string | null };

/** The live introduction (not cancelled) of `clientId` with each other client, by the other's id. */
async function interactionsOf(db: Db, clientId: string): Promise<Map<string, Interaction>> {
  const rows = await db
    .select({
      id: introductions.id,
      clientId: introductions.clientId,
      candidateId: introductions.candidateId,
      status: introductions.status,
    })
    .from(introductions)
    .where(
      and(
        or(eq(introductions.clientId, clientId), eq(introductions.candidateId, clientId)),
        ne(introductions.status, "cancelled"),
      ),
    );
  const map = new Map<string, Interaction>();
  for (const r of rows) {
    const other = r.clientId === clientId ? r.candidateId : r.clientId;
    map.set(other, { state: r.status as InteractionState, introductionId: r.id });
  }
  return map;
}

/**
 * The main photo's thumbnail (else the first photo's) of each of `ids` whose display settings show
 * photos: the shared view's rule, for own clients too. One query for a page of candidates.
 */
async function sharedThumbsOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const shown = DEFAULT_DISPLAYED.includes("photos") ? "true" : "false";
  const rows = await db
    .select({ userId: photos.profileUserId, thumbKey: photos.thumbKey })
    .from(photos)
    .innerJoin(clientProfiles, eq(clientProfiles.userId, photos.profileUserId))
    .where(
      and(
        inArray(photos.profileUserId, [...ids]),
        sql`coalesce((${clientProfiles.displaySettings} ->> 'photos')::boolean, ${sql.raw(shown)})`,
      ),
    )
    .orderBy(desc(photos.isMain), asc(photos.createdAt), asc(photos.id));
  const thumbs = new Map<string, string>();
  for (const r of rows) if (!thumbs.has(r.userId)) thumbs.set(r.userId, fileUrl(r.thumbKey));
  return thumbs;
}

async function marksOf(db: Db, clientId: string) {
  const rows = await db.select().from(candidateMarks).where(eq(candidateMarks.clientId, clientId));
  return new Map(rows.map((r) => [r.candidateId, r]));
}

/**
 * SPEC 2 candidates of one client: ranked by the engine over the pool (own base and other
 * agencies' published profiles, hard filters applied in SQL), then filtered by the matchmaker's
 * marks and the interaction state. Candidates moved to the end keep their order among themselves
 * after all the others.
 */
export async function listCandidates(
  db: Db,
  caller: SessionUser,
  clientId: string,
  q: CandidatesQuery,
  locale: Locale = localeOf(caller),
) {
  const today = new Date();
  const own = await loadOwnClient(db, caller, clientId, today);
  const [ranked, marks, interactions] = await Promise.all([
    rankCandidates(db, { clientId, client: own.input, matchmakerId: own.matchmakerId, today }),
    marksOf(db, clientId),
    interactionsOf(db, clientId),
  ]);
  // The filters read each place's id, percentage and source; only the page's places are made
  // objects (at national scale a ranking holds hundreds of thousands).
  const wanted = (i: number) => {
    if (q.source !== undefined && ranked.isOwnAt(i) !== (q.source === "own")) return false;
    if (q.minPercentage !== undefined && ranked.percentageAt(i) < q.minPercentage) return false;
    if (q.priority === undefined && q.interaction === undefined) return true;
    const id = ranked.idAt(i);
    const priority = marks.get(id)?.priority ?? null;
    return (
      (q.priority === undefined || (q.priority === "none" ? priority === null : priority === q.priority)) &&
      (q.interaction === undefined || (interactions.get(id)?.state ?? "none") === q.interaction)
    );
  };
  // Stable: the ranking's order, deferred ones after the rest.
  const from = (q.page - 1) * q.pageSize;
  const onPage: number[] = [];
  const deferred: number[] = [];
  let total = 0;
  const place = (i: number) => {
    if (total >= from && onPage.length < q.pageSize) onPage.push(i);
    total++;
  };
  const anyDeferred = [...marks.values()].some((m) => m.deferred);
  for (let i = 0; i < ranked.length; i++)
    if (wanted(i)) {
      if (anyDeferred && marks.get(ranked.idAt(i))?.deferred) deferred.push(i);
      else place(i);
    }
  for (const i of deferred) place(i);
  const page = onPage.map((i) => {
    const r = ranked.at(i);
    const mark = marks.get(r.id);
    return {
      ...r,
      priority: (mark?.priority ?? null) as CandidatePriority | null,
      deferred: mark?.deferred ?? false,
      interaction: interactions.get(r.id) ?? { state: "none" as const, introductionId: null },
    };
  });

  const inputs = await loadCandidates(db, {
    clientId,
    matchmakerId: own.matchmakerId,
    ids: page.map((r) => r.id),
    today,
  });
  const inputById = new Map(inputs.map((i) => [i.id, i.input]));
  const [people, agencies, thumbs] = await Promise.all([
    usersById(
      db,
      page.map((r) => r.id),
    ),
    agencyNamesOf(
      db,
      page.flatMap((r) => (r.inviterId ? [r.inviterId] : [])),
    ),
    sharedThumbsOf(
      db,
      page.map((r) => r.id),
    ),
  ]);
  const profiles = await profilesFor(
    db,
    page.map((r) => ({ user: people.get(r.id)!, full: r.isOwnClient })),
  );
  const me = prepareProfile(own.input, today);
  const chances = await pageChances(db, { id: clientId, input: own.input }, inputs);
  const items = page.map((r, i): CandidateItem => {
    const input = inputById.get(r.id);
    let topFactors: TopFactor[] = [];
    if (input) {
      // The strongest factors, one line per name (age and height are scored both ways).
      const seen = new Set<string>();
      topFactors = explainPair(me, prepareProfile(input, today), locale)
        .fitFactors.filter((f) => f.score >= 50)
        .sort((a, b) => b.score * b.weight - a.score * a.weight || (a.key < b.key ? -1 : 1))
        .filter((f) => !seen.has(f.key) && Boolean(seen.add(f.key)))
        .slice(0, TOP_FACTORS)
        .map((f) => ({ key: f.key, label: f.label, score: f.score }));
    }
    return {
      id: r.id,
      profile: profiles[i]!,
      photoThumbUrl: thumbs.get(r.id) ?? null,
      isOwnClient: r.isOwnClient,
      agencyName: r.inviterId ? (agencies.get(r.inviterId) ?? null) : null,
      percentage: r.percentage,
      clientFit: r.clientFit,
      candidateFit: r.candidateFit,
      mutualChance: chances.get(r.id) ?? null,
      topFactors,
      priority: r.priority,
      deferred: r.deferred,
      interaction: r.interaction.state,
      introductionId: r.interaction.introductionId,
    };
  });
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * A candidate's shared profile, opened from their card: the view other matchmakers get (display
 * settings applied, for an own client too; never contacts), only for someone in the client's pool.
 */
export async function candidateProfile(
  db: Db,
  caller: SessionUser,
  clientId: string,
  candidateId: string,
): Promise<CandidateProfileView> {
  const today = new Date();
  const own = await loadOwnClient(db, caller, clientId, today);
  const [candidate] = await loadCandidates(db, {
    clientId,
    matchmakerId: own.matchmakerId,
    ids: [candidateId],
    today,
  });
  if (!candidate) throw candidateNotFound();
  const [user] = (await usersById(db, [candidateId])).values();
  const [view, agencies] = await Promise.all([
    publicView(db, user!, await readDisplaySettings(db, candidateId)),
    agencyNamesOf(db, candidate.inviterId ? [candidate.inviterId] : []),
  ]);
  return {
    ...view,
    agency: {
      matchmakerId: candidate.inviterId ?? "",
      agencyName: candidate.inviterId ? (agencies.get(candidate.inviterId) ?? null) : null,
    },
    isOwnClient: candidate.isOwnClient,
  };
}

/** Sets a candidate's priority (null resets it) or moves them to the end of the list and back. */
export async function markCandidate(
  db: Db,
  caller: SessionUser,
  clientId: string,
  candidateId: string,
  body: CandidateMarkBody,
): Promise<CandidateMarkView> {
  const today = new Date();
  const own = await loadOwnClient(db, caller, clientId, today);
  const [candidate] = await loadCandidates(db, {
    clientId,
    matchmakerId: own.matchmakerId,
    ids: [candidateId],
    today,
  });
  if (!candidate) throw candidateNotFound();
  const set: Partial<typeof candidateMarks.$inferInsert> = { updatedAt: new Date() };
  if (body.priority !== undefined) set.priority = body.priority;
  if (body.deferred !== undefined) set.deferred = body.deferred;
  const [row] = await db
    .insert(candidateMarks)
    .values({ clientId, candidateId, priority: body.priority ?? null, deferred: body.deferred ?? false })
    .onConflictDoUpdate({ target: [candidateMarks.clientId, candidateMarks.candidateId], set })
    .returning();
  return {
    clientId,
    candidateId,
    priority: (row!.priority ?? null) as CandidatePriority | null,
    deferred: row!.deferred,
  };
}

/**
 * What an INVITEE sees (SPEC 2, 4): the candidates their matchmaker marked priority "yes" and
 * those an introduction made a match, each as its own matchmaker displays them. None while the
 * client's profile is inactive or incomplete.
 */
export async function myCandidates(db: Db, caller: SessionUser): Promise<MyCandidatesView> {
  const me = await getUser(db, caller.id);
  const [profile] = await db
    .select({ isComplete: clientProfiles.isComplete })
    .from(clientProfiles)
    .where(eq(clientProfiles.userId, caller.id));
  if (me.status === "inactive") return { items: [], hidden: "inactive" };
  if (!profile?.isComplete) return { items: [], hidden: "incomplete" };

  const matched = await db
    .select({ clientId: introductions.clientId, candidateId: introductions.candidateId })
    .from(introductions)
    .where(
      and(
        eq(introductions.status, "match"),
        or(eq(introductions.clientId, caller.id), eq(introductions.candidateId, caller.id)),
      ),
    );
  const marked = await db
    .select({ candidateId: candidateMarks.candidateId })
    .from(candidateMarks)
    .where(and(eq(candidateMarks.clientId, caller.id), eq(candidateMarks.priority, "yes")));
  const status = new Map<string, MyCandidateView["status"]>();
  for (const m of marked) status.set(m.candidateId, "shared");
  for (const m of matched) status.set(m.clientId === caller.id ? m.candidateId : m.clientId, "match");
  if (status.size === 0) return { items: [], hidden: null };

  // Only people who are still complete and active are shown.
  const visible = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(
      and(
        inArray(users.id, [...status.keys()]),
        eq(users.role, "INVITEE"),
        ne(users.status, "inactive"),
        eq(clientProfiles.isComplete, true),
      ),
    )
    .orderBy(sql`${users.id}`);
  const people = await usersById(
    db,
    visible.map((v) => v.id),
  );
  const profiles = await profilesFor(
    db,
    visible.map((v) => ({ user: people.get(v.id)!, full: false })),
  );
  const items = visible.map(
    (v, i): MyCandidateView => ({ profile: profiles[i]!, status: status.get(v.id)! }),
  );
  items.sort((a, b) => (a.status === b.status ? 0 : a.status === "match" ? -1 : 1));
  return { items, hidden: null };
}

/** The learned chance of each candidate on the page (a page at a time: never the whole pool). */
async function pageChances(
  db: Db,
  client: { id: string; input: MatchInput },
  candidates: readonly { id: string; input: MatchInput }[],
): Promise<Map<string, number>> {
  const learner = learnerFor(db);
  await learner.fresh();
  const extras = await readLearningExtras(db, [client.id, ...candidates.map((c) => c.id)]);
  const byId = new Map(extras.map((e) => [e.id, e]));
  const out = new Map<string, number>();
  for (const c of candidates) {
    const { mutualChance } = learner.chance(client, c, byId);
    if (mutualChance !== null) out.set(c.id, mutualChance);
  }
  return out;
}
