import type { ClientConsentsView, ConsentKind, MyConsentsView } from "@matchdesk/contract";
import type { Db } from "../../db/client.js";
import type { SessionUser } from "../../platform/access.js";
import { getOwnClient } from "../clients/service.js";
import { consentsOf, recordConsent, toConsentEntry } from "../consents/ledger.js";
import { closePublicProfile, readProfilePasswordSet } from "../profiles/public.js";
import { getUser, updateUser } from "../users/service.js";

/** A client's consents: what is on now (the flags themselves) and the ledger, newest first. */
async function consentsView(db: Db, clientId: string): Promise<MyConsentsView> {
  const [user, publicProfile, items] = await Promise.all([
    getUser(db, clientId),
    readProfilePasswordSet(db, clientId),
    consentsOf(db, clientId),
  ]);
  return {
    current: { shared_search: user.participatesInSearch, public_profile: publicProfile },
    items: items.map(toConsentEntry),
  };
}

/** The signed-in client's consents. */
export async function myConsents(db: Db, caller: SessionUser): Promise<MyConsentsView> {
  return consentsView(db, caller.id);
}

/** A client's consents for their matchmaker or an admin; 404 for anyone else's client. */
export async function clientConsents(
  db: Db,
  caller: SessionUser,
  clientId: string,
): Promise<ClientConsentsView> {
  await getOwnClient(db, caller, clientId);
  return consentsView(db, clientId);
}

/**
 * The client withdraws a consent, with effect at once: out of the shared search (the candidate
 * pool hears the change through its trigger), or the public profile closed (no password, every
 * open grant ended). Withdrawing what is off changes nothing and records nothing.
 */
export async function withdrawMyConsent(db: Db, caller: SessionUser, kind: ConsentKind) {
  await db.transaction(async (tx) => {
    if (kind === "shared_search") await updateUser(tx, caller.id, { participatesInSearch: false });
    else await closePublicProfile(tx, caller.id);
    await recordConsent(tx, { clientId: caller.id, kind, on: false, actor: caller });
  });
  return myConsents(db, caller);
}
