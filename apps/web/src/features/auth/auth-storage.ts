import { APP_USER_COOKIE, AUTH_USER_STORAGE_KEY } from "@matchdesk/contract";
import { deleteCookie, writeCookie } from "../../lib/cookies";
import type { AuthUser } from "./auth-user";

// SPEC 3: the signed-in user is mirrored into localStorage (`authUser`) and the `app-user` cookie.
// The cookie holds only the identifying fields so it stays far below the browser's size limit.

export function readStoredUser(): AuthUser | null {
  try {
    const raw = window.localStorage.getItem(AUTH_USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isAuthUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function storeUser(user: AuthUser): void {
  try {
    window.localStorage.setItem(AUTH_USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Storage can be full or disabled (private mode); the in-memory store still works.
  }
  const { id, email, firstName, lastName, role } = user;
  writeCookie(
    APP_USER_COOKIE.name,
    JSON.stringify({ id, email, firstName, lastName, role }),
    APP_USER_COOKIE.maxAgeDays,
  );
}

export function clearStoredUser(): void {
  try {
    window.localStorage.removeItem(AUTH_USER_STORAGE_KEY);
  } catch {
    // Nothing stored when storage is unavailable.
  }
  deleteCookie(APP_USER_COOKIE.name);
}

function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === "string" && typeof record.email === "string" && typeof record.role === "string";
}
