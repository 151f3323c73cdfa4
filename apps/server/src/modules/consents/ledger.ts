import type { ConsentEntry, ConsentKind, Role } from "@matchdesk/contract";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { clientConsents } from "../../db/schema/index.js";
import { newId } from "../../platform/ids.js";

/** Who switched a consent: the signed-in person (the client, their matchmaker, an admin). */
export type ConsentActor = { id: string; role: Role };

/**
 * Records that a client's consent was switched on or off (issue 20). Switching on what is on, or
 * off what is off, records nothing; so every writer of the flag calls it with the new value.
 * Run it in the transaction that changes the flag.
 */
export async function recordConsent(
  tx: Db,
  change: { clientId: string; kind: ConsentKind; on: boolean; actor: ConsentActor; at?: Date },
) {
  const at = change.at ?? new Date();
  const open = and(
    eq(clientConsents.clientId, change.clientId),
    eq(clientConsents.kind, change.kind),
    isNull(clientConsents.withdrawnAt),
  );
  if (change.on) {
    await tx
      .insert(clientConsents)
      .values({
        id: newId(),
        clientId: change.clientId,
        kind: change.kind,
        grantedAt: at,
        grantedBy: change.actor.id,
        grantedByRole: change.actor.role,
      })
      .onConflictDoNothing();
  } else {
    await tx
      .update(clientConsents)
      .set({ withdrawnAt: at, withdrawnBy: change.actor.id, withdrawnByRole: change.actor.role })
      .where(open);
  }
}

/** A client's consent ledger, newest first. */
export async function consentsOf(db: Db, clientId: string) {
  return db
    .select()
    .from(clientConsents)
    .where(eq(clientConsents.clientId, clientId))
    .orderBy(desc(clientConsents.grantedAt), desc(clientConsents.id));
}

/** A ledger row as the client (and their export) reads it: by role, never by whom. */
export function toConsentEntry(r: typeof clientConsents.$inferSelect): ConsentEntry {
  return {
    id: r.id,
    kind: r.kind as ConsentKind,
    grantedAt: r.grantedAt.toISOString(),
    grantedByRole: r.grantedByRole,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    withdrawnByRole: r.withdrawnByRole,
  };
}
