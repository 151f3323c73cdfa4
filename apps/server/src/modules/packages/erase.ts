import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { clientPackages } from "../../db/schema/index.js";

/** Deletes a client's packages (what their matchmaker promised them). */
export async function erasePackagesOf(tx: Db, clientId: string): Promise<number> {
  const rows = await tx
    .delete(clientPackages)
    .where(eq(clientPackages.clientId, clientId))
    .returning({ id: clientPackages.id });
  return rows.length;
}
