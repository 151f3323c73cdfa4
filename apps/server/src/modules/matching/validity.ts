import { VALIDITY_MIN_OUTCOMES, type ValidityView } from "@matchdesk/contract";
import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { introductionSides, introductions } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { auc, calibrationTable } from "./learning/metrics.js";

// The score validity page (issue 15, part 4): the chance each introduction was given when it was
// proposed, against what happened. An introduction is an outcome once both clients said yes (a
// mutual yes) or either said no; one still waiting, or closed by a matchmaker or an expiry before
// a client answered, says nothing about the score.

/** How many months the trend covers, the current one included. */
const TREND_MONTHS = 6;

type Outcome = { predicted: number; match: number; decidedAt: Date };

/** The decided introductions the caller may see the figures of: their agency's, or all for ADMIN. */
async function outcomesFor(db: Db, caller: SessionUser): Promise<Outcome[]> {
  const scope =
    caller.role === "ADMIN"
      ? undefined
      : or(eq(introductions.proposedBy, caller.id), eq(introductions.responderId, caller.id));
  const yes = sql<number>`count(*) filter (where ${introductionSides.answer} = 'yes')::int`;
  const no = sql<number>`count(*) filter (where ${introductionSides.answer} = 'no')::int`;
  const rows = await db
    .select({
      predicted: introductions.predictedChance,
      yes,
      no,
      decidedAt: sql<string>`max(${introductionSides.answeredAt})`,
    })
    .from(introductions)
    .innerJoin(introductionSides, eq(introductionSides.introductionId, introductions.id))
    .where(and(isNotNull(introductions.predictedChance), scope))
    .groupBy(introductions.id)
    .having(sql`${no} > 0 or ${yes} = 2`);
  return rows.map((r) => ({
    predicted: Math.min(1, Math.max(0, r.predicted!)),
    match: r.no > 0 ? 0 : 1,
    decidedAt: new Date(r.decidedAt),
  }));
}

const aucOf = (list: readonly Outcome[]) =>
  list.length < VALIDITY_MIN_OUTCOMES
    ? null
    : auc(
        list.map((o) => o.predicted),
        list.map((o) => o.match),
      );

const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;

export async function scoreValidity(db: Db, caller: SessionUser, now = new Date()): Promise<ValidityView> {
  const list = await outcomesFor(db, caller);
  const calibration = calibrationTable(
    list.map((o) => o.predicted),
    list.map((o) => o.match),
  )
    .filter((b) => b.count > 0)
    .map((b) => ({ predicted: b.predicted, observed: b.observed, count: b.count }));
  const trend: ValidityView["trend"] = [];
  for (let back = TREND_MONTHS - 1; back >= 0; back--) {
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1));
    const upTo = list.filter((o) => o.decidedAt < end);
    trend.push({
      month: monthKey(new Date(end.getTime() - 1)),
      outcomes: upTo.length,
      auc: aucOf(upTo),
    });
  }
  return {
    outcomes: list.length,
    auc: aucOf(list),
    calibration,
    mutualYes: list.filter((o) => o.match === 1).length,
    scope: caller.role === "ADMIN" ? "marketplace" : "agency",
    trend,
  };
}
