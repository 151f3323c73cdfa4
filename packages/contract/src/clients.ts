import { z } from "zod";
import { Name } from "./auth.js";
import { BoolParam, PageQuery } from "./common.js";
import { Gender } from "./enums.js";
import { Phone, ProfileStatus, PublicProfileView } from "./profiles.js";
import { Email } from "./users.js";

export const ClientsQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
  profileStatus: ProfileStatus.optional(),
  verified: BoolParam.optional(),
  inSearch: BoolParam.optional(),
  gender: Gender.optional(),
});
export type ClientsQuery = z.infer<typeof ClientsQuery>;

export const ClientListItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
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

export const CreateClientBody = z.object({
  email: Email,
  firstName: Name,
  lastName: Name,
  phone: Phone.optional(),
  gender: Gender.optional(),
  /** Admins create a client for a matchmaker; a matchmaker's clients are always their own. */
  matchmakerId: z.string().min(1).max(64).optional(),
});
export type CreateClientBody = z.infer<typeof CreateClientBody>;

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
export const CLIENT_ERRORS = ["CLIENT_NOT_FOUND", "MATCHMAKER_REQUIRED"] as const;
