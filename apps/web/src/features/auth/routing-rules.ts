import type { Role } from "@matchdesk/contract";
import type { AuthUser } from "./auth-user";

export const DASHBOARD_PATH = "/admin/dashboard";
export const ONBOARDING_PATH = "/onboarding";
/** SPEC 2 route logoutStub. (Here rather than in admin-nav, so the entry chunk skips the nav's icons.) */
export const LOGOUT_PATH = "/logout";

// The role values the web app knows; kept here (not the zod enum) so the public shell stays free of zod.
const KNOWN_ROLES: readonly string[] = ["ADMIN", "INVITER", "INVITEE"] satisfies Role[];

type RoutingUser = Pick<AuthUser, "role" | "isOnboardingComplete">;

export function isKnownRole(role: string): role is Role {
  return KNOWN_ROLES.includes(role);
}

/** SPEC 4: onboarding is for a matchmaker whose profile is not complete yet. */
export function needsOnboarding(user: RoutingUser): boolean {
  return user.role === "INVITER" && !user.isOnboardingComplete;
}

/** Where a signed-in user starts: onboarding until it is done, then the dashboard. */
export function homePathFor(user: RoutingUser): string {
  return needsOnboarding(user) ? ONBOARDING_PATH : DASHBOARD_PATH;
}

/**
 * SPEC 2 for protected pages: a matchmaker who has not finished onboarding is sent there from any
 * other page. Null when the page may be shown. (Onboarding itself turns finished users away with a
 * notice, see OnboardingPage.)
 */
export function protectedRedirect(user: RoutingUser, pathname: string): string | null {
  if (needsOnboarding(user) && pathname !== ONBOARDING_PATH) return ONBOARDING_PATH;
  return null;
}
