import { createHash, randomBytes } from "node:crypto";
import {
  MARKETPLACE_LIMITS,
  type RecordViewBody,
  type ViewsQuery,
  type ViewsView,
} from "@matchdesk/contract";
import { and, count, countDistinct, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { profileViews, viewSalts } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { badRequest, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { findUser } from "../users/service.js";

const DAY_MS = 86_400_000;
const VIEWS_PER_IP_PER_MINUTE = 60;
const profileNotFound = () => notFound("PROFILE_NOT_FOUND", "Profile not found");
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Today's salt, made once by whichever instance asks first. */
async function saltOf(db: Db, day: string): Promise<string> {
  await db
    .insert(viewSalts)
    .values({ day, salt: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db.select().from(viewSalts).where(eq(viewSalts.day, day));
  return row!.salt;
}

/** Where the visitor came from: utm_source wins, then the referrer's host, else "direct". */
export function viewSource(referrer: string | undefined, utmSource: string | undefined, ownHost: string) {
  const utm = utmSource?.trim().toLowerCase().slice(0, 60);
  if (utm) return utm;
  if (!referrer) return "direct";
  try {
    const host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, "");
    return host && host !== ownHost ? host.slice(0, 100) : "direct";
  } catch {
    return "direct";
  }
}

/** A two-letter code from the proxy's header, else "unknown" (Cloudflare sends XX and T1 too). */
export function viewCountry(header: string | string[] | undefined) {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z]{2}$/.test(value) && value.toUpperCase() !== "XX"
    ? value.toUpperCase()
    : "unknown";
}

/**
 * Records one opening of a public client profile or agency page. The visitor is a hash of the
 * day's salt, the address, the browser and the profile: no address is stored, and the same person
 * on another day or profile cannot be linked.
 */
export async function recordView(
  deps: { db: Db; limiter: RateLimiter; config: { publicUrl: string } },
  body: RecordViewBody,
  visitor: { ip: string; userAgent: string; countryHeader: string | string[] | undefined },
) {
  await deps.limiter.hit(`views:${visitor.ip}`, VIEWS_PER_IP_PER_MINUTE, 60_000);
  const user = await findUser(deps.db, body.profileId);
  if (!user || user.role === "ADMIN" || user.status === "inactive") throw profileNotFound();
  const now = new Date();
  const salt = await saltOf(deps.db, isoDay(now));
  const visitorHash = createHash("sha256")
    .update(`${salt}\n${visitor.ip}\n${visitor.userAgent}\n${user.id}`)
    .digest("hex");
  await deps.db.insert(profileViews).values({
    id: newId(),
    profileUserId: user.id,
    visitorHash,
    source: viewSource(body.referrer, body.utmSource, new URL(deps.config.publicUrl).hostname),
    country: viewCountry(visitor.countryHeader),
    viewedAt: now,
  });
}

/** Whose views a caller may read: their own, their clients' (a matchmaker), anyone's (an admin). */
async function assertCanSeeViews(db: Db, caller: SessionUser, profileId: string) {
  const target = await findUser(db, profileId);
  const isAllowed =
    target &&
    (target.id === caller.id ||
      caller.role === "ADMIN" ||
      (caller.role === "INVITER" && target.inviterId === caller.id));
  if (!isAllowed) throw profileNotFound();
}

export async function viewStats(db: Db, caller: SessionUser, q: ViewsQuery): Promise<ViewsView> {
  const profileId = q.profileId ?? caller.id;
  await assertCanSeeViews(db, caller, profileId);
  const today = isoDay(new Date());
  const to = q.to ?? today;
  const from = q.from ?? isoDay(new Date(Date.parse(to) - 29 * DAY_MS));
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days < 1 || days > MARKETPLACE_LIMITS.analyticsMaxDays) {
    throw badRequest("ANALYTICS_RANGE_INVALID", "The date range must run forward and span at most 366 days");
  }
  const where = and(
    eq(profileViews.profileUserId, profileId),
    gte(profileViews.viewedAt, new Date(`${from}T00:00:00Z`)),
    lt(profileViews.viewedAt, new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS)),
  );
  const day = sql<string>`to_char(${profileViews.viewedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [[totals], sources, countries, daily] = await Promise.all([
    db
      .select({ total: count(), unique: countDistinct(profileViews.visitorHash) })
      .from(profileViews)
      .where(where),
    db
      .select({ key: profileViews.source, views: count() })
      .from(profileViews)
      .where(where)
      .groupBy(profileViews.source)
      .orderBy(desc(count()), profileViews.source)
      .limit(20),
    db
      .select({ key: profileViews.country, views: count() })
      .from(profileViews)
      .where(where)
      .groupBy(profileViews.country)
      .orderBy(desc(count()), profileViews.country)
      .limit(20),
    db
      .select({ date: day, views: count(), unique: countDistinct(profileViews.visitorHash) })
      .from(profileViews)
      .where(where)
      .groupBy(day),
  ]);
  const byDay = new Map(daily.map((d) => [d.date, d]));
  const series = Array.from({ length: days }, (_, i) => {
    const date = isoDay(new Date(Date.parse(from) + i * DAY_MS));
    const d = byDay.get(date);
    return { date, views: d?.views ?? 0, unique: d?.unique ?? 0 };
  });
  return {
    profileId,
    from,
    to,
    total: totals?.total ?? 0,
    unique: totals?.unique ?? 0,
    sources,
    countries,
    daily: series,
  };
}
