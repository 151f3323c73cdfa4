import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contactMessages, matchmakerApplications } from "../../db/schema/index.js";

/** Deletes the applications and contact-form messages sent from the person's address. */
export async function eraseApplicationsOf(tx: Db, email: string | null): Promise<number> {
  if (!email) return 0;
  const address = email.toLowerCase();
  const a = await tx
    .delete(matchmakerApplications)
    .where(sql`lower(${matchmakerApplications.email}) = ${address}`)
    .returning({ id: matchmakerApplications.id });
  const m = await tx
    .delete(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${address}`)
    .returning({ id: contactMessages.id });
  return a.length + m.length;
}
