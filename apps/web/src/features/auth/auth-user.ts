import type { Role } from "@matchdesk/contract";

// The contract has no user view yet: these are the fields the web app reads from GET /api/auth/status.
export type AuthUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
};

export type AuthStatus = { authenticated: boolean; user: AuthUser | null };

export function displayName(user: AuthUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.email;
}
