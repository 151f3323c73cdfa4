import type { UserView } from "@matchdesk/contract";

/** The signed-in user: the API's UserView, as the sign-in status and the sign-in answer it. */
export type AuthUser = UserView;

export function displayName(user: Pick<AuthUser, "firstName" | "lastName" | "email">): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || (user.email ?? "");
}
