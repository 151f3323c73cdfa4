import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { notifications } from "../../db/schema/index.js";

/** A regular expression matching `word` as a whole word (PostgreSQL's \m and \M), its characters escaped. */
export const wordPattern = (word: string) => `\\m${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\M`;

/**
 * Deletes the person's notifications, and others' that name them: by id in their parameters
 * (a client registered, a password tried on their profile), by full name (a lead), or, for the
 * people connected with them (`related`: their matchmaker, the other clients and matchmakers of
 * their introductions), by first name (an introduction's notices name the other client so).
 */
export async function eraseNotificationsOf(
  tx: Db,
  person: { id: string; fullName: string; firstName: string; related: string[] },
): Promise<number> {
  const rows = await tx
    .delete(notifications)
    .where(
      or(
        eq(notifications.userId, person.id),
        sql`strpos(${notifications.params}::text, ${person.id}) > 0`,
        person.fullName ? sql`strpos(${notifications.params}::text, ${person.fullName}) > 0` : sql`false`,
        person.firstName && person.related.length > 0
          ? and(
              inArray(notifications.userId, person.related),
              sql`${notifications.params}::text ~* ${wordPattern(person.firstName)}`,
            )
          : sql`false`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
