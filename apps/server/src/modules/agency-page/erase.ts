import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { agencyLeads } from "../../db/schema/index.js";

/** Deletes the leads the person sent (by account or by address) and, for an agency, those it received. */
export async function eraseLeadsOf(tx: Db, userId: string, email: string | null): Promise<number> {
  const rows = await tx
    .delete(agencyLeads)
    .where(
      or(
        eq(agencyLeads.clientUserId, userId),
        eq(agencyLeads.agencyUserId, userId),
        email ? sql`lower(${agencyLeads.email}) = ${email.toLowerCase()}` : sql`false`,
      ),
    )
    .returning({ id: agencyLeads.id });
  return rows.length;
}
