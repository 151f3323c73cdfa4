import type { ConsentKind, MyConsentsView } from "@matchdesk/contract";
import type { Db } from "../../db/client.js";
import type { SessionUser } from "../../platform/access.js";
import { consentsOf, recordConsent, toConsentEntry } from "../consents/ledger.js";
import { closePublicProfile, readProfilePasswordSet } from "../profiles/public.js";
import { getUser, updateUser } from "../users/service.js";

/** The signed-in client's consents: what is on now (the flags themselves) and the ledger. */
export async function myConsents(db: Db, caller: SessionUser): Promise<MyConsentsView> {
  const [user, publicProfile, items] = await Promise.all([
    getUser(db, caller.id),
    readProfilePasswordSet(db, caller.id),
    consentsOf(db, caller.id),
  ]);
  return {
    current: { shared_search: user.participatesInSearch, public_profile: publicProfile },
    items: items.map(toConsentEntry),
  };
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
