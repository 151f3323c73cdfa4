import {
  type NotificationKind,
  type NotificationList,
  type NotificationParams,
  type NotificationView,
  type PageQuery,
  PRODUCT_NAME,
  type ReadNotificationsBody,
  type ReadNotificationsResult,
} from "@matchdesk/contract";
import { and, asc, count, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { notifications, users } from "../../db/schema/index.js";
import type { SessionUser } from "../../platform/access.js";
import { newId } from "../../platform/ids.js";
import type { Mailer } from "../../platform/mail.js";
import { publish } from "../../platform/realtime.js";
import { notificationMail } from "./mail.js";

export type NotifyDeps = { db: Db; mailer: Pick<Mailer, "send">; config: { publicUrl: string } };

type NotificationRow = typeof notifications.$inferSelect;

const toView = (row: NotificationRow): NotificationView => ({
  id: row.id,
  kind: row.kind,
  params: row.params,
  isRead: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The one way a domain tells someone something: stores the notification (kind and parameters;
 * the reader's app renders the text in their language), pushes it to their sockets on every
 * instance, and e-mails a copy to matchmakers and admins who keep e-mail notifications on.
 * A failed e-mail does not undo the notification.
 */
export async function notify(
  deps: NotifyDeps,
  userId: string,
  kind: NotificationKind,
  params: NotificationParams = {},
): Promise<NotificationView | null> {
  const [recipient] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!recipient) return null;
  const view = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(notifications).values({ id: newId(), userId, kind, params }).returning();
    const created = toView(row!);
    await publish(tx, [userId], { type: "notification", notification: created });
    return created;
  });
  const wantsMail =
    recipient.emailNotifications && recipient.status !== "inactive" && recipient.role !== "INVITEE";
  if (wantsMail && recipient.email) {
    const mail = notificationMail(recipient.locale, kind, params, {
      name: recipient.firstName,
      link: `${deps.config.publicUrl}/admin/dashboard?notifications=open`,
      product: PRODUCT_NAME,
    });
    await deps.mailer.send({ to: recipient.email, ...mail }).catch(() => {});
  }
  return view;
}

/** The same notification to every active administrator (a review waiting for moderation). */
export async function notifyAdmins(
  deps: NotifyDeps,
  kind: NotificationKind,
  params: NotificationParams = {},
) {
  const admins = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "ADMIN"), ne(users.status, "inactive")));
  for (const admin of admins) await notify(deps, admin.id, kind, params);
}

async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function listNotifications(
  db: Db,
  caller: SessionUser,
  query: PageQuery,
): Promise<NotificationList> {
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, caller.id))
      .orderBy(desc(notifications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, caller.id)),
    unreadCount(db, caller.id),
  ]);
  return {
    items: rows.map(toView),
    total: total?.n ?? 0,
    unread,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Marks the caller's notifications read: the listed ones (others' ids are ignored) or all. */
export async function markNotificationsRead(
  db: Db,
  caller: SessionUser,
  body: ReadNotificationsBody,
): Promise<ReadNotificationsResult> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, caller.id),
        isNull(notifications.readAt),
        body.ids ? inArray(notifications.id, body.ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return { updated: updated.length, unread: await unreadCount(db, caller.id) };
}

/** All of a person's notifications, oldest first: for their data export (issue 20). */
export async function notificationsOf(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    params: row.params,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
