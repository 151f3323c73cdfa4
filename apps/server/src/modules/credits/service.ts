import type {
  AddCreditsBody,
  CreditsView,
  CreditTransactionsQuery,
  CreditTransactionType,
  CreditTransactionView,
  UsageQuery,
  UsageView,
} from "@matchdesk/contract";
import { AddCreditsBody as AddCreditsSchema } from "@matchdesk/contract";
import { and, asc, count, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { creditAccounts, creditTransactions } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, badRequest } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import { type NotifyDeps, notify } from "../notifications/service.js";
import { getUser } from "../users/service.js";

/** A database handle or an open transaction: every function here works inside the caller's. */
export type Tx = Db;
type TransactionRow = typeof creditTransactions.$inferSelect;

export function toTransactionView(row: TransactionRow): CreditTransactionView {
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    description: row.description,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Grants that still count at `now`: not spent, not expired. */
const spendable = (userId: string, now: Date) =>
  and(
    eq(creditTransactions.userId, userId),
    // A literal, not a parameter, so the planner matches the partial index on `remaining > 0`.
    sql`${creditTransactions.remaining} > 0`,
    or(isNull(creditTransactions.expiresAt), gt(creditTransactions.expiresAt, now)),
  );

/**
 * Takes the user's credit lock for the rest of the transaction: every movement of one user's
 * credits runs one after another, so two debits never both spend the same credits.
 */
export async function lockAccount(tx: Tx, userId: string): Promise<void> {
  await tx.insert(creditAccounts).values({ userId }).onConflictDoNothing();
  await tx.execute(sql`select user_id from credit_accounts where user_id = ${userId} for update`);
}

export async function getCredits(db: Db, userId: string, now = new Date()): Promise<CreditsView> {
  // Grouped by the UTC day each grant expires: one line per date in the balance note, never one
  // plan's date for every grant (a Silver period's credits and a later Gold one's differ).
  const day = sql`date_trunc('day', ${creditTransactions.expiresAt} at time zone 'UTC')`;
  const rows = await db
    .select({
      // bigint: a sum of many grants may pass 2^31.
      amount: sql<number>`coalesce(sum(${creditTransactions.remaining}), 0)::bigint`.mapWith(Number),
      expiresAt: sql<Date | string | null>`min(${creditTransactions.expiresAt})`,
    })
    .from(creditTransactions)
    .where(spendable(userId, now))
    .groupBy(day)
    .orderBy(sql`${day} asc nulls last`);
  const expiries = rows
    .filter((r) => r.expiresAt !== null && Number(r.amount) > 0)
    .map((r) => ({ amount: Number(r.amount), expiresAt: new Date(r.expiresAt!).toISOString() }));
  const balance = rows.reduce((sum, r) => sum + Number(r.amount), 0);
  const expiring = expiries.reduce((sum, r) => sum + r.amount, 0);
  return { balance, expiring, nextExpiryAt: expiries[0]?.expiresAt ?? null, expiries };
}

export const getBalance = async (db: Db, userId: string, now = new Date()) =>
  (await getCredits(db, userId, now)).balance;

export type GrantInput = {
  userId: string;
  amount: number;
  type: CreditTransactionType;
  description?: string;
  expiresAt?: Date | null;
  /** A cause that must credit once only (a payment, a subscription period). */
  reference?: string;
  createdBy?: string | null;
};

/** Adds credits as one ledger row. Call inside a transaction; it takes the user's credit lock. */
export async function grantCredits(tx: Tx, input: GrantInput): Promise<TransactionRow> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw badRequest("VALIDATION_FAILED", "Credits amount must be greater than 0", {
      amount: ["Credits amount must be greater than 0"],
    });
  }
  await lockAccount(tx, input.userId);
  const [row] = await tx
    .insert(creditTransactions)
    .values({
      id: newId(),
      userId: input.userId,
      type: input.type,
      amount: input.amount,
      remaining: input.amount,
      description: input.description ?? "",
      expiresAt: input.expiresAt ?? null,
      reference: input.reference ?? null,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  return row!;
}

export type DebitInput = {
  userId: string;
  amount: number;
  type?: CreditTransactionType;
  description?: string;
  reference?: string;
};

/** The 402 of a balance short of a price: NO_CREDITS when it is empty, INSUFFICIENT_CREDITS otherwise. */
export function notEnoughCredits(required: number, available: number): AppError {
  return available === 0
    ? new AppError("NO_CREDITS", 402, "No credits available: buy credits or upgrade", { required, available })
    : new AppError("INSUFFICIENT_CREDITS", 402, "Insufficient credits", { required, available });
}

export type DebitResult = { transaction: TransactionRow | null; charged: number; balance: number };

/**
 * Spends credits: locks the user's account, takes from the grants that expire soonest first,
 * and writes one negative ledger row. Throws 402 INSUFFICIENT_CREDITS ({ required, available })
 * or NO_CREDITS when the balance is short; nothing is written then. Free clients pay nothing.
 * Call it inside the transaction that does the paid work, so a failure there refunds by rollback.
 */
export async function debitCredits(tx: Tx, input: DebitInput, now = new Date()): Promise<DebitResult> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error("debit amount must be > 0");
  const user = await getUser(tx, input.userId);
  if (user.isFreeClient) {
    return { transaction: null, charged: 0, balance: await getBalance(tx, input.userId, now) };
  }
  await lockAccount(tx, input.userId);
  const grants = await tx
    .select({ id: creditTransactions.id, remaining: creditTransactions.remaining })
    .from(creditTransactions)
    .where(spendable(input.userId, now))
    .orderBy(sql`${creditTransactions.expiresAt} asc nulls last`, asc(creditTransactions.createdAt))
    .for("update");
  const available = grants.reduce((sum, g) => sum + g.remaining, 0);
  if (available < input.amount) throw notEnoughCredits(input.amount, available);
  let left = input.amount;
  for (const grant of grants) {
    if (left === 0) break;
    const take = Math.min(left, grant.remaining);
    await tx
      .update(creditTransactions)
      .set({ remaining: grant.remaining - take })
      .where(eq(creditTransactions.id, grant.id));
    left -= take;
  }
  const [row] = await tx
    .insert(creditTransactions)
    .values({
      id: newId(),
      userId: input.userId,
      type: input.type ?? "aiMatch",
      amount: -input.amount,
      description: input.description ?? "",
      reference: input.reference ?? null,
    })
    .returning();
  return { transaction: row!, charged: input.amount, balance: available - input.amount };
}

