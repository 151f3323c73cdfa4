import { notifications } from "@mantine/notifications";
import { i18n } from "../../i18n/i18n";
import { call } from "../../lib/api";
import { loadAuthApi } from "./auth-api";
import { authStore } from "./auth-store";

let running: Promise<void> | null = null;

/** SPEC 4: local data goes first, so a failing server can never keep a user signed in here. */
export function logout(): Promise<void> {
  running ??= (async () => {
    authStore.clear();
    try {
      await call((await loadAuthApi()).logout, { skipSessionExpiry: true });
    } catch (error) {
      console.error("Logout failed on the server; the local session is cleared anyway", error);
    }
    notifications.show({ color: "blue", message: i18n.t("notices.loggedOut") });
  })().finally(() => {
    running = null;
  });
  return running;
}
