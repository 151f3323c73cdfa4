import { z } from "zod";
import { PackageView } from "./client-packages.js";
import { Id } from "./common.js";
import { CreditsView, CreditTransactionView } from "./credits.js";
import { Role } from "./enums.js";
import { ConsentLedgerEntry } from "./introductions.js";
import { CertificateView, PhotoView } from "./media.js";
import { DisplaySettings, ProfileView } from "./profiles.js";
import { UserView } from "./users.js";

// A client's data rights (issue 20, API.md "Data rights"): the export (GDPR art. 15 and 20) and
// the access log. docs/data-export.md describes every field of the export.

/** The version of the export's shape; raised when a field changes meaning or goes away. */
export const DATA_EXPORT_VERSION = 1;

const Time = z.iso.datetime();

/** One introduction the person took part in, with their own answer and date response. */
export const ExportIntroduction = z.object({
  id: Id,
  /** The other person of the pair, by id only: their data is theirs. */
  otherClientId: Id,
  status: z.string(),
  proposedAt: Time,
  introducedAt: Time.nullable(),
  dateStartsAt: Time.nullable(),
  datePlace: z.string().nullable(),
  myAnswer: z.object({
    askedAt: Time.nullable(),
    answer: z.string().nullable(),
    reason: z.string().nullable(),
    comment: z.string().nullable(),
    answeredAt: Time.nullable(),
    dateResponse: z.string().nullable(),
  }),
  /** The feedback this person gave after the date (null: none). */
  myFeedback: z
    .object({
      happened: z.boolean(),
      meetAgain: z.string(),
      attraction: z.number().int().nullable(),
      conversation: z.number().int().nullable(),
      sharedValues: z.number().int().nullable(),
      manners: z.number().int().nullable(),
      reasons: z.array(z.string()),
      note: z.string().nullable(),
      createdAt: Time,
    })
    .nullable(),
});
export type ExportIntroduction = z.infer<typeof ExportIntroduction>;

export const ExportNotification = z.object({
  id: Id,
  kind: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  readAt: Time.nullable(),
  createdAt: Time,
});
export type ExportNotification = z.infer<typeof ExportNotification>;

/** A chat message this person wrote (messages of others are theirs, not in this export). */
export const ExportChatMessage = z.object({ id: Id, chatId: Id, body: z.string(), createdAt: Time });
export type ExportChatMessage = z.infer<typeof ExportChatMessage>;

/**
 * A release of the person's contacts in their export: to whom by role (and the other client by
 * name: they met through it), never the name or id of a matchmaker or an admin.
 */
export const ExportConsentEntry = ConsentLedgerEntry.omit({ recipientId: true, recipientName: true }).extend({
  recipientName: z.string().nullable(),
});
export type ExportConsentEntry = z.infer<typeof ExportConsentEntry>;

/** A client's consents (issue 20): in the shared search, and a public profile (opened by its password). */
export const ConsentKind = z.enum(["shared_search", "public_profile"]);
export type ConsentKind = z.infer<typeof ConsentKind>;

/** One period a consent was on: who switched it on and when, who withdrew it and when (null: on). */
export const ConsentEntry = z.object({
  id: Id,
  kind: ConsentKind,
  grantedAt: Time,
  /** By role: the client themselves, their matchmaker or an administrator; null when not known. */
  grantedByRole: Role.nullable(),
  withdrawnAt: Time.nullable(),
  withdrawnByRole: Role.nullable(),
});
export type ConsentEntry = z.infer<typeof ConsentEntry>;

/**
 * Everything held about one person, as one JSON document. File URLs (avatar, photos and their
 * thumbnails, certificates) are absolute links of this export (`/api/export-files/{token}`): they
 * open without signing in for 24 hours (EXPORT_LINK_HOURS), then answer 410 EXPORT_LINK_EXPIRED
 * (docs/data-export.md).
 */
