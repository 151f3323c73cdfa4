import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { emailTokens, knownSignIns, sessions } from "../../db/schema/index.js";

/**
 * Ends every session of an erased person and forgets their sign-in links and known browsers. The
 * sessions' delete trigger tells every instance (md_user_changed), whose session caches and open
 * sockets drop the person at once. Answers how many sessions ended.
 */
export async function endEverySignIn(tx: Db, userId: string): Promise<number> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await tx.delete(knownSignIns).where(eq(knownSignIns.userId, userId));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  return ended.length;
}
