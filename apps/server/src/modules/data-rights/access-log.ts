import type {
  AccessAction,
  AccessLogQuery,
  AccessLogView,
  AccessSummaryView,
  EndpointSpec,
} from "@matchdesk/contract";
import { endpointId } from "@matchdesk/contract";
import { and, count, desc, eq, lt, max, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { agencyProfiles, clientAccessLog, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { newId } from "../../platform/ids.js";
import { getOwnClient } from "../clients/service.js";
import { clientsOfIntroduction } from "../introductions/records.js";

/** How long the log keeps a row (issue 20): housekeeping deletes older ones. */
export const ACCESS_LOG_MONTHS = 12;

export type AccessRecord = {
  /** Whose data: user ids; only clients (INVITEE) get a row, and never for their own requests. */
  clientIds: readonly string[];
  actor: Pick<SessionUser, "id" | "role">;
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

/**
 * Records a view or change of clients' data: one row per client, in one statement that keeps
 * only ids of clients (a matchmaker's own gallery, say, is not a client's data) and leaves out a
 * repeated view. The address is stored, never logged.
 */
export async function recordAccess(db: Db, r: AccessRecord): Promise<void> {
  const subjects = [...new Set(r.clientIds)].filter((id) => id !== r.actor.id);
  if (subjects.length === 0) return;
  const rows = sql.join(
    subjects.map((clientId) => sql`(${newId()}, ${clientId})`),
    sql`, `,
  );
  const repeated =
    r.action === "view"
      ? sql`and not exists (
          select 1 from ${clientAccessLog} l
          where l.client_id = v.client_id and l.at > now() - make_interval(mins => ${REPEATED_VIEW_MINUTES})
            and l.actor_id = ${r.actor.id} and l.what = ${r.what} and l.action = 'view')`
      : // A change is of the clients the actor looks after: an introduction's step taken by one
        // side's matchmaker changes nothing of the other agency's client.
        sql`and (${r.actor.role} = 'ADMIN' or ${users.inviterId} = ${r.actor.id})`;
  await db.execute(sql`
    insert into ${clientAccessLog} (id, client_id, actor_id, actor_role, action, what, ip)
    select v.id, v.client_id, ${r.actor.id}, ${r.actor.role}, ${r.action}, ${r.what}, ${r.ip}
    from (values ${rows}) as v(id, client_id)
    join ${users} on ${users.id} = v.client_id
    where ${users.role} = 'INVITEE' ${repeated}`);
}

/** The clients whose data a request of an audited route touched, from its path params. */
async function subjectsOf(db: Db, def: EndpointSpec, params: Record<string, string | undefined>) {
  const audit = def.audit;
  if (!audit) return [];
  const first = params[audit.param];
  if (!first) return [];
  return audit.of === "introduction" ? clientsOfIntroduction(db, first) : [first];
}

/**
 * Records every successful answer of a route whose contract definition carries `audit`, before
 * the answer goes out: a test (or the client) that reads the log right after sees the row. A view
 * that cannot be logged fails (the data is not served unlogged); a change is already stored, so
 * its answer goes out and the failure is reported in the process log (its kind only: the failed
 * statement's text would carry the address).
 */
export function registerAccessLog(app: FastifyInstance, db: Db) {
  app.addHook("onSend", async (request, reply, payload) => {
    const def = request.routeOptions.config.endpoint;
    const actor = request.user;
    const audit = def?.audit;
    if (!def || !audit || !actor || reply.statusCode >= 300) return payload;
    const record = async () =>
      recordAccess(db, {
        clientIds: await subjectsOf(db, def, request.params as Record<string, string | undefined>),
        actor,
        action: audit.action,
        what: endpointId(def),
        ip: request.ip ?? null,
      });
    if (audit.action === "view") await record();
    else
      await record().catch((error: { code?: string; cause?: { code?: string } }) => {
        request.log.error(
          { what: endpointId(def), code: error.cause?.code ?? error.code },
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
  const knows = (actorId: string | null, role: string) =>
    caller.role === "ADMIN" ||
    role === "ADMIN" ||
    (actorId !== null && (actorId === caller.id || actorId === client.inviterId));
  return {
    items: rows.map(({ log, firstName, lastName, agency }) => {
      const known = knows(log.actorId, log.actorRole);
      return {
        id: log.id,
        at: log.at.toISOString(),
        action: log.action as AccessAction,
        what: log.what,
        actorKnown: known,
        actorId: known ? log.actorId : null,
        actorName: !known || firstName === null ? null : `${firstName} ${lastName ?? ""}`.trim(),
        actorRole: log.actorRole,
        actorAgency: log.actorRole === "INVITER" ? agency : null,
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
    .groupBy(clientAccessLog.actorRole, actorAgency)
    .orderBy(desc(max(clientAccessLog.at)));
  return {
    items: rows.map((row) => ({
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
