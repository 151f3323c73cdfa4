import { useEffect } from "react";
import { authStore, useAuth } from "./auth-store";
import { safeRedirectPath } from "./redirect-target";
import { DASHBOARD_PATH, needsOnboarding } from "./routing-rules";

export type FrontPageRedirect = { kind: "checking" } | { kind: "redirect"; to: string } | { kind: "stay" };

/**
 * SPEC 2: a signed-in user who has finished onboarding and opens the front page goes to the
 * dashboard (or to the page named by `redirect`). Only a browser that remembers a user asks the
 * server, so anonymous visitors cost no request.
 */
export function useFrontPageRedirect(redirect: string | null): FrontPageRedirect {
  const { user, status } = useAuth();
  const isUnchecked = user !== null && status === "idle";
  useEffect(() => {
    if (isUnchecked) void authStore.fetchUser();
  }, [isUnchecked]);

  if (user && (status === "idle" || status === "loading")) return { kind: "checking" };
  if (user && status === "success" && !needsOnboarding(user)) {
    return { kind: "redirect", to: safeRedirectPath(redirect, window.location.origin) ?? DASHBOARD_PATH };
  }
  return { kind: "stay" };
}
