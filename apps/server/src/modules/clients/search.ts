import { DEFAULT_DISPLAYED, type PublishedProfileView, type SearchProfilesQuery } from "@matchdesk/contract";
import { and, count, desc, eq, gte, ilike, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { clientProfiles, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { escapeLike } from "../../platform/sql.js";
import { agencyNamesOf } from "../agencies/service.js";
import { publicViews, resolveDisplay } from "../profiles/public.js";

/**
 * The shared search: complete, active client profiles their matchmakers published. Filters use
 * only what the profile displays, so a hidden field can neither be read nor probed by filtering.
 */
export async function searchProfiles(db: Db, caller: SessionUser, q: SearchProfilesQuery) {
  const shows = (field: string) =>
    sql`coalesce((${clientProfiles.displaySettings} ->> ${field})::boolean, ${sql.raw((DEFAULT_DISPLAYED as readonly string[]).includes(field) ? "true" : "false")})`;
  const parts: SQL[] = [
    eq(users.role, "INVITEE"),
    eq(users.participatesInSearch, true),
    sql`${users.status} <> 'inactive'`,
    eq(clientProfiles.isComplete, true),
  ];
  if (q.gender) parts.push(and(eq(users.gender, q.gender), shows("gender"))!);
  if (q.country) parts.push(and(eq(clientProfiles.country, q.country), shows("country"))!);
  if (q.city) parts.push(and(ilike(clientProfiles.city, escapeLike(q.city)), shows("city"))!);
  const ageBound = (years: number) => sql`(current_date - make_interval(years => ${years}))::date`;
  if (q.minAge !== undefined)
    parts.push(and(lte(clientProfiles.dateOfBirth, ageBound(q.minAge)), shows("age"))!);
  if (q.maxAge !== undefined) {
    parts.push(and(gte(clientProfiles.dateOfBirth, sql`(${ageBound(q.maxAge + 1)} + 1)`), shows("age"))!);
  }
  const where = and(...parts);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, display: clientProfiles.displaySettings })
      .from(users)
      .innerJoin(clientProfiles, eq(clientProfiles.userId, users.id))
      .where(where)
      .orderBy(desc(clientProfiles.updatedAt), desc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(users)
      .innerJoin(clientProfiles, eq(clientProfiles.userId, users.id))
      .where(where),
  ]);
  // Each page's related rows come in one query each, not one per profile.
  const [views, agencies] = await Promise.all([
    publicViews(
      db,
      rows.map((row) => ({ user: row.user, display: resolveDisplay(row.display) })),
    ),
    agencyNamesOf(
      db,
      rows.flatMap(({ user }) => (user.inviterId ? [user.inviterId] : [])),
    ),
  ]);
  const items = rows.map(
    ({ user }, i): PublishedProfileView => ({
      ...views[i]!,
      agency: {
        matchmakerId: user.inviterId ?? "",
        agencyName: user.inviterId ? (agencies.get(user.inviterId) ?? null) : null,
      },
      isOwnClient: user.inviterId === caller.id,
    }),
  );
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}
