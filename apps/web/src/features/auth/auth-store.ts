import { notifications } from "@mantine/notifications";
import { useSyncExternalStore } from "react";
import { i18n } from "../../i18n/i18n";
import { call } from "../../lib/api";
import { reportUserChange } from "../../lib/user-change";
import { loadAuthApi } from "./auth-api";
import { clearStoredUser, readStoredUser, storeUser } from "./auth-storage";
import type { AuthUser } from "./auth-user";

export type AuthState = {
  status: "idle" | "loading" | "success" | "error";
  user: AuthUser | null;
};

// The one place that knows who is signed in. `idle` until the server has been asked; the stored
// copy is only a hint for the public header, never proof of a session.
let state: AuthState = { status: "idle", user: readStoredUser() };
let pending: Promise<AuthUser | null> | null = null;
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  const previous = state.user?.id ?? null;
  state = next;
  reportUserChange(previous, next.user?.id ?? null);
  for (const listener of listeners) listener();
}

export const authStore = {
  getState: (): AuthState => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  setUser(user: AuthUser): void {
    storeUser(user);
    setState({ status: "success", user });
  },

  clear(): void {
    clearStoredUser();
    setState({ status: "idle", user: null });
  },

  /** Asks the server who is signed in; concurrent callers share one request. */
  fetchUser(): Promise<AuthUser | null> {
    pending ??= (async () => {
      setState({ ...state, status: "loading" });
      try {
        const answer = await call((await loadAuthApi()).status);
        const user = answer.authenticated ? answer.user : null;
        if (user) storeUser(user);
        else clearStoredUser();
        setState({ status: "success", user });
        return user;
      } catch (error) {
        console.error("Could not load the signed-in user", error);
        clearStoredUser();
        setState({ status: "error", user: null });
        notifications.show({ color: "teal", message: i18n.t("notices.systemUpdated") });
        return null;
      } finally {
        pending = null;
      }
    })();
    return pending;
  },

  /** The signed-in user, asking the server only when none is loaded yet. */
  async ensureUser(): Promise<AuthUser | null> {
    if (state.status === "success" && state.user) return state.user;
    return authStore.fetchUser();
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState);
}
