import { lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { emailTokens, knownSignIns, oidcStates, sessions } from "../../db/schema/index.js";

// Used or expired links are kept a week, for support questions ("my link did not work").
const TOKEN_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * Housekeeping's sweep of the sign-in tables: ended sessions, stale OIDC states, old links, devices
 * and addresses not signed in from for a long time.
 */
export async function sweepExpiredSignIns(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(knownSignIns).where(lt(knownSignIns.expiresAt, now));
  await db.delete(oidcStates).where(lt(oidcStates.expiresAt, now));
  await db
    .delete(emailTokens)
    .where(
      lt(
        sql`coalesce(${emailTokens.usedAt}, ${emailTokens.expiresAt})`,
        new Date(now.getTime() - TOKEN_RETENTION_MS),
      ),
    );
}
