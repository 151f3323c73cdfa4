import {
  type AdminSubscriptionBody,
  AI_MATCH_PRICE,
  DEFAULT_SUBSCRIPTION_TIER,
  type PaymentView,
  PLANS,
  type PlanId,
  type PurchaseSubscriptionBody,
  type PurchaseSubscriptionView,
  SUBSCRIPTION_DAYS,
  SUBSCRIPTION_REMINDER_DAYS,
  SUBSCRIPTION_TIERS,
  type SubscriptionTier,
  type SubscriptionView,
  TIER_ORDER,
} from "@matchdesk/contract";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { subscriptions } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, conflict } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { assertNotClient, grantCredits, lockAccount, type Tx } from "../credits/service.js";
import { type NotifyDeps, notify } from "../notifications/service.js";
import { getUser } from "../users/service.js";

const DAY_MS = 86_400_000;
type SubscriptionRow = typeof subscriptions.$inferSelect;

export function toSubscriptionView(row: SubscriptionRow | undefined): SubscriptionView {
  if (!row)
    return { isActive: false, tier: DEFAULT_SUBSCRIPTION_TIER, plan: null, startedAt: null, expiresAt: null };
  return {
    isActive: row.status === "active",
    tier: row.tier,
    plan: (PLANS.find((p) => p.id === row.plan)?.id ?? null) as PlanId | null,
    startedAt: row.startedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The active subscription, if any. One that has passed its expiry no longer counts, job or not. */
async function findActive(db: Db, userId: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active")));
  return row && row.expiresAt > now ? row : undefined;
}

export async function getSubscription(db: Db, userId: string): Promise<SubscriptionView> {
  return toSubscriptionView(await findActive(db, userId));
}

/** The tier whose AI price applies to the user now: the active one, else the default. */
export async function currentTier(db: Db, userId: string): Promise<SubscriptionTier> {
  return (await findActive(db, userId))?.tier ?? DEFAULT_SUBSCRIPTION_TIER;
}

/** SPEC 9: what one AI compatibility request costs the user now, by their tier. */
export async function aiRequestPrice(db: Db, userId: string): Promise<number> {
  return AI_MATCH_PRICE[await currentTier(db, userId)];
}

/** SPEC 4: an active tier cannot be bought again; while Gold is active the lower tiers cannot be chosen. */
export function checkTierRules(active: SubscriptionTier | null, wanted: SubscriptionTier) {
  if (active === wanted) {
    throw conflict("SUBSCRIPTION_TIER_ACTIVE", "This tier is already active");
  }
  if (active === "gold" && TIER_ORDER.indexOf(wanted) < TIER_ORDER.indexOf("gold")) {
    throw conflict("SUBSCRIPTION_GOLD_ACTIVE", "While Gold is active the lower tiers cannot be chosen");
  }
}

/** SPEC 4's rules for choosing `wanted` now; throws the 409 that says why not. */
export async function assertTierAllowed(db: Db, userId: string, wanted: SubscriptionTier) {
  const active = await findActive(db, userId);
  checkTierRules(active?.tier ?? null, wanted);
}

export const planFor = (tier: SubscriptionTier, plan?: PlanId) =>
  tier === "regular" ? null : (plan ?? PLANS.find((p) => p.tier === tier)!.id);

export const monthlyCredits = (tier: SubscriptionTier, plan: PlanId | null) =>
  plan ? PLANS.find((p) => p.id === plan)!.monthlyCredits : SUBSCRIPTION_TIERS[tier].monthlyCredits;

/**
 * Starts a 30-day period of `tier` now, ending the active one, and grants the plan's monthly AI
 * credits as a ledger row of the tier's type that expires with the period. Inside a transaction.
 */
export async function activateSubscription(
  tx: Tx,
  input: { userId: string; tier: SubscriptionTier; plan: PlanId | null; createdBy?: string | null },
  now = new Date(),
): Promise<SubscriptionRow> {
  await lockAccount(tx, input.userId);
  await tx
    .update(subscriptions)
    .set({ status: "replaced", endedAt: now })
    .where(and(eq(subscriptions.userId, input.userId), eq(subscriptions.status, "active")));
  const expiresAt = new Date(now.getTime() + SUBSCRIPTION_DAYS * DAY_MS);
  const [row] = await tx
    .insert(subscriptions)
    .values({
      id: newId(),
      userId: input.userId,
      tier: input.tier,
      plan: input.plan,
      status: "active",
      startedAt: now,
      expiresAt,
    })
    .returning();
  const credits = monthlyCredits(input.tier, input.plan);
  if (credits > 0 && input.tier !== "regular") {
    await grantCredits(tx, {
      userId: input.userId,
      amount: credits,
      type: input.tier === "gold" ? "subscription_gold" : "subscription_silver",
      expiresAt,
      reference: `subscription:${row!.id}`,
      createdBy: input.createdBy ?? null,
    });
  }
  return row!;
}

type PurchaseDeps = {
  db: Db;
  /** Opens a payment for a plan; the subscription starts when it is paid. */
  checkout: (caller: SessionUser, product: string) => Promise<PaymentView>;
};

/** Purchase or update (SPEC 4). Paid tiers go through the payment provider; regular is free. */
export async function purchaseSubscription(
  deps: PurchaseDeps,
  caller: SessionUser,
  body: PurchaseSubscriptionBody,
): Promise<Omit<PurchaseSubscriptionView, "instructions">> {
  assertNotClient(caller.role, "SUBSCRIPTIONS_NOT_FOR_CLIENTS");
  const plan = planFor(body.tier, body.plan);
  const priceUsd = plan ? PLANS.find((p) => p.id === plan)!.priceUsd : SUBSCRIPTION_TIERS[body.tier].priceUsd;
  if (priceUsd > 0) {
    const active = await findActive(deps.db, caller.id);
    checkTierRules(active?.tier ?? null, body.tier);
    const payment = await deps.checkout(caller, `plan_${plan}`);
    return { subscription: toSubscriptionView(active), payment };
  }
  const row = await deps.db.transaction(async (tx) => {
    await lockAccount(tx, caller.id);
    const active = await findActive(tx, caller.id);
    checkTierRules(active?.tier ?? null, body.tier);
    return activateSubscription(tx, { userId: caller.id, tier: body.tier, plan });
  });
  return { subscription: toSubscriptionView(row), payment: null };
}

/** Cancels the active subscription now; not reversible. Credits already granted stay until they expire. */
export async function cancelSubscription(db: Db, userId: string): Promise<SubscriptionView> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const active = await findActive(tx, userId);
    if (!active) throw conflict("SUBSCRIPTION_NOT_ACTIVE", "There is no active subscription to cancel");
    await tx
      .update(subscriptions)
      .set({ status: "cancelled", endedAt: new Date() })
      .where(eq(subscriptions.id, active.id));
    return toSubscriptionView(undefined);
  });
}

