import { z } from "zod";
import { Name } from "./auth.js";
import { PageQuery } from "./common.js";
import { Gender, ProfileStatus } from "./enums.js";
import { PhoneInput } from "./phone.js";
import { PublicProfileView } from "./profiles.js";
import { Email } from "./users.js";

export const ClientListItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Null for a client known by phone only, until their matchmaker adds an address. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: Gender.nullable(),
  city: z.string().nullable(),
  age: z.number().int().nullable(),
  profileStatus: ProfileStatus,
  isActive: z.boolean(),
  isVerified: z.boolean(),
  participatesInSearch: z.boolean(),
  hasRegistered: z.boolean(),
  avatarThumbUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ClientListItem = z.infer<typeof ClientListItem>;

export const ClientStatsView = z.object({
  total: z.number().int(),
  incomplete: z.number().int(),
  completed: z.number().int(),
  approved: z.number().int(),
});
export type ClientStatsView = z.infer<typeof ClientStatsView>;

/** The message of the field error a client with neither an e-mail nor a phone gets, on both fields. */
export const CONTACT_REQUIRED_MESSAGE = "Enter an e-mail or a phone";

/**
 * A new client: an e-mail, a phone (stored as E.164) or both (issue 17, item 11: matchmakers often
 * know only a number; the invitation waits until an address is added).
 */
export const CreateClientBody = z
  .object({
    email: Email.optional(),
    firstName: Name,
    lastName: Name,
    phone: PhoneInput.optional(),
    gender: Gender.optional(),
    /** Admins create a client for a matchmaker; a matchmaker's clients are always their own. */
    matchmakerId: z.string().min(1).max(64).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.email !== undefined || body.phone !== undefined) return;
    for (const path of ["email", "phone"]) {
      ctx.addIssue({ code: "custom", path: [path], message: CONTACT_REQUIRED_MESSAGE });
    }
  });
export type CreateClientBody = z.infer<typeof CreateClientBody>;

/** The e-mail a matchmaker adds (or corrects) for a client who has not registered yet. */
export const ClientEmailBody = z.object({ email: Email });
export type ClientEmailBody = z.infer<typeof ClientEmailBody>;

export const ClientVerificationBody = z.object({ verified: z.boolean() });
export const ClientSearchBody = z.object({ participates: z.boolean() });
/** active/inactive switch the account; approved/pending approve a complete profile or withdraw it. */
export const ClientStatusBody = z.object({ status: z.enum(["active", "inactive", "approved", "pending"]) });

export const SearchProfilesQuery = PageQuery.extend({
  gender: Gender.optional(),
  minAge: z.coerce.number().int().min(18).max(100).optional(),
  maxAge: z.coerce.number().int().min(18).max(100).optional(),
  country: z.string().trim().max(10).optional(),
  city: z.string().trim().max(100).optional(),
}).refine((q) => q.minAge === undefined || q.maxAge === undefined || q.minAge <= q.maxAge, {
  message: "Minimum age cannot be above the maximum",
  path: ["maxAge"],
});
export type SearchProfilesQuery = z.infer<typeof SearchProfilesQuery>;

/** A profile another matchmaker published: its display settings applied, plus whose client it is. */
export const PublishedProfileView = PublicProfileView.extend({
  agency: z.object({ matchmakerId: z.string(), agencyName: z.string().nullable() }),
  isOwnClient: z.boolean(),
});
export type PublishedProfileView = z.infer<typeof PublishedProfileView>;

/** Error codes of a matchmaker's client base (listed in ERROR_CODES, errors.ts). */
export const CLIENT_ERRORS = [
  "CLIENT_NOT_FOUND",
  "MATCHMAKER_REQUIRED",
  /** 409: mail to a client (invitation, edit link) needs their e-mail; the matchmaker adds it first. */
  "CLIENT_EMAIL_REQUIRED",
] as const;
