import type {
  AccessAction,
  AccessActorKind,
  AccessLogQuery,
  AccessLogView,
  AccessSummaryView,
  Audit,
} from "@matchdesk/contract";
import { endpointId } from "@matchdesk/contract";
import { and, count, desc, eq, lt, max, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { agencyProfiles, apiKeys, clientAccessLog, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import "../../platform/access-subjects.js";
import { API_KEY_SESSION_PREFIX } from "../../platform/bearer.js";
import { getOwnClient } from "../clients/service.js";
import { clientsOfIntroduction } from "../introductions/records.js";

/** How long the log keeps a row (issue 20): housekeeping deletes older ones. */
export const ACCESS_LOG_MONTHS = 12;

/**
 * Who viewed or changed: a person signed in, the same through one of their API keys (`apiKeyId`),
 * or null for someone without an account who has the public profile's password ("someone with
 * the link").
 */
export type AccessActor = (Pick<SessionUser, "id" | "role"> & { apiKeyId?: string | null }) | null;

export type AccessRecord = {
  /** Whose data: user ids; only clients (INVITEE) get a row, and never for their own requests. */
  clientIds: readonly string[];
  actor: AccessActor;
  action: AccessAction;
  what: string;
  ip: string | null;
};

/**
 * A view repeated by the same person of the same part of a client's data within this many
 * minutes is one entry: opening a client's page reads six parts at once, and reopening it while
 * working would otherwise fill the log with copies. Every change is an entry of its own.
 */
export const REPEATED_VIEW_MINUTES = 10;

/** The actor of a request: its user, and the API key it came with (`api-key:<id>` sessions). */
export function actorOf(user: SessionUser | null): AccessActor {
  if (!user) return null;
  const apiKeyId = user.sessionId.startsWith(API_KEY_SESSION_PREFIX)
    ? user.sessionId.slice(API_KEY_SESSION_PREFIX.length)
    : null;
  return { id: user.id, role: user.role, apiKeyId };
}

/**
 * Inserts one row per client that `subjects` (a query answering `client_id`) names, in one
 * statement that keeps only clients (a matchmaker's own gallery, say, is not a client's data),
 * never the actor themself, and leaves out a repeated view. Answers each client the log now
 * holds an entry for: the row written (age null), or the earlier view that stands for this one,
 * with its age by the database's clock (the process's clock need not agree). The address is
 * stored, never logged.
 */
async function insertAccess(
  db: Db,
  r: Omit<AccessRecord, "clientIds">,
  subjects: SQL,
): Promise<{ clientId: string; ageMs: number | null }[]> {
  const actor = r.actor;
  const kind = actor === null ? "link" : actor.apiKeyId ? "api_key" : "person";
  const keyId = actor?.apiKeyId ?? null;
  const sameActor =
    actor === null
      ? // Someone with the link has no id: the same address stands for the same someone.
        sql`l.actor_kind = 'link' and l.ip is not distinct from ${r.ip}`
      : sql`l.actor_id = ${actor.id} and l.actor_kind = ${kind} and l.api_key_id is not distinct from ${keyId}`;
  const seen =
    r.action === "view"
      ? sql`select l.client_id, extract(epoch from now() - max(l.at)) * 1000 as age_ms from ${clientAccessLog} l
          where l.client_id in (select client_id from subject)
            and l.at > now() - make_interval(mins => ${REPEATED_VIEW_MINUTES})
            and l.what = ${r.what} and l.action = 'view' and ${sameActor}
          group by l.client_id`
      : sql`select null::text as client_id, null::numeric as age_ms where false`;
  const changed =
    r.action === "view"
      ? sql`true`
      : actor === null
        ? sql`false`
        : // A change is of the clients the actor looks after: an introduction's step taken by one
          // side's matchmaker changes nothing of the other agency's client.
          sql`(${actor.role} = 'ADMIN' or ${users.inviterId} = ${actor.id})`;
  // The key's name is read in the same statement: the row keeps it as it was at the time.
  const keyName = keyId === null ? sql`null` : sql`(select k.name from ${apiKeys} k where k.id = ${keyId})`;
  const result = await db.execute(sql`
    with subject as (
      select v.client_id from (${subjects}) as v(client_id)
      join ${users} on ${users.id} = v.client_id
      where ${users.role} = 'INVITEE' and ${users.erasedAt} is null
        and v.client_id is distinct from ${actor?.id ?? null} and ${changed}
    ),
    seen as (${seen}),
    written as (
      insert into ${clientAccessLog}
        (id, client_id, actor_kind, actor_id, actor_role, api_key_id, api_key_name, action, what, ip)
      select gen_random_uuid()::text, s.client_id, ${kind}, ${actor?.id ?? null}, ${actor?.role ?? null},
        ${keyId}, ${keyName}, ${r.action}, ${r.what}, ${r.ip}
      from subject s
      where not exists (select 1 from seen where seen.client_id = s.client_id)
      returning client_id
    )
    select client_id, null::numeric as age_ms from written
    union all select client_id, age_ms from seen`);
  const rows = (result as unknown as { rows: { client_id: string; age_ms: string | number | null }[] }).rows;
  return rows.map((row) => {
    const age = row.age_ms === null ? Number.NaN : Number(row.age_ms);
    return { clientId: row.client_id, ageMs: Number.isFinite(age) ? age : null };
  });
}

/**
 * The views this process recorded in the last REPEATED_VIEW_MINUTES, by actor, route and client:
 * a list shown again and again (the workspace, the client list) then writes nothing and reads
 * nothing. A view not found here is checked in the database as ever (another instance may have
 * recorded it). Pruned when large.
 */
const recentViews = new WeakMap<Db, Map<string, number>>();
const RECENT_VIEWS_LIMIT = 100_000;
const WINDOW_MS = REPEATED_VIEW_MINUTES * 60_000;

/** Records a view or change of the named clients' data: one row per client, in one statement. */
export async function recordAccess(db: Db, r: AccessRecord): Promise<void> {
  let ids = [...new Set(r.clientIds)];
  if (ids.length === 0) return;
  const actor = r.actor;
  const cache = r.action === "view" && actor ? (recentViews.get(db) ?? new Map<string, number>()) : null;
  const keyOf = (id: string) => `${actor?.id}|${actor?.apiKeyId ?? ""}|${r.what}|${id}`;
  const now = Date.now();
  if (cache) {
    recentViews.set(db, cache);
    ids = ids.filter((id) => (cache.get(keyOf(id)) ?? 0) <= now - WINDOW_MS);
    if (ids.length === 0) return;
  }
  // One parameter however many clients (an import touches thousands): a JSON array of ids.
  const written = await insertAccess(
    db,
    r,
    sql`select json_array_elements_text(${JSON.stringify(ids)}::json)`,
  );
  if (!cache) return;
  if (cache.size > RECENT_VIEWS_LIMIT) {
    for (const [key, at] of cache) if (at <= now - WINDOW_MS) cache.delete(key);
    if (cache.size > RECENT_VIEWS_LIMIT) cache.clear();
  }
  // A view the log already held (written by another instance, or before a restart) counts from
  // its own time, reckoned from before the statement (so its window ends here no later than in
  // the database), and is not asked about again until that window ends.
  for (const { clientId, ageMs } of written) cache.set(keyOf(clientId), now - (ageMs ?? 0));
}

/**
 * Records a view or change of every client the actor looks after (an admin: every client), as
 * the CSV export reads them: one `insert ... select`, however many clients.
 */
export async function recordAccessToOwnClients(
  db: Db,
  r: Omit<AccessRecord, "clientIds"> & { actor: NonNullable<AccessActor> },
): Promise<void> {
  const owned =
    r.actor.role === "ADMIN"
      ? sql`select u.id from ${users} u where u.role = 'INVITEE' and u.erased_at is null`
      : sql`select u.id from ${users} u where u.role = 'INVITEE' and u.erased_at is null and u.inviter_id = ${r.actor.id}`;
  await insertAccess(db, r, owned);
}

/** The clients whose data a request of an audited route touched, from its path params. */
async function subjectsOf(db: Db, request: FastifyRequest, audit: Audit): Promise<readonly string[]> {
  if (!("param" in audit)) return request.accessSubjects ?? [];
  const first = (request.params as Record<string, string | undefined>)[audit.param];
  if (!first) return [];
  return audit.of === "introduction" ? clientsOfIntroduction(db, first) : [first];
}

/**
 * Records every successful answer of a route whose contract definition carries `audit`, before
 * the answer goes out: a test (or the client) that reads the log right after sees the row. A view
 * that cannot be logged fails (the data is not served unlogged); a change is already stored, so
 * its answer goes out and the failure is reported in the process log (its kind only: the failed
 * statement's text would carry the address). A request without an account reaches an audited
 * route only if it is public (the shared profile behind its password): "someone with the link".
 */
export function registerAccessLog(app: FastifyInstance, db: Db) {
  app.decorateRequest("accessSubjects", null);
  app.addHook("onSend", async (request, reply, payload) => {
    const def = request.routeOptions.config.endpoint;
    const audit = def?.audit;
    // A HEAD request sends no data (Fastify answers it from the GET route).
    if (!def || !audit || request.method === "HEAD") return payload;
    // A refused request records nothing, but for the clients a handler reports it already
    // changed (an import that failed part way: the rows before the failure are written).
    const failed = reply.statusCode >= 300;
    if (failed && !(audit.action === "change" && request.accessSubjects?.length)) return payload;
    if (!request.user && def.access !== "public") return payload;
    const actor = actorOf(request.user);
    const what = endpointId(def);
    const ip = request.ip ?? null;
    const record = async () =>
      audit.of === "own-clients" && actor
        ? recordAccessToOwnClients(db, { actor, action: audit.action, what, ip })
        : recordAccess(db, {
            clientIds: await subjectsOf(db, request, audit),
            actor,
            action: audit.action,
            what,
            ip,
          });
    if (audit.action === "view") await record();
    else
      await record().catch((error: { code?: string; cause?: { code?: string } }) => {
        request.log.error(
          { what, code: error.cause?.code ?? error.code },
          "the access log missed a change: its row could not be written",
        );
      });
    return payload;
  });
}

const actorAgency = sql<
  string | null
>`coalesce(${agencyProfiles.agencyName}, case when ${users.role} = 'INVITER' then trim(${users.firstName} || ' ' || ${users.lastName}) end)`;

/** A client's log, newest first, for their matchmaker or an admin. */
export async function accessLogOf(
  db: Db,
  caller: SessionUser,
  clientId: string,
  q: AccessLogQuery,
): Promise<AccessLogView> {
  const client = await getOwnClient(db, caller, clientId);
  const where = eq(clientAccessLog.clientId, client.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        log: clientAccessLog,
        firstName: users.firstName,
        lastName: users.lastName,
        agency: agencyProfiles.agencyName,
      })
      .from(clientAccessLog)
      .leftJoin(users, eq(users.id, clientAccessLog.actorId))
      .leftJoin(agencyProfiles, eq(agencyProfiles.userId, clientAccessLog.actorId))
      .where(where)
      .orderBy(desc(clientAccessLog.at), desc(clientAccessLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(clientAccessLog).where(where),
  ]);
  // Who the reader may know: themselves, the client's matchmaker and admins; an admin knows all.
  // Someone with the link has no name to keep from anyone: their entry shows what there is.
  const knows = (kind: string, actorId: string | null, role: string | null) =>
    kind === "link" ||
    caller.role === "ADMIN" ||
    role === "ADMIN" ||
    (actorId !== null && (actorId === caller.id || actorId === client.inviterId));
  return {
    items: rows.map(({ log, firstName, lastName, agency }) => {
      const known = knows(log.actorKind, log.actorId, log.actorRole);
      return {
        id: log.id,
        at: log.at.toISOString(),
        action: log.action as AccessAction,
        what: log.what,
        actorKnown: known,
        actorKind: log.actorKind as AccessActorKind,
        actorId: known ? log.actorId : null,
        actorName: !known || firstName === null ? null : `${firstName} ${lastName ?? ""}`.trim(),
        actorRole: log.actorRole,
        actorAgency: log.actorRole === "INVITER" ? agency : null,
        // Which key is its owner's to name: a known actor's only.
        apiKeyId: known ? log.apiKeyId : null,
        apiKeyName: known ? log.apiKeyName : null,
        // An admin's address is theirs to read, not a matchmaker's.
        ip: known && (caller.role === "ADMIN" || log.actorRole !== "ADMIN") ? log.ip : null,
      };
    }),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The client's own summary: by role and agency, how many views and changes, and the last. */
export async function accessSummaryOf(db: Db, caller: SessionUser): Promise<AccessSummaryView> {
  const rows = await db
    .select({
      actorKind: clientAccessLog.actorKind,
      actorRole: clientAccessLog.actorRole,
      actorAgency: actorAgency,
      views: sql<number>`count(*) filter (where ${clientAccessLog.action} = 'view')`.mapWith(Number),
      changes: sql<number>`count(*) filter (where ${clientAccessLog.action} = 'change')`.mapWith(Number),
      lastAt: max(clientAccessLog.at),
    })
    .from(clientAccessLog)
    .leftJoin(users, eq(users.id, clientAccessLog.actorId))
    .leftJoin(agencyProfiles, eq(agencyProfiles.userId, clientAccessLog.actorId))
    .where(eq(clientAccessLog.clientId, caller.id))
    .groupBy(clientAccessLog.actorKind, clientAccessLog.actorRole, actorAgency)
    .orderBy(desc(max(clientAccessLog.at)));
  return {
    items: rows.map((row) => ({
      actorKind: row.actorKind as AccessActorKind,
      actorRole: row.actorRole,
      actorAgency: row.actorRole === "ADMIN" ? null : row.actorAgency,
      views: row.views,
      changes: row.changes,
      lastAt: (row.lastAt ?? new Date(0)).toISOString(),
    })),
    keptMonths: ACCESS_LOG_MONTHS,
  };
}

/** Housekeeping's sweep: deletes rows older than 12 months. Idempotent, safe on many instances. */
export async function sweepAccessLog(db: Db, now: Date) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACCESS_LOG_MONTHS);
  await db.delete(clientAccessLog).where(and(lt(clientAccessLog.at, cutoff)));
}