/** An administrator sets a user's tier (a new 30-day period) or ends the subscription (`tier: null`). */
export async function adminSetSubscription(
  db: Db,
  caller: SessionUser,
  userId: string,
  body: AdminSubscriptionBody,
): Promise<SubscriptionView> {
  const user = await getUser(db, userId);
  assertNotClient(user.role, "SUBSCRIPTIONS_NOT_FOR_CLIENTS");
  if (body.tier === null) {
    const active = await findActive(db, userId);
    if (!active) return toSubscriptionView(undefined);
    return cancelSubscription(db, userId);
  }
  if (body.plan && PLANS.find((p) => p.id === body.plan)?.tier !== body.tier) {
    throw new AppError("VALIDATION_FAILED", 400, "The plan does not belong to this tier", undefined, {
      plan: ["The plan does not belong to this tier"],
    });
  }
  const tier = body.tier;
  const plan = planFor(tier, body.plan);
  const row = await db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    // Setting what is already active changes nothing: a retry or a double click grants no credits twice.
    const active = await findActive(tx, userId);
    if (active && active.tier === tier && active.plan === plan) return active;
    return activateSubscription(tx, { userId, tier, plan, createdBy: caller.id });
  });
  return toSubscriptionView(row);
}

// Any fixed number: the key every instance's expiry job takes, so one runs at a time.
export const EXPIRY_JOB_LOCK = 0x6d64_0006;

export type ExpiryRun = {
  ran: boolean;
  expired: string[];
  reminded: { userId: string; tier: SubscriptionTier; expiresAt: Date }[];
};

/**
 * Ends subscriptions past their expiry and marks those ending within a few days as reminded.
 * Safe on many instances at once: a transaction-scoped advisory lock lets one run, the others skip.
 */
export async function runSubscriptionExpiry(db: Db, now = new Date()): Promise<ExpiryRun> {
  return db.transaction(async (tx) => {
    // Both drivers answer `{ rows }`.
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${EXPIRY_JOB_LOCK}) as locked`)) as {
      rows: { locked: boolean }[];
    };
    if (!lock.rows[0]?.locked) return { ran: false, expired: [], reminded: [] };
    const expired = await tx
      .update(subscriptions)
      .set({ status: "expired", endedAt: sql`${subscriptions.expiresAt}` })
      .where(and(eq(subscriptions.status, "active"), lte(subscriptions.expiresAt, now)))
      .returning({ userId: subscriptions.userId });
    const soon = new Date(now.getTime() + SUBSCRIPTION_REMINDER_DAYS * DAY_MS);
    const reminded = await tx
      .update(subscriptions)
      .set({ remindedAt: now })
      .where(
        and(
          eq(subscriptions.status, "active"),
          isNull(subscriptions.remindedAt),
          lte(subscriptions.expiresAt, soon),
        ),
      )
      .returning({
        userId: subscriptions.userId,
        tier: subscriptions.tier,
        expiresAt: subscriptions.expiresAt,
      });
    return { ran: true, expired: expired.map((r) => r.userId), reminded };
  });
}

const JOB_INTERVAL_MS = 15 * 60_000;

/**
 * Runs the expiry job at start and every 15 minutes, without keeping the process alive. Whoever
 * is marked reminded is told once, after the marking has committed.
 */
export function startSubscriptionJob(
  deps: NotifyDeps,
  log: { warn(obj: object, msg: string): void },
): () => void {
  const run = async () => {
    try {
      const { reminded } = await runSubscriptionExpiry(deps.db);
      for (const r of reminded) {
        // Shown as it stands in either language: the plan's name and SPEC 9's `dd.mm.yyyy hh:mm` UTC.
        await notify(deps, r.userId, "subscription_expiring", {
          tier: r.tier.charAt(0).toUpperCase() + r.tier.slice(1),
          expiresAt: `${r.expiresAt
            .toISOString()
            .slice(0, 16)
            .replace(/^(\d{4})-(\d\d)-(\d\d)T/, "$3.$2.$1 ")} UTC`,
        });
      }
    } catch (err) {
      log.warn({ err }, "subscription expiry job failed");
    }
  };
  void run();
  const timer = setInterval(run, JOB_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