export const DataExport = z.object({
  format: z.literal("matchdesk-data-export"),
  version: z.literal(DATA_EXPORT_VERSION),
  generatedAt: Time,
  account: UserView,
  /** The questionnaire and partner preferences (null for someone who is not a client). */
  profile: ProfileView.nullable(),
  displaySettings: DisplaySettings.nullable(),
  photos: z.array(PhotoView),
  certificates: z.array(CertificateView),
  introductions: z.array(ExportIntroduction),
  consentLedger: z.array(ExportConsentEntry),
  packages: z.array(PackageView),
  notifications: z.array(ExportNotification),
  chatMessages: z.array(ExportChatMessage),
  /** The client's consents (shared search, public profile): who switched each on and off, by role. */
  consents: z.array(ConsentEntry),
  /** Credits are a matchmaker's; a client has none (null). */
  credits: z.object({ balance: CreditsView, transactions: z.array(CreditTransactionView) }).nullable(),
});
export type DataExport = z.infer<typeof DataExport>;

export const AccessAction = z.enum(["view", "change"]);
export type AccessAction = z.infer<typeof AccessAction>;

/**
 * How whoever viewed or changed the data came: signed in (`person`), through one of their API
 * keys (`api_key`: the key's owner is the actor), or with the public profile's password, without
 * an account (`link`: no actor to name).
 */
export const AccessActorKind = z.enum(["person", "api_key", "link"]);
export type AccessActorKind = z.infer<typeof AccessActorKind>;

