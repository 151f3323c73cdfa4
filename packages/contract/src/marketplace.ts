import { z } from "zod";
import { Name } from "./auth.js";
import { PageQuery, pageOf } from "./common.js";
import { LIMITS } from "./constants.js";
import { Country, MatchmakerExperience, ReviewStatus } from "./enums.js";
import { AgencyLogin, CertificateView } from "./media.js";
import { Phone } from "./phone.js";
import { Email, Password } from "./users.js";

// The marketplace: agency profiles, the public directory, agency pages, reviews, ratings, views.

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Maximum length is ${max}` });
const amount = z
  .number()
  .int()
  .min(0, { message: "Value cannot be negative" })
  .max(100_000_000, { message: "Maximum is 100000000" });
const count = z.number().int().min(0, { message: "Value cannot be negative" }).max(10_000_000);
const Url = z
  .string()
  .trim()
  .max(300)
  .pipe(z.url({ protocol: /^https?$/, message: "Invalid URL" }));

export const MARKETPLACE_LIMITS = {
  reviewTextMin: 20,
  reviewTextMax: 2000,
  /** Reviews one address may submit an hour; honest people leave one or two. */
  reviewsPerIpPerHour: 5,
  joinRequestsPerIpPerHour: 5,
  analyticsMaxDays: 366,
} as const;

export const Currency = z.enum(["USD", "EUR", "RUB", "GBP", "AED", "KZT"]);
export type Currency = z.infer<typeof Currency>;

/**
 * What an agency specialises in, chosen from a short fixed list so the quiz can match people to
 * it: marriage and serious relationships, international couples, clients of 40 and 50 plus,
 * faith-based matchmaking, executives and high-net-worth clients, LGBTQ+ clients.
 */
export const AgencyFocus = z.enum(["MARRIAGE", "INTERNATIONAL", "MATURE", "FAITH", "EXECUTIVE", "LGBTQ"]);
export type AgencyFocus = z.infer<typeof AgencyFocus>;
/** Each focus at most once; an empty list means the agency names none. */
export const AgencyFocusList = z
  .array(AgencyFocus)
  .max(AgencyFocus.options.length)
  .refine((list) => new Set(list).size === list.length, { message: "Each focus only once" });

/** SPEC 3 Matchmaker/agency profile: what the owner edits. The logo is the avatar upload. */
export const AgencyProfileFields = z.object({
  agencyName: z.string().trim().min(2, { message: "Minimum length is 2" }).max(120),
  login: AgencyLogin,
  contactFirstName: text(100).nullable(),
  contactLastName: text(100).nullable(),
  country: Country.nullable(),
  city: text(100).nullable(),
  link: Url.nullable(),
  services: text(4000).nullable(),
  focus: AgencyFocusList,
  about: text(4000).nullable(),
  awards: text(4000).nullable(),
  currency: Currency,
  introductionPrice: amount.nullable(),
  turnkeyPrice: amount.nullable(),
  introductionFee: amount.nullable(),
  payForIntroduction: z.boolean(),
  clientToClientContract: z.boolean(),
  acceptsFreeClients: z.boolean(),
  experience: MatchmakerExperience.nullable(),
  clientBaseSize: count.nullable(),
  successfulCases: count.nullable(),
  /** Listed in the public directory (the user's participates-in-search flag). */
  isListed: z.boolean(),
});
export type AgencyProfileFields = z.infer<typeof AgencyProfileFields>;

export const AgencyProfilePatchBody = AgencyProfileFields.partial();
export type AgencyProfilePatchBody = z.infer<typeof AgencyProfilePatchBody>;

export const AgencyProfileView = AgencyProfileFields.extend({
  userId: z.string(),
  logoUrl: z.string().nullable(),
  hasPassword: z.boolean(),
  isVerified: z.boolean(),
});
export type AgencyProfileView = z.infer<typeof AgencyProfileView>;

/** SPEC 4 profile password: set, change, or empty to remove. */
export const AgencyPasswordBody = z
  .object({ password: z.union([z.literal(""), Password]), confirmPassword: z.string().max(200) })
  .refine((b) => b.password === b.confirmPassword, {
    message: "Passwords must match",
    path: ["confirmPassword"],
  });

export const DirectoryItem = z.object({
  userId: z.string(),
  login: z.string(),
  agencyName: z.string(),
  logoUrl: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  /** The start of the about text (SPEC 9: 160 characters). */
  excerpt: z.string().nullable(),
  isVerified: z.boolean(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type DirectoryItem = z.infer<typeof DirectoryItem>;

export const RatingDimensions = ["trust", "friendliness", "speed", "resultPerCost", "overall"] as const;
export type RatingDimension = (typeof RatingDimensions)[number];

const Stars = z.number().int().min(LIMITS.rating.min).max(LIMITS.rating.max);
export const RatingBody = z.object({
  trust: Stars,
  friendliness: Stars,
  speed: Stars,
  resultPerCost: Stars,
  overall: Stars,
});
export type RatingBody = z.infer<typeof RatingBody>;

export const RatingSummary = z.object({
  count: z.number().int(),
  trust: z.number().nullable(),
  friendliness: z.number().nullable(),
  speed: z.number().nullable(),
  resultPerCost: z.number().nullable(),
  overall: z.number().nullable(),
});
export type RatingSummary = z.infer<typeof RatingSummary>;

export const RatingView = RatingBody.extend({ agencyId: z.string(), summary: RatingSummary });

export const PublicReviewView = z.object({
  id: z.string(),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type PublicReviewView = z.infer<typeof PublicReviewView>;

/** GET /api/agencies/{userIdOrLogin}: only what the public may see. */
export const AgencyPageView = z.object({
  userId: z.string(),
  login: z.string(),
  agencyName: z.string(),
  logoUrl: z.string().nullable(),
  contactName: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  link: z.string().nullable(),
  services: z.string().nullable(),
  focus: z.array(AgencyFocus),
  about: z.string().nullable(),
  awards: z.string().nullable(),
  currency: Currency,
  introductionPrice: z.number().nullable(),
  turnkeyPrice: z.number().nullable(),
  introductionFee: z.number().nullable(),
  payForIntroduction: z.boolean(),
  clientToClientContract: z.boolean(),
  acceptsFreeClients: z.boolean(),
  experience: MatchmakerExperience.nullable(),
  clientBaseSize: z.number().nullable(),
  successfulCases: z.number().nullable(),
  certificates: z.array(CertificateView),
  isVerified: z.boolean(),
  verifiedSince: z.number().int().nullable(),
  rating: RatingSummary,
  reviews: z.array(PublicReviewView),
  /** The signed-in matchmaker's own rating of this agency, to edit it. */
  myRating: RatingBody.nullable(),
});
export type AgencyPageView = z.infer<typeof AgencyPageView>;

/** An id or an agency login: letters, digits, hyphens and underscores only, so nothing odd reaches SQL. */
export const MarketplaceId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "Invalid id" });
/** `id` is the agency's user id or its login. */
export const AgencyParams = z.object({ id: MarketplaceId });
export const ReviewParams = z.object({ id: MarketplaceId });

/** `website` is a honeypot: people never see it, so anything in it marks a bot. */
const Honeypot = z.string().max(500).optional();

export const CreateReviewBody = z.object({
  authorName: Name,
  authorEmail: Email,
  text: z
    .string()
    .trim()
    .min(MARKETPLACE_LIMITS.reviewTextMin, {
      message: `Minimum length is ${MARKETPLACE_LIMITS.reviewTextMin}`,
    })
    .max(MARKETPLACE_LIMITS.reviewTextMax, {
      message: `Maximum length is ${MARKETPLACE_LIMITS.reviewTextMax}`,
    }),
  website: Honeypot,
});
export type CreateReviewBody = z.infer<typeof CreateReviewBody>;

export const JoinAgencyBody = z.object({
  firstName: Name,
  lastName: Name,
  email: Email,
  phone: Phone.optional(),
  message: text(2000).optional(),
  website: Honeypot,
});
export type JoinAgencyBody = z.infer<typeof JoinAgencyBody>;

export const ReceivedView = z.object({ status: z.literal("received") });

/** A request from the agency page: contact details only, until the matchmaker invites the person. */
export const AgencyLeadView = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
  /** The client the invitation made; null while not invited. */
  clientId: z.string().nullable(),
});
export type AgencyLeadView = z.infer<typeof AgencyLeadView>;
export const AgencyLeadList = pageOf(AgencyLeadView);
export type AgencyLeadList = z.infer<typeof AgencyLeadList>;

export const AdminReviewsQuery = PageQuery.extend({ status: ReviewStatus.optional() });
export type AdminReviewsQuery = z.infer<typeof AdminReviewsQuery>;

export const AdminReviewView = z.object({
  id: z.string(),
  agencyId: z.string(),
  agencyName: z.string(),
  agencyLogin: z.string(),
  fromAgencyId: z.string().nullable(),
  authorName: z.string(),
  authorEmail: z.string(),
  text: z.string(),
  status: ReviewStatus,
  createdAt: z.iso.datetime(),
  moderatedAt: z.iso.datetime().nullable(),
});
export type AdminReviewView = z.infer<typeof AdminReviewView>;

export const ModerateReviewBody = z.object({ status: z.enum(["approved", "rejected"]) });

export const RecordViewBody = z.object({
  profileId: MarketplaceId,
  referrer: z.string().max(2000).optional(),
  utmSource: z.string().max(100).optional(),
});
export type RecordViewBody = z.infer<typeof RecordViewBody>;

// A calendar day of the analytics range; years kept to what PostgreSQL timestamps and charts use.
const Day = z.iso
  .date()
  .refine((d) => d >= "2000-01-01" && d <= "2100-12-31", { message: "Choose a date between 2000 and 2100" });
export const ViewsQuery = z.object({
  profileId: MarketplaceId.optional(),
  from: Day.optional(),
  to: Day.optional(),
});
export type ViewsQuery = z.infer<typeof ViewsQuery>;

const Bucket = z.object({ key: z.string(), views: z.number().int() });
export const ViewsView = z.object({
  profileId: z.string(),
  from: Day,
  to: Day,
  total: z.number().int(),
  unique: z.number().int(),
  sources: z.array(Bucket),
  countries: z.array(Bucket),
  daily: z.array(z.object({ date: Day, views: z.number().int(), unique: z.number().int() })),
});
export type ViewsView = z.infer<typeof ViewsView>;

/** Error codes of agencies, the directory, reviews, ratings and view analytics (listed in ERROR_CODES, errors.ts). */
export const MARKETPLACE_ERRORS = [
  "AGENCY_LOGIN_TAKEN",
  "AGENCY_NOT_FOUND",
  "LEAD_NOT_FOUND",
  "LEAD_ALREADY_INVITED",
  "REVIEW_NOT_FOUND",
  "RATING_OWN_AGENCY",
  "REVIEW_OWN_AGENCY",
  "ANALYTICS_RANGE_INVALID",
] as const;
