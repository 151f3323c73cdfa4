import { z } from "zod";
import { LIMITS } from "./constants.js";
import { Gender, Role, UserStatus } from "./enums.js";
import { Locale } from "./i18n.js";

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: "Invalid e-mail format" }));
export const Password = z
  .string()
  .min(LIMITS.passwordMinLength, { message: `Minimum length is ${LIMITS.passwordMinLength}` })
  .max(200);

/** The user as the API shows it: picked fields only, never hashes or tokens. */
export const UserView = z.object({
  id: z.string(),
  /** Null for a client known by phone only, until their matchmaker adds an address. */
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  gender: Gender.nullable(),
  role: Role,
  status: UserStatus,
  isFreeClient: z.boolean(),
  referralCode: z.string(),
  website: z.string().nullable(),
  isVerified: z.boolean(),
  emailNotifications: z.boolean(),
  participatesInSearch: z.boolean(),
  termsAccepted: z.boolean(),
  smId: z.string().nullable(),
  locale: Locale,
  isOnboardingComplete: z.boolean(),
  avatarUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type UserView = z.infer<typeof UserView>;

export const AuthStatusView = z.object({ authenticated: z.boolean(), user: UserView.nullable() });
export type AuthStatusView = z.infer<typeof AuthStatusView>;

export const LoginBody = z.object({ email: Email, password: z.string().min(1).max(200) });
export type LoginBody = z.infer<typeof LoginBody>;

export const OidcCallbackView = z.object({ user: UserView, redirect: z.string() });
