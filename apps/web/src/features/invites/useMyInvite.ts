import type { MyInviteView } from "@matchdesk/contract";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../lib/api";

export type MyInvite = z.infer<typeof MyInviteView>;

export const myInviteKey = ["invites", "me"] as const;

/** GET /api/invites/me: the signed-in matchmaker's (or admin's) invite code and link. */
export function useMyInvite() {
  return useQuery({
    queryKey: myInviteKey,
    queryFn: ({ signal }) => api<MyInvite>("/api/invites/me", { signal }),
  });
}

export const QR_PNG_PATH = "/api/invites/me/qr.png";
export const QR_SVG_PATH = "/api/invites/me/qr.png?format=svg";