/** One view or change of a client's data by someone other than the client. */
export const AccessLogEntry = z.object({
  id: Id,
  at: Time,
  action: AccessAction,
  /** The route: its method and path (`GET /api/clients/:id`). */
  what: z.string(),
  /**
   * Whether the reader may know who it was: themselves, the client's matchmaker or an admin (an
   * admin reading knows everyone). Someone else, another agency's matchmaker or the other client
   * of an introduction, is shown by role and agency only: no id, name or address.
   */
  actorKnown: z.boolean(),
  actorKind: AccessActorKind,
  actorId: Id.nullable(),
  /** The actor's name (null: the account is gone, or the actor is not known to the reader). */
  actorName: z.string().nullable(),
  /** The actor's role at the time; null for someone with the link. */
  actorRole: Role.nullable(),
  /**
   * The API key of an `api_key` entry, with its name at the time, for a known actor (null
   * otherwise; the id is null too once the key is gone with its owner).
   */
  apiKeyId: Id.nullable(),
  apiKeyName: z.string().nullable(),
  /** The actor's agency, for a matchmaker (null when none). */
  actorAgency: z.string().nullable(),
  /** The address the request came from, for a known actor. */
  ip: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntry>;

export const AccessLogQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AccessLogQuery = z.infer<typeof AccessLogQuery>;

export const AccessLogView = z.object({
  items: z.array(AccessLogEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AccessLogView = z.infer<typeof AccessLogView>;

/** What the client sees of their own log: who (by role and agency), how often, and when last. */
export const AccessSummaryView = z.object({
  items: z.array(
    z.object({
      /** Entries through an API key are a line of their own beside the same person's signed in. */
      actorKind: AccessActorKind,
      /** Null for someone with the public profile's password (`link`). */
      actorRole: Role.nullable(),
      /** The matchmaker's agency (or name); null for the platform's administrators. */
      actorAgency: z.string().nullable(),
      views: z.number().int(),
      changes: z.number().int(),
      lastAt: Time,
    }),
  ),
  /** How long entries are kept, in months. */
  keptMonths: z.number().int(),
});
export type AccessSummaryView = z.infer<typeof AccessSummaryView>;

/** Errors of erasure (issue 20, GDPR art. 17). */
export const DATA_RIGHTS_ERRORS = [
  /** 400: the body did not say `{ confirm: true }`; nothing was erased. */
  "ERASURE_NOT_CONFIRMED",
  /** 409: a matchmaker with clients is erased only once the clients are moved or erased. */
  "MATCHMAKER_HAS_CLIENTS",
  /** 410: a data export's file link, valid for 24 hours after the export, has expired. */
  "EXPORT_LINK_EXPIRED",
] as const;

/** How long a data export's file links open the files. */
export const EXPORT_LINK_HOURS = 24;

/** Erasing is asked for with `{ confirm: true }`; anything else is refused (400 ERASURE_NOT_CONFIRMED). */
export const EraseBody = z.object({ confirm: z.unknown().optional() });
export type EraseBody = z.infer<typeof EraseBody>;

/** What an erasure removed (deleted, or emptied of personal fields). */
export const ErasedPart = z.enum([
  "account",
  "sessions",
  "questionnaire",
  "preferences",
  "photos",
  "certificates",
  "files",
  "introductionAnswers",
  "feedback",
  "consentLedger",
  "packages",
  "candidateMarks",
  "compatibilityResults",
  "recalibrations",
  "notifications",
  "chatMessages",
  "mails",
  "accessLog",
  "leads",
  "applications",
  "profileViews",
  "agencyProfile",
  "reviews",
  "subscriptions",
  "consents",
  "apiKeys",
  "webhooks",
  "telegram",
]);
export type ErasedPart = z.infer<typeof ErasedPart>;

/** What an erasure kept, always without the person's name, contacts or files. */
export const KeptPart = z.enum(["introductions", "otherFeedback", "contactsReceived", "payments", "credits"]);
export type KeptPart = z.infer<typeof KeptPart>;

/**
 * Why something was kept: the other client's own history of an introduction, their own feedback,
 * their consent ledger (whose contacts went to an erased person); payments and credit movements
 * are accounting records the law makes an agency keep.
 */
export const KeptReason = z.enum(["otherPartyHistory", "otherPartyOwnRecord", "accountingLaw"]);
export type KeptReason = z.infer<typeof KeptReason>;

/** The answer of an erasure: what was erased (how many records), what was kept and why. */
export const ErasureReport = z.object({
  userId: Id,
  erasedAt: Time,
  erased: z.array(z.object({ part: ErasedPart, count: z.number().int() })),
  kept: z.array(z.object({ part: KeptPart, count: z.number().int(), reason: KeptReason })),
});
export type ErasureReport = z.infer<typeof ErasureReport>;

/** The client's consents: what is on now, and the ledger, newest first. */
export const MyConsentsView = z.object({
  current: z.object({ shared_search: z.boolean(), public_profile: z.boolean() }),
  items: z.array(ConsentEntry),
});
export type MyConsentsView = z.infer<typeof MyConsentsView>;

/** A client's consents as their matchmaker (or an admin) sees them: the same as the client's own view. */
export const ClientConsentsView = MyConsentsView;
export type ClientConsentsView = MyConsentsView;

/**
 * Retention of inactive clients (issue 20): after how many months without activity a client is
 * erased (their matchmaker is warned 30 days before); null is off, the default.
 */
export const RETENTION_MONTHS = [12, 24, 36] as const;
/** How many days before the erasure the matchmaker is warned. */
export const RETENTION_WARNING_DAYS = 30;
export const RetentionMonths = z.union([z.literal(12), z.literal(24), z.literal(36)]);
export type RetentionMonths = z.infer<typeof RetentionMonths>;

export const RetentionSettings = z.object({ months: RetentionMonths.nullable() });
export type RetentionSettings = z.infer<typeof RetentionSettings>;

/** One client under their matchmaker's retention setting. */
export const ClientRetentionView = z.object({
  /** The matchmaker's setting; null: off, the client is never erased for inactivity. */
  months: RetentionMonths.nullable(),
  /** The matchmaker chose to keep the client: never erased for inactivity. */
  keep: z.boolean(),
  /** The client's latest activity (docs/data-erasure.md "Retention" says what counts). */
  lastActivityAt: Time,
  /** When the client will be erased if nothing changes; null when off or kept. */
  erasesAt: Time.nullable(),
  /** When the matchmaker was warned about the coming erasure; null when not (yet). */
  warnedAt: Time.nullable(),
});
export type ClientRetentionView = z.infer<typeof ClientRetentionView>;

/** How many clients a list of those due for erasure shows at most (the soonest first). */
export const RETENTION_DUE_LIMIT = 500;

/**
 * The matchmaker's clients warned and due for erasure for inactivity, the soonest first: what a
 * digest warning (several clients in one notification) leads to.
 */
export const RetentionDueList = z.object({
  items: z.array(
    z.object({
      clientId: Id,
      name: z.string(),
      lastActivityAt: Time,
      erasesAt: Time,
    }),
  ),
  /** How many there are in all (the list shows at most RETENTION_DUE_LIMIT). */
  total: z.number().int(),
});
export type RetentionDueList = z.infer<typeof RetentionDueList>;

export const SetClientRetentionBody = z.object({ keep: z.boolean() });
export type SetClientRetentionBody = z.infer<typeof SetClientRetentionBody>;
