import { and, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { outbox } from "../db/schema/index.js";

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Deletes kept mail (the outbox, used when no SMTP server is set) sent to an erased person or
 * naming them: by address, full name or phone anywhere in it, or by first name (as a word) in mail
 * to the people connected with them (`relatedAddresses`), whose mails about an introduction name
 * the other client so. Answers how many.
 */
export async function eraseMailOf(
  tx: Db,
  person: {
    email: string | null;
    fullName: string;
    firstName: string;
    phones: string[];
    relatedAddresses: string[];
  },
): Promise<number> {
  const text = sql`lower(${outbox.toAddress} || ' ' || ${outbox.subject} || ' ' || ${outbox.body} || ' ' || coalesce(${outbox.replyTo}, '') || ' ' || coalesce(${outbox.attachments}::text, ''))`;
  const needles = [person.email, person.fullName, ...person.phones].filter(
    (s): s is string => !!s && s.trim().length > 0,
  );
  const byFirstName =
    person.firstName.trim() && person.relatedAddresses.length > 0
      ? and(
          inArray(
            sql`lower(${outbox.toAddress})`,
            person.relatedAddresses.map((a) => a.toLowerCase()),
          ),
          sql`${text} ~* ${`\\m${escapeRegex(person.firstName.toLowerCase())}\\M`}`,
        )
      : undefined;
  const conditions = [...needles.map((n) => sql`strpos(${text}, lower(${n})) > 0`), byFirstName].filter(
    (c) => c !== undefined,
  );
  if (conditions.length === 0) return 0;
  const rows = await tx
    .delete(outbox)
    .where(or(...conditions))
    .returning({ id: outbox.id });
  return rows.length;
}
