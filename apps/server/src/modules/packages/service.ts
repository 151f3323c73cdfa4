import type {
  CreatePackageBody,
  PackageOverviewItem,
  PackagesOverview,
  PackagesOverviewQuery,
  PackagesView,
  PackageView,
  PausePackageBody,
  PauseRefusal,
} from "@matchdesk/contract";
import { dayOf, daysBetween, packageProgress, periodsOverlap, planPause } from "@matchdesk/contract";
import { and, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { clientPackages, introductions, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { type AppError, badRequest, conflict, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { fileUrl } from "../../platform/storage.js";
import { getOwnClient } from "../clients/service.js";

type PackageRow = typeof clientPackages.$inferSelect;

/**
 * Introductions of the package's client that reached `introduced` inside its period: from the
 * start day's first moment (UTC) to the end day's last, as `deliveredWindow` in the contract says.
 * Two counts, one per column, so each reads its own index; a client is never both sides of one.
 */
const periodStart = sql`(${clientPackages.startsOn}::timestamp at time zone 'UTC')`;
const periodEnd = sql`((${clientPackages.endsOn} + 1)::timestamp at time zone 'UTC')`;
const deliveredOn = (column: typeof introductions.clientId | typeof introductions.candidateId) =>
  sql`(select count(*) from ${introductions} where ${column} = ${clientPackages.clientId} and ${introductions.introducedAt} >= ${periodStart} and ${introductions.introducedAt} < ${periodEnd})`;
const delivered = sql<number>`(${deliveredOn(introductions.clientId)} + ${deliveredOn(introductions.candidateId)})::int`;

const PACKAGE_COLUMNS = {
  id: clientPackages.id,
  clientId: clientPackages.clientId,
  createdBy: clientPackages.createdBy,
  introductionsPromised: clientPackages.introductionsPromised,
  startsOn: clientPackages.startsOn,
  endsOn: clientPackages.endsOn,
  price: clientPackages.price,
  currency: clientPackages.currency,
  pausedFrom: clientPackages.pausedFrom,
  pausedUntil: clientPackages.pausedUntil,
  createdAt: clientPackages.createdAt,
  updatedAt: clientPackages.updatedAt,
  delivered,
};

export function toPackageView(row: PackageRow & { delivered: number }, today: string): PackageView {
  const progress = packageProgress(row, row.delivered, today);
  const { pausedFrom, pausedUntil } = row;
  return {
    id: row.id,
    clientId: row.clientId,
    introductionsPromised: row.introductionsPromised,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    price: row.price,
    currency: row.currency,
    delivered: row.delivered,
    ...progress,
    pause:
      pausedFrom && pausedUntil
        ? {
            startsOn: pausedFrom,
            until: pausedUntil,
            days: daysBetween(pausedFrom, pausedUntil),
          }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A client's packages, newest first, for a caller whose right to them was checked (the export). */
export async function packagesOf(db: Db, clientId: string, now: Date): Promise<PackagesView> {
  const rows = await db
    .select(PACKAGE_COLUMNS)
    .from(clientPackages)
    .where(eq(clientPackages.clientId, clientId))
    .orderBy(desc(clientPackages.startsOn), desc(clientPackages.createdAt));
  const today = dayOf(now);
  return { items: rows.map((row) => toPackageView(row, today)) };
}

async function packageWithDelivered(db: Db, id: string, now: Date): Promise<PackageView> {
  const [row] = await db.select(PACKAGE_COLUMNS).from(clientPackages).where(eq(clientPackages.id, id));
  if (!row) throw notFound("PACKAGE_NOT_FOUND", "Package not found");
  return toPackageView(row, dayOf(now));
}

/** A client's packages, newest first, for their matchmaker or an admin (404 for anyone else's client). */
export async function listPackages(db: Db, caller: SessionUser, clientId: string, now = new Date()) {
  const client = await getOwnClient(db, caller, clientId);
  return packagesOf(db, client.id, now);
}

/** The signed-in client's own packages. */
export const myPackages = (db: Db, caller: SessionUser, now = new Date()) => packagesOf(db, caller.id, now);

/**
 * Takes the client's lock for the rest of the transaction, so two packages of one client are
 * recorded or paused one after another and the overlap check sees the other's result.
 */
const lockClient = (tx: Db, clientId: string) =>
  tx.execute(sql`select id from users where id = ${clientId} for update`);

/** Records a package. Its period may not share a day with another of the client's (409). */
export async function createPackage(
  db: Db,
  caller: SessionUser,
  clientId: string,
  body: CreatePackageBody,
  now = new Date(),
): Promise<PackageView> {
  const client = await getOwnClient(db, caller, clientId);
  const id = await db.transaction(async (tx) => {
    await lockClient(tx, client.id);
    const others = await tx
      .select({ startsOn: clientPackages.startsOn, endsOn: clientPackages.endsOn })
      .from(clientPackages)
      .where(eq(clientPackages.clientId, client.id));
    if (others.some((other) => periodsOverlap(other, body)))
      throw conflict("PACKAGE_OVERLAPS", "The client already has a package for some of these days");
    const [row] = await tx
      .insert(clientPackages)
      .values({
        id: newId(),
        clientId: client.id,
        createdBy: caller.id,
        introductionsPromised: body.introductionsPromised,
        startsOn: body.startsOn,
        endsOn: body.endsOn,
        price: body.price,
        currency: body.currency,
      })
      .returning({ id: clientPackages.id });
    return row!.id;
  });
  return packageWithDelivered(db, id, now);
}

function pauseRefused(refusal: PauseRefusal): AppError {
  if (refusal === "PACKAGE_ALREADY_PAUSED") return conflict(refusal, "The package was already paused once");
  if (refusal === "PACKAGE_NOT_ACTIVE") return conflict(refusal, "Only a running package can be paused");
  const message = "Choose a day from tomorrow to 90 days ahead";
  return badRequest(refusal, message, { until: [message] });
}

/** Pauses a running package from today until `body.until` (once, up to 90 days); the end date moves. */
export async function pausePackage(
  db: Db,
  caller: SessionUser,
  params: { id: string; packageId: string },
  body: PausePackageBody,
  now = new Date(),
): Promise<PackageView> {
  const client = await getOwnClient(db, caller, params.id);
  const today = dayOf(now);
  await db.transaction(async (tx) => {
    await lockClient(tx, client.id);
    const packages = await tx.select().from(clientPackages).where(eq(clientPackages.clientId, client.id));
    const target = packages.find((p) => p.id === params.packageId);
    if (!target) throw notFound("PACKAGE_NOT_FOUND", "Package not found");
    const plan = planPause(target, today, body.until);
    if ("refusal" in plan) throw pauseRefused(plan.refusal);
    const moved = { startsOn: target.startsOn, endsOn: plan.endsOn };
    if (packages.some((p) => p.id !== target.id && periodsOverlap(p, moved)))
      throw conflict("PACKAGE_OVERLAPS", "The moved end date would run into the client's next package");
    await tx
      .update(clientPackages)
      .set({
        pausedFrom: plan.pausedFrom,
        pausedUntil: plan.pausedUntil,
        endsOn: plan.endsOn,
        updatedAt: now,
      })
      .where(and(eq(clientPackages.id, target.id), isNull(clientPackages.pausedFrom)));
  });
  return packageWithDelivered(db, params.packageId, now);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
// Behind schedule first, the furthest behind first; then the packages that end soonest.
const byUrgency = (a: PackageOverviewItem, b: PackageOverviewItem) =>
  Number(b.behindSchedule) - Number(a.behindSchedule) ||
  b.expectedByNow - b.delivered - (a.expectedByNow - a.delivered) ||
  compare(a.endsOn, b.endsOn) ||
  compare(a.id, b.id);

/**
 * The running packages (started, not ended) of the caller's clients, every client for an admin,
 * with delivered counts: one query, read from the clients' index, then each package's index, then
 * the introductions' indexes per client.
 */
export async function packagesOverview(
  db: Db,
  caller: SessionUser,
  query: PackagesOverviewQuery,
  now = new Date(),
): Promise<PackagesOverview> {
  const today = dayOf(now);
  const scope: SQL[] =
    caller.role === "ADMIN" ? [] : [eq(users.inviterId, caller.id), eq(users.role, "INVITEE")];
  const rows = await db
    .select({
      ...PACKAGE_COLUMNS,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarThumbKey: users.avatarThumbKey,
    })
    .from(clientPackages)
    .innerJoin(users, eq(users.id, clientPackages.clientId))
    .where(and(...scope, lte(clientPackages.startsOn, today), gte(clientPackages.endsOn, today)));
  const items = rows
    .map(
      (row): PackageOverviewItem => ({
        ...toPackageView(row, today),
        clientFirstName: row.firstName,
        clientLastName: row.lastName,
        clientAvatarUrl: row.avatarThumbKey ? fileUrl(row.avatarThumbKey) : null,
      }),
    )
    .sort(byUrgency);
  const start = (query.page - 1) * query.pageSize;
  return {
    items: items.slice(start, start + query.pageSize),
    total: items.length,
    page: query.page,
    pageSize: query.pageSize,
    behindSchedule: items.filter((item) => item.behindSchedule).length,
  };
}
