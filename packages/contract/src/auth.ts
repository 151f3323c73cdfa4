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
export type MyInviteView = z.infer<typeof MyInviteView>;

/** The invite link as a QR code: a PNG image (the default) or an SVG to print. */
export const InviteQrQuery = z.object({ format: z.enum(["png", "svg"]).default("png") });
export type InviteQrQuery = z.infer<typeof InviteQrQuery>;

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

/** A path inside this site to return to after sign-in: never another host. */
export const RedirectPath = z
  .string()
  .max(2000)
  // No second slash or backslash after the first, and no spaces or control characters, which
  // browsers strip (so "/\t/evil.example" would become "//evil.example").
  .refine(
    (v) => /^\/(?![/\\])/.test(v) && ![...v].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f),
    {
      message: "Must be a path on this site",
    },
  );

export const OidcStartQuery = z
  .object({
    redirect: RedirectPath.default("/admin/dashboard"),
    invite: InviteCode.optional(),
    termsAccepted: z.enum(["true", "false"]).optional(),
  })
  .refine((q) => !q.invite || q.termsAccepted === "true", {
    message: "The terms must be accepted",
    path: ["termsAccepted"],
  });

export const OidcCallbackBody = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(500),
  iss: z.string().max(500).optional(),
});

export const AuthMethodsView = z.object({
  password: z.boolean(),
  emailLink: z.boolean(),
  oidc: z.object({ enabled: z.boolean(), name: z.string() }),
});
export type AuthMethodsView = z.infer<typeof AuthMethodsView>;

/** Error codes of sign-in, registration and invitations (listed in ERROR_CODES, errors.ts). */
export const AUTH_ERRORS = [
  "INVALID_CREDENTIALS",
  "EMAIL_TAKEN",
  "USER_NOT_FOUND",
  "SIGNIN_LINK_EXPIRED",
  "EMAIL_SIGNIN_MATCHMAKERS_ONLY",
  "INVITE_NOT_FOUND",
  "INVITE_TOKEN_INVALID",
  "ALREADY_REGISTERED",
  "OIDC_NOT_CONFIGURED",
  "OIDC_UNAVAILABLE",
  "OIDC_FAILED",
  "OIDC_EMAIL_UNVERIFIED",
  "OIDC_NO_ACCOUNT",
] as const;
