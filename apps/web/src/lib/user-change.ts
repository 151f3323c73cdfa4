/**
 * Who is signed in changed (sign-in, sign-out, another account). The auth store reports it; the
 * query cache listens, so that cached answers never outlive the user they belong to. A plain
 * event here keeps the public pages' bundle free of the query library and the library free of
 * the auth feature.
 */
type Listener = (previous: string | null, current: string | null) => void;
const listeners = new Set<Listener>();

export function onUserChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportUserChange(previous: string | null, current: string | null): void {
  if (previous === current) return;
  for (const listener of listeners) listener(previous, current);
}
