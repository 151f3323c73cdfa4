import {
  type AgencyLeadList,
  type AgencyLeadView,
  type JoinAgencyBody,
  MARKETPLACE_LIMITS,
  type PageQuery,
} from "@matchdesk/contract";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyLeads } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { findPublicAgency } from "../agencies/service.js";
import { createInvite } from "../invites/service.js";
import { type NotifyDeps, notify } from "../notifications/service.js";

// Requests to join sent from an agency's public page, kept in its matchmaker's inbox until the
// person is invited (an invitation of the invites module) or the request dismissed.

/**
 * "Join the agency base": the request is kept as a lead in the matchmaker's inbox, with a
 * notification. No account is made from it: whoever sends the form has not shown the address is
 * theirs, so the matchmaker invites the person (`inviteLead`) and the invitation proves it. A
 * filled honeypot is answered alike, storing nothing.
 */
export async function joinAgency(
  deps: NotifyDeps & { limiter: RateLimiter },
  agencyId: string,
  body: JoinAgencyBody,
  ip: string,
) {
  const { agency } = await findPublicAgency(deps.db, agencyId);
  if (body.website) return;
  await deps.limiter.hit(`agency-join:${ip}`, MARKETPLACE_LIMITS.joinRequestsPerIpPerHour, 3_600_000);
  await deps.db.insert(agencyLeads).values({
    id: newId(),
    agencyUserId: agency.userId,
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email.toLowerCase(),
    phone: body.phone ?? null,
    message: body.message || null,
  });
  await notify(deps, agency.userId, "agency_lead", { name: `${body.firstName} ${body.lastName}`.trim() });
}

type LeadRow = typeof agencyLeads.$inferSelect;

const toLeadView = (r: LeadRow): AgencyLeadView => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phone: r.phone,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  clientId: r.clientUserId,
});

/** The matchmaker's inbox of requests from their agency page, newest first. */
export async function listLeads(db: Db, caller: SessionUser, q: PageQuery): Promise<AgencyLeadList> {
  const mine = eq(agencyLeads.agencyUserId, caller.id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(agencyLeads)
      .where(mine)
      .orderBy(desc(agencyLeads.createdAt), desc(agencyLeads.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(agencyLeads).where(mine),
  ]);
  return { items: rows.map(toLeadView), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

async function ownLead(db: Db, caller: SessionUser, leadId: string): Promise<LeadRow> {
  const [row] = await db
    .select()
    .from(agencyLeads)
    .where(and(eq(agencyLeads.id, leadId), eq(agencyLeads.agencyUserId, caller.id)));
  if (!row) throw notFound("LEAD_NOT_FOUND", "Request not found");
  return row;
}

/** Invites the person behind a lead: a client of the matchmaker, e-mailed the invitation. */
export async function inviteLead(
  deps: Parameters<typeof createInvite>[0],
  caller: SessionUser,
  leadId: string,
): Promise<AgencyLeadView> {
  const lead = await ownLead(deps.db, caller, leadId);
  if (lead.clientUserId) throw new AppError("LEAD_ALREADY_INVITED", 409, "This person is already invited");
  const client = await createInvite(deps, caller, {
    email: lead.email,
    firstName: lead.firstName,
    lastName: lead.lastName,
  });
  const [row] = await deps.db
    .update(agencyLeads)
    .set({ clientUserId: client.id })
    .where(eq(agencyLeads.id, lead.id))
    .returning();
  return toLeadView(row!);
}

export async function dismissLead(db: Db, caller: SessionUser, leadId: string) {
  const lead = await ownLead(db, caller, leadId);
  await db.delete(agencyLeads).where(eq(agencyLeads.id, lead.id));
}
