import { z } from "zod";
import { Name } from "./auth.js";
import { BoolParam, PageQuery } from "./common.js";
import { Role, UserStatus } from "./enums.js";
import { Locale } from "./i18n.js";
import { Email, UserView } from "./users.js";

export const AdminUsersQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
  role: Role.optional(),
  status: UserStatus.optional(),
  verified: BoolParam.optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminUserView = UserView.extend({
  agencyName: z.string().nullable(),
  inviterId: z.string().nullable(),
  /** Support switched AI matching on: the matchmaker's compatibility checks cost no credits. */
  aiMatchingEnabled: z.boolean(),
});
export type AdminUserView = z.infer<typeof AdminUserView>;

export const CreateMatchmakerBody = z.object({
  email: Email,
  firstName: Name,
  lastName: Name,
  locale: Locale.optional(),
});
export type CreateMatchmakerBody = z.infer<typeof CreateMatchmakerBody>;

export const UpdateUserBody = z
  .object({
    // Accounts are switched on or off; profile approval is a client matter (PUT /api/clients/{id}/status).
    status: z.enum(["active", "inactive"]).optional(),
    verified: z.boolean().optional(),
    participatesInSearch: z.boolean().optional(),
    emailNotifications: z.boolean().optional(),
    /** "AI matching enabled by support" (SPEC 6): for matchmakers only. */
    aiMatchingEnabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: "Nothing to change" });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** Error codes of administration of users (listed in ERROR_CODES, errors.ts). */
export const ADMIN_ERRORS = ["AI_MATCHING_MATCHMAKERS_ONLY", "CANNOT_CHANGE_SELF"] as const;