/**
 * Gives back what a debit took, once (a `compensation` row referencing it), for paid work that
 * failed after its transaction committed. Credits come back without an expiry.
 */
export async function refundDebit(tx: Tx, debitId: string, description = "Refund"): Promise<TransactionRow> {
  const [debit] = await tx.select().from(creditTransactions).where(eq(creditTransactions.id, debitId));
  if (!debit || debit.amount >= 0) throw new AppError("NOT_FOUND", 404, "Debit not found");
  await lockAccount(tx, debit.userId);
  const [existing] = await tx
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.reference, `refund:${debitId}`));
  if (existing) return existing;
  return grantCredits(tx, {
    userId: debit.userId,
    amount: -debit.amount,
    type: "compensation",
    description,
    reference: `refund:${debitId}`,
  });
}

export async function listTransactions(db: Db, userId: string, query: CreditTransactionsQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId))
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(creditTransactions).where(eq(creditTransactions.userId, userId)),
  ]);
  return {
    items: rows.map(toTransactionView),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Credits and subscriptions are for matchmakers and admins, never for clients (SPEC 5). */
export function assertNotClient(
  role: string,
  code: "CREDITS_NOT_FOR_CLIENTS" | "SUBSCRIPTIONS_NOT_FOR_CLIENTS",
) {
  if (role === "INVITEE") {
    throw badRequest(
      code,
      code === "CREDITS_NOT_FOR_CLIENTS"
        ? "Credits cannot be added to clients"
        : "Subscriptions cannot be managed for clients",
    );
  }
}

/** An administrator adds credits to a matchmaker's or an admin's account. */
export async function addCredits(
  deps: NotifyDeps,
  caller: SessionUser,
  userId: string,
  body: AddCreditsBody,
) {
  const { db } = deps;
  const input = AddCreditsSchema.parse(body);
  const user = await getUser(db, userId);
  assertNotClient(user.role, "CREDITS_NOT_FOR_CLIENTS");
  const added = await db.transaction(async (tx) => {
    const row = await grantCredits(tx, {
      userId,
      amount: input.amount,
      type: input.type,
      description: input.description,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      createdBy: caller.id,
    });
    return { transaction: toTransactionView(row), balance: await getBalance(tx, userId) };
  });
  await notify(deps, userId, "credits_added", { amount: input.amount });
  return added;
}

/** Credits spent per UTC day and type across the marketplace, for the admin chart. */
export async function usage(db: Db, query: UsageQuery, now = new Date()): Promise<UsageView> {
  const to = now;
  const from = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (query.days - 1)),
  );
  const day = sql<string>`to_char(${creditTransactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      type: creditTransactions.type,
      spent: sql<number>`(-sum(${creditTransactions.amount}))::bigint`.mapWith(Number),
    })
    .from(creditTransactions)
    .where(
      // The debits written out, so a kept plan (PGlite's) uses the index of spending, whose condition this is.
      and(
        sql`${creditTransactions.amount} < 0`,
        sql`${creditTransactions.createdAt} >= ${from.toISOString()}`,
      ),
    )
    .groupBy(day, creditTransactions.type)
    .orderBy(day, creditTransactions.type);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    days: rows.map((r) => ({ day: r.day, type: r.type, spent: Number(r.spent) })),
  };
}

/** A person's whole credit history, newest first: for their data export (issue 20). */
export async function creditHistory(db: Db, userId: string): Promise<CreditTransactionView[]> {
  const rows = await db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id));
  return rows.map(toTransactionView);
}
