import {
  APPLICATION_LIMITS,
  type ApplicationsQuery,
  type ApplicationView,
  type ApplyBody,
  type ContactBody,
  type ContactMessageView,
  type Locale,
  normalizePhone,
  type PageQuery,
  PLANS,
  PRODUCT_NAME,
  phoneRegion,
} from "@matchdesk/contract";
import { and, count, desc, eq, lt, ne, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { contactMessages, matchmakerApplications, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { AppError, badRequest, isUniqueViolation, notFound } from "../../platform/errors.js";
import { newId } from "../../platform/ids.js";
import type { Mailer } from "../../platform/mail.js";
import { mailText } from "../../platform/mail-text.js";
import type { RateLimiter } from "../../platform/rate-limit.js";
import { sendSignInLink, WELCOME_LINK_TTL_MS } from "../auth/email-signin.js";
import { createUser, deleteUser, findUserByEmail } from "../users/service.js";

export type ApplicationsDeps = {
  db: Db;
  mailer: Pick<Mailer, "send">;
  limiter: RateLimiter;
  publicUrl: string;
};

type ApplicationRow = typeof matchmakerApplications.$inferSelect;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The one counter of contact copies mailed this hour, shared by every address and instance. */
const CONTACT_COPIES_KEY = "contact-copies:all";
/** The retention sweep's transaction-scoped advisory lock (one instance runs it at a time). */
export const APPLICATIONS_RETENTION_LOCK = 0x6d64_0017;
const asLocale = (value: string | undefined): Locale => (value === "ru-RU" ? "ru-RU" : "en-US");

/**
 * "Apply as a matchmaker": the application waits in the admins' inbox. The form is public, so it
 * never tells whether an address belongs to someone: an address with an account, or with an
 * application still waiting, gets the same answer as a new one and nothing new is stored. The
 * account's owner is mailed that they can sign in instead. A filled honeypot is answered alike.
 */
export async function apply(
  deps: ApplicationsDeps,
  body: ApplyBody,
  ip: string,
  log: FastifyBaseLogger,
  cookieLocale?: string,
) {
  if (body.website) return;
  const locale = asLocale(body.locale ?? cookieLocale);
  // A number without its country code is read in the region of the applicant's language, as a
  // client's is in their matchmaker's (`phoneRegion`); checked before anything is looked up.
  const phone = normalizePhone(body.phone, phoneRegion({ locale }));
  if (!phone) throw badRequest("VALIDATION_FAILED", "The request is not valid", { phone: ["Invalid phone"] });
  await deps.limiter.hit(`apply:${ip}`, APPLICATION_LIMITS.applicationsPerIpPerHour, HOUR_MS);
  const account = await findUserByEmail(deps.db, body.email);
  if (account?.email) {
    // Not awaited: answering as fast as for a new application tells nothing either.
    void deps.mailer
      .send({
        to: account.email,
        ...mailText(account.locale, "applicationHasAccount", {
          product: PRODUCT_NAME,
          name: account.firstName,
          link: `${deps.publicUrl}/login`,
        }),
      })
      .catch(() => log.warn("application note to an existing account not sent"));
    return;
  }
  try {
    await deps.db.insert(matchmakerApplications).values({
      id: newId(),
      agencyName: body.agencyName,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email.toLowerCase(),
      phone,
      city: body.city,
      message: body.message || null,
      plan: body.plan ?? null,
      locale,
    });
  } catch (error) {
    // The partial unique index: one waiting application per address, even for two sent at once.
    if (!isUniqueViolation(error)) throw error;
    return;
  }
  // Only a new application is acknowledged; like the note to a member, it is not awaited, so
  // the answer comes as fast whichever happened.
  const plan = body.plan ? PLANS.find((p) => p.id === body.plan) : undefined;
  void deps.mailer
    .send({
      to: body.email,
      ...mailText(locale, "applicationReceived", {
        product: PRODUCT_NAME,
        name: body.firstName,
        agency: body.agencyName,
        plan: plan ? `${plan.id[0]!.toUpperCase()}${plan.id.slice(1)}` : "",
      }),
    })
    .catch(() => log.warn("application receipt not sent"));
}

/**
 * The contact form: the message is kept in the admins' inbox and a copy is mailed to every active
 * admin, in their language, with the sender as Reply-To. A copy that fails is logged (without
 * addresses): the message itself is stored and shown in the inbox.
 */
export async function contact(
  deps: ApplicationsDeps,
  body: ContactBody,
  ip: string,
  log: FastifyBaseLogger,
  cookieLocale?: string,
) {
  if (body.website) return;
  await deps.limiter.hit(`contact:${ip}`, APPLICATION_LIMITS.contactMessagesPerIpPerHour, HOUR_MS);
  await deps.db.insert(contactMessages).values({
    id: newId(),
    name: body.name,
    email: body.email.toLowerCase(),
    topic: body.topic || null,
    message: body.message,
    locale: asLocale(body.locale ?? cookieLocale),
  });
  // Staff always have an address (users_contact_check); the filter only tells the type so. An
  // admin who switched e-mail notifications off reads the inbox instead.
  const admins = (
    await deps.db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(and(eq(users.role, "ADMIN"), eq(users.status, "active"), eq(users.emailNotifications, true)))
  ).flatMap((admin) => (admin.email ? [{ ...admin, email: admin.email }] : []));
  if (admins.length === 0) return;
  const { count: sentThisHour } = await deps.limiter.take(CONTACT_COPIES_KEY, HOUR_MS);
  if (sentThisHour > APPLICATION_LIMITS.contactCopiesPerHour) {
    log.warn("contact message copies skipped: the hourly cap is reached (the message is in the inbox)");
    return;
  }
  const results = await Promise.allSettled(
    admins.map((admin) =>
      deps.mailer.send({
        to: admin.email,
        replyTo: body.email,
        quotesSender: true,
        ...mailText(admin.locale, "contactMessage", {
          product: PRODUCT_NAME,
          name: body.name,
          email: body.email,
          topic: body.topic || (admin.locale === "en-US" ? "no topic" : "без темы"),
          message: body.message,
          link: `${deps.publicUrl}/admin/applications?tab=messages`,
        }),
      }),
    ),
  );
  const failed = results.filter((r) => r.status === "rejected").length;
  if (failed) log.warn({ failed, total: admins.length }, "contact message copies not sent");
}

function toView(row: ApplicationRow, decidedByName: string | null): ApplicationView {
  return {
    id: row.id,
    status: row.status,
    agencyName: row.agencyName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    city: row.city,
    message: row.message,
    plan: (PLANS.find((p) => p.id === row.plan)?.id ?? null) as ApplicationView["plan"],
    locale: asLocale(row.locale),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedByName,
    accountId: row.accountId,
  };
}

const fullName = (u: { firstName: string; lastName: string } | null) =>
  u ? `${u.firstName} ${u.lastName}`.trim() : null;

/** The inbox's applications, newest first, optionally of one status. */
export async function listApplications(db: Db, q: ApplicationsQuery) {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(matchmakerApplications.status, q.status));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: matchmakerApplications,
        decider: { firstName: users.firstName, lastName: users.lastName },
      })
      .from(matchmakerApplications)
      .leftJoin(users, eq(users.id, matchmakerApplications.decidedBy))
      .where(where)
      .orderBy(desc(matchmakerApplications.createdAt), desc(matchmakerApplications.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(matchmakerApplications).where(where),
  ]);
  return {
    items: rows.map((r) => toView(r.row, fullName(r.decider))),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Takes a waiting application for one decision: the status changes only while it is `new`, so of
 * two admins deciding at once one wins and the other gets 409.
 */
async function claim(db: Db, caller: SessionUser, id: string, status: "approved" | "declined") {
  const [row] = await db
    .update(matchmakerApplications)
    .set({ status, decidedAt: new Date(), decidedBy: caller.id })
    .where(and(eq(matchmakerApplications.id, id), eq(matchmakerApplications.status, "new")))
    .returning();
  if (row) return row;
  const [exists] = await db
    .select({ id: matchmakerApplications.id })
    .from(matchmakerApplications)
    .where(eq(matchmakerApplications.id, id));
  if (!exists) throw notFound("APPLICATION_NOT_FOUND", "Application not found");
  throw new AppError("APPLICATION_ALREADY_DECIDED", 409, "This application has already been decided");
}

/** Puts an application back to waiting when its decision could not be carried out. */
async function release(db: Db, id: string) {
  await db
    .update(matchmakerApplications)
    .set({ status: "new", decidedAt: null, decidedBy: null })
    .where(eq(matchmakerApplications.id, id));
}

/**
 * Approval makes the matchmaker account the way an admin makes one by hand (`createUser` as an
 * `INVITER`, then the welcome e-mail with a sign-in link, in the applicant's language). The
 * decision and the account are one transaction, with the application's row locked: no one ever
 * sees an approved application without its account, and of two admins approving at once the
 * second waits and gets 409. The welcome mail goes after the commit (a transaction held open
 * over SMTP would stall the embedded database); when it fails, one more transaction undoes both
 * (the account, never used, is deleted and the application waits again) and the error is answered.
 */
export async function approveApplication(deps: ApplicationsDeps, caller: SessionUser, id: string) {
  const { row, account } = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(matchmakerApplications)
      .where(eq(matchmakerApplications.id, id))
      .for("update");
    if (!current) throw notFound("APPLICATION_NOT_FOUND", "Application not found");
    if (current.status !== "new") {
      throw new AppError("APPLICATION_ALREADY_DECIDED", 409, "This application has already been decided");
    }
    const made = await createUser(tx, {
      email: current.email,
      firstName: current.firstName,
      lastName: current.lastName,
      role: "INVITER",
      inviterId: caller.id,
      locale: asLocale(current.locale),
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "EMAIL_TAKEN") {
        throw new AppError("APPLICATION_ACCOUNT_EXISTS", 409, "This e-mail already has an account");
      }
      throw error;
    });
    const [approved] = await tx
      .update(matchmakerApplications)
      .set({ status: "approved", decidedAt: new Date(), decidedBy: caller.id, accountId: made.id })
      .where(eq(matchmakerApplications.id, id))
      .returning();
    return { row: approved!, account: made };
  });
  try {
    await sendSignInLink(deps, account, WELCOME_LINK_TTL_MS, "welcomeMatchmaker");
  } catch (error) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(matchmakerApplications)
        .set({ status: "new", decidedAt: null, decidedBy: null, accountId: null })
        .where(and(eq(matchmakerApplications.id, id), eq(matchmakerApplications.accountId, account.id)));
      await deleteUser(tx, account.id);
    });
    throw error;
  }
  return toView(row, fullName(caller));
}

