import { ApiError } from "../../lib/api";

export type EditLinkState = "ok" | "invalid" | "expired" | "notFound" | "failed";

/**
 * What the edit-link page shows for its token and the server's answer to it: no token or 401
 * is a bad link, 410 an expired one, 404 an unknown profile; anything else is a
 * failure worth retrying.
 */
export function editLinkState(token: string, error: unknown): EditLinkState {
  if (token.trim() === "") return "invalid";
  if (!error) return "ok";
  if (!(error instanceof ApiError)) return "failed";
  if (error.status === 401 || error.code === "EDIT_LINK_INVALID") return "invalid";
  if (error.status === 410 || error.code === "EDIT_LINK_EXPIRED") return "expired";
  if (error.status === 404) return "notFound";
  // The API refuses a token of the wrong shape (EditTokenQuery) before looking it up.
  if (error.status === 400) return "invalid";
  return "failed";
}
