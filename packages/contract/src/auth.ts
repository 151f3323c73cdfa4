import { z } from "zod";
import { Role } from "./enums.js";
import { Locale } from "./i18n.js";
import { Email, Password } from "./users.js";

export const EmailSignInRequestBody = z.object({ email: Email, locale: Locale.optional() });
export const EmailSignInVerifyBody = z.object({ token: z.string().min(10).max(200) });
export const AcceptedView = z.object({ status: z.literal("sent") });

export const InviteCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{6,32}$/, { message: "Invalid invite code" });

/** What the registration page shows before asking anything: whose invite, and what it makes you. */
export const InviteView = z.object({
  code: z.string(),
  grantsRole: Role.exclude(["ADMIN"]),
  inviter: z.object({ firstName: z.string(), lastName: z.string(), agencyName: z.string().nullable() }),
});
export type InviteView = z.infer<typeof InviteView>;

export const MyInviteView = z.object({ code: z.string(), link: z.string() });

export const Name = z.string().trim().min(1, { message: "Required field" }).max(100);

export const RegisterBody = z
  .object({
    inviteCode: InviteCode,
    /** From the invitation e-mail: lets a client claim the account their matchmaker created. */
    inviteToken: z.string().min(10).max(200).optional(),
    firstName: Name,
    lastName: Name,
    email: Email,
    password: Password,
    confirmPassword: z.string(),
    termsAccepted: z.literal(true, { message: "The terms must be accepted" }),
    locale: Locale.optional(),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: "Passwords must match",
    path: ["confirmPassword"],
  });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const CreateInviteBody = z.object({
  email: Email,
  firstName: Name,
  lastName: Name,
  locale: Locale.optional(),
});
export type CreateInviteBody = z.infer<typeof CreateInviteBody>;
