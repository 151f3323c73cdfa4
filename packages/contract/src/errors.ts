import { z } from "zod";

/**
 * Every stable error code the API answers with. The web app translates them by code
 * (catalog key `errors.<CODE>`), so a new code needs both catalog entries too.
 */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "MALFORMED_JSON",
  "UNSUPPORTED_MEDIA_TYPE",
  "PAYLOAD_TOO_LARGE",
  "NOT_FOUND",
  "ROUTE_NOT_FOUND",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "CROSS_ORIGIN_REQUEST",
  "RATE_LIMITED",
  "CONFLICT",
  "SERVICE_UNAVAILABLE",
  "INTERNAL_ERROR",
  /** Only the web app uses it: the request never reached the server. */
  "NETWORK_ERROR",
  "INVALID_CREDENTIALS",
  "EMAIL_TAKEN",
  "USER_NOT_FOUND",
  "MAIL_FAILED",
  "SIGNIN_LINK_EXPIRED",
  "EMAIL_SIGNIN_MATCHMAKERS_ONLY",
  "INVITE_NOT_FOUND",
  "INVITE_TOKEN_INVALID",
  "ALREADY_REGISTERED",
  "NOTIFICATIONS_NOT_FOR_CLIENTS",
  "OIDC_NOT_CONFIGURED",
  "OIDC_UNAVAILABLE",
  "OIDC_FAILED",
  "OIDC_EMAIL_UNVERIFIED",
  "OIDC_NO_ACCOUNT",
  "FILE_NOT_IMAGE",
  "IMAGE_OPTIMIZE_FAILED",
  "IMAGE_TOO_LARGE",
  "FILE_TOO_LARGE",
  "PHOTO_LIMIT_EXCEEDED",
  "PHOTO_NOT_FOUND",
  "PROFILE_NOT_FOUND",
  "ONBOARDING_UNAVAILABLE",
  "AGENCY_LOGIN_TAKEN",
  "AVATAR_REQUIRED",
  "PHOTO_REQUIRED",
  "FILE_NOT_FOUND",
  "PROFILE_INCOMPLETE",
  "CLIENT_NOT_FOUND",
  "MATCHMAKER_REQUIRED",
  "INCORRECT_PASSWORD",
  "EDIT_LINK_INVALID",
  "EDIT_LINK_EXPIRED",
  "CERTIFICATE_LIMIT_EXCEEDED",
  "CERTIFICATE_NOT_FOUND",
  "FILE_TYPE_NOT_ALLOWED",
  "MALFORMED_MULTIPART",
  "CANNOT_CHANGE_SELF",
  "CHAT_NOT_FOUND",
  "CHAT_PARTICIPANT_INVALID",
  "MESSAGE_NOT_FOUND",
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The one error shape of API.md. `errors` only for field errors. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
