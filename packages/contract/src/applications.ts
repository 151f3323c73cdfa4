import { z } from "zod";
import { Name } from "./auth.js";
import { PageQuery } from "./common.js";
import { SubscriptionPlan } from "./credits.js";
import { Locale } from "./i18n.js";
import { PhoneInput } from "./phone.js";
import { Email } from "./users.js";

// A new agency's way in (an application an admin approves into a matchmaker account) and the
// public contact form; both wait in the admins' inbox.

export const APPLICATION_LIMITS = {
  /** Applications one address may send an hour: an agency applies once, a typo twice. */
  applicationsPerIpPerHour: 5,
  contactMessagesPerIpPerHour: 5,
  /**
   * Contact messages whose copies are mailed to the admins in an hour, from all addresses
   * together: past it a message is still kept in the inbox, only its e-mail copies are skipped,
   * so many addresses cannot flood the admins' mailboxes (or the mail server's reputation).
   */
  contactCopiesPerHour: 20,
  /**
   * Days a decided application (from its decision) and a contact message (from its arrival) are
   * kept; the hourly housekeeping deletes older ones. A waiting application is kept until decided.
   */
  retentionDays: 180,
  messageMax: 2000,
  topicMax: 120,
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Maximum length is ${max}` });
const required = (max: number) => text(max).min(1, { message: "Required field" });
/** `website` is a honeypot: people never see it, so anything in it marks a bot. */
const Honeypot = z.string().max(500).optional();

export const ApplicationStatus = z.enum(["new", "approved", "declined"]);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

export const ApplyBody = z.object({
  agencyName: required(120),
  firstName: Name,
  lastName: Name,
  email: Email,
  /** Read in the region of the applicant's language (`phoneRegion`) unless written with "+". */
  phone: PhoneInput,
  city: required(100),
  message: text(APPLICATION_LIMITS.messageMax).optional(),
  /** The plan chosen on the pricing page (`/apply?plan=gold`), kept for the admin who decides. */
  plan: SubscriptionPlan.optional(),
  /** The language the applicant reads the site in; the public-locale cookie when absent. */
  locale: Locale.optional(),
  website: Honeypot,
});
export type ApplyBody = z.infer<typeof ApplyBody>;

export const ContactBody = z.object({
  name: Name,
  email: Email,
  topic: text(APPLICATION_LIMITS.topicMax).optional(),
  message: required(APPLICATION_LIMITS.messageMax),
  locale: Locale.optional(),
  website: Honeypot,
});
export type ContactBody = z.infer<typeof ContactBody>;

export const ApplicationsQuery = PageQuery.extend({ status: ApplicationStatus.optional() });
export type ApplicationsQuery = z.infer<typeof ApplicationsQuery>;

export const ApplicationView = z.object({
  id: z.string(),
  status: ApplicationStatus,
  agencyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  message: z.string().nullable(),
  plan: SubscriptionPlan.nullable(),
  locale: Locale,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The admin who decided, by name; null while new or when that account is gone. */
  decidedByName: z.string().nullable(),
  /** The matchmaker account an approval made. */
  accountId: z.string().nullable(),
});
export type ApplicationView = z.infer<typeof ApplicationView>;

export const ContactMessageView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.string().nullable(),
  message: z.string(),
  locale: Locale,
  createdAt: z.string(),
});
export type ContactMessageView = z.infer<typeof ContactMessageView>;

/** Error codes of applications (listed in ERROR_CODES, errors.ts). */
export const APPLICATION_ERRORS = [
  "APPLICATION_NOT_FOUND",
  "APPLICATION_ACCOUNT_EXISTS",
  "APPLICATION_ALREADY_DECIDED",
] as const;