/** Declining mails the applicant a polite answer in their language. */
export async function declineApplication(deps: ApplicationsDeps, caller: SessionUser, id: string) {
  const row = await claim(deps.db, caller, id, "declined");
  try {
    await deps.mailer.send({
      to: row.email,
      ...mailText(row.locale, "applicationDeclined", {
        product: PRODUCT_NAME,
        name: row.firstName,
        agency: row.agencyName,
      }),
    });
  } catch (error) {
    await release(deps.db, id);
    throw error;
  }
  return toView(row, fullName(caller));
}

/** Messages of the contact form, newest first. */
export async function listContactMessages(db: Db, q: PageQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(contactMessages),
  ]);
  const items: ContactMessageView[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    topic: r.topic,
    message: r.message,
    locale: asLocale(r.locale),
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/**
 * Retention (`APPLICATION_LIMITS.retentionDays`): deletes decided applications and contact
 * messages older than that; waiting applications stay. A housekeeping sweep, run by one instance
 * at a time under a transaction-scoped advisory lock; idempotent.
 */
export async function sweepApplications(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - APPLICATION_LIMITS.retentionDays * DAY_MS);
  await db.transaction(async (tx) => {
    // Both drivers answer `{ rows }`.
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${APPLICATIONS_RETENTION_LOCK}) as locked`,
    )) as { rows: { locked: boolean }[] };
    if (!lock.rows[0]?.locked) return;
    await tx
      .delete(matchmakerApplications)
      .where(and(ne(matchmakerApplications.status, "new"), lt(matchmakerApplications.decidedAt, cutoff)));
    await tx.delete(contactMessages).where(lt(contactMessages.createdAt, cutoff));
  });
}
