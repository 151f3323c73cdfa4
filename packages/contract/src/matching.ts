import { z } from "zod";
import { PublishedProfileView } from "./clients.js";
import { Id, PageQuery, pageOf } from "./common.js";
import { CandidatePriority, IntroductionState } from "./enums.js";
import { Locale } from "./i18n.js";
import { PublicProfileView } from "./profiles.js";

/**
 * Whose wishes a fit factor measures: `client` is how well the candidate fits the client's wishes,
 * `candidate` the other way round, `mutual` what the two share (the same score for both).
 */
export const FitFactorSide = z.enum(["mutual", "client", "candidate"]);
export type FitFactorSide = z.infer<typeof FitFactorSide>;

/** One named dimension of a compatibility result; `key` is stable (`faith`, `age`, `interests.travel`). */
export const FitFactor = z.object({
  key: z.string(),
  side: FitFactorSide,
  /** 0 to 100. */
  score: z.number().int().min(0).max(100),
  /** How much it counts: 1 low, 2 medium, 3 high (preference weights), base weights for the rest. */
  weight: z.number().positive(),
  label: z.string(),
  /** One line, in the requester's language; never names, contacts or photos. */
  reason: z.string(),
});
export type FitFactor = z.infer<typeof FitFactor>;

/** A hard filter that failed: the pair is excluded whatever the score. */
export const DealBreakerHit = z.object({
  key: z.string(),
  side: z.enum(["client", "candidate"]),
  reason: z.string(),
});
export type DealBreakerHit = z.infer<typeof DealBreakerHit>;

/** SPEC 1: the compatibility result, scored both ways. */
export const CompatibilityResult = z.object({
  locale: Locale,
  /** Overall figure: the geometric mean of both directions, 0 when a deal-breaker excludes the pair. */
  percentage: z.number().int().min(0).max(100),
  /** How well the candidate fits the client's wishes. */
  clientFit: z.number().int().min(0).max(100),
  /** How well the client fits the candidate's wishes. */
  candidateFit: z.number().int().min(0).max(100),
  excluded: z.boolean(),
  dealBreakers: z.array(DealBreakerHit),
  summary: z.string(),
  strengths: z.array(z.string()),
  concerns: z.array(z.string()),
  fitFactors: z.array(FitFactor),
  relationshipAnalysis: z.string(),
});
export type CompatibilityResult = z.infer<typeof CompatibilityResult>;

/** What the AI model must answer: the two texts it may rewrite, nothing else. */
export const CompatibilityNarrative = z.object({
  summary: z.string().trim().min(20).max(1200),
  relationshipAnalysis: z.string().trim().min(40).max(4000),
});
export type CompatibilityNarrative = z.infer<typeof CompatibilityNarrative>;

/** `POST /api/matching/compatibility`: one client against one candidate. */
export const CompatibilityBody = z.object({ clientId: Id, candidateId: Id });
export type CompatibilityBody = z.infer<typeof CompatibilityBody>;

/**
 * Why the learned chance moved from the questionnaire's (issue 15): what outcomes said, never
 * who. Signals built from others' answers are given only when at least 5 people stand behind them.
 */
export const LearnedReason = z.enum([
  "questionnaireFit",
  "questionnaireMisfit",
  "saysYesOften",
  "selective",
  "oftenChosen",
  "rarelyChosen",
  "similarTastesSaidYes",
  "similarTastesSaidNo",
  "fitsLearnedPreferences",
  "againstLearnedPreferences",
  "likePartnersSaidYesTo",
  "likePartnersSaidNoTo",
  "clientOftenChosen",
  "clientRarelyChosen",
  "partnerSaysYesOften",
  "partnerSelective",
]);
export type LearnedReason = z.infer<typeof LearnedReason>;

/** The chance both say yes, learned from outcomes (the questionnaire's alone without history). */
export const LearnedChance = z.object({
  /** Calibrated probability (0-1) that both clients say yes; null on results kept before it existed. */
  mutualChance: z.number().min(0).max(1).nullable(),
  /** How many outcomes (yes or no answers) the learner holds; 0 when neither person has any history. */
  learnedFrom: z.number().int().min(0),
  /** The strongest reasons, strongest first (at most three). */
  reasons: z.array(LearnedReason),
});
export type LearnedChance = z.infer<typeof LearnedChance>;

/** A kept compatibility result (SPEC 1), with what it cost. */
export const CompatibilityRunView = CompatibilityResult.extend({
  ...LearnedChance.shape,
  id: z.string(),
  clientId: z.string(),
  candidateId: z.string(),
  /** Who wrote the summary and analysis: the AI model, or the engine when it is off or failed. */
  narrativeSource: z.enum(["ai", "engine"]),
  creditsCharged: z.number().int().min(0),
  /** True when a retry within the window answered the result already paid for. */
  reused: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type CompatibilityRunView = z.infer<typeof CompatibilityRunView>;

/** Minutes during which the same check (caller, client, candidate, language) answers the kept result. */
export const COMPATIBILITY_RETRY_MINUTES = 10;

/** What a check will cost the caller, asked before running it. */
export const CompatibilityPriceQuery = z.object({ clientId: Id.optional() });
export type CompatibilityPriceQuery = z.infer<typeof CompatibilityPriceQuery>;
export const CompatibilityPriceView = z.object({
  /** The tier's price per request (regular 150, silver 100, gold 60). */
  price: z.number().int().min(0),
  /** What will actually be charged: 0 when free. */
  charge: z.number().int().min(0),
  /** Why it is free: the caller or the client is a free client, or support enabled AI matching. */
  freeReason: z.enum(["free_client", "support_enabled"]).nullable(),
  balance: z.number().int(),
});
export type CompatibilityPriceView = z.infer<typeof CompatibilityPriceView>;

export const CompatibilityResultsQuery = PageQuery.extend({ clientId: Id });
export type CompatibilityResultsQuery = z.infer<typeof CompatibilityResultsQuery>;

/** SPEC 4 candidate interaction states. */
export const InteractionState = IntroductionState.exclude(["cancelled"]);
export type InteractionState = z.infer<typeof InteractionState>;

export const CandidatesQuery = PageQuery.extend({
  /** `none` = not assigned. */
  priority: z.enum(["yes", "maybe", "no", "none"]).optional(),
  interaction: InteractionState.optional(),
  /** own = the matchmaker's base, shared = other agencies' published profiles. */
  source: z.enum(["own", "shared"]).optional(),
  minPercentage: z.coerce.number().int().min(0).max(100).optional(),
});
export type CandidatesQuery = z.infer<typeof CandidatesQuery>;

export const TopFactor = z.object({ key: z.string(), label: z.string(), score: z.number().int() });
export type TopFactor = z.infer<typeof TopFactor>;

export const CandidateItem = z.object({
  id: z.string(),
  /** Only the fields the candidate's matchmaker displays (all for an own client). */
  profile: PublicProfileView,
  /**
   * The main photo's thumbnail as the shared view shows it: null when the candidate's display
   * settings hide photos (for an own client too) or there is none; the card then shows an avatar.
   */
  photoThumbUrl: z.string().nullable(),
  isOwnClient: z.boolean(),
  agencyName: z.string().nullable(),
  percentage: z.number().int(),
  clientFit: z.number().int(),
  candidateFit: z.number().int(),
  /**
   * The chance both say yes (0-1), learned from outcomes; the questionnaire's calibrated chance
   * where neither has history (issue 15). Null when the candidate's input could not be read.
   */
  mutualChance: z.number().min(0).max(1).nullable(),
  /** The strongest fit factors, best first. */
  topFactors: z.array(TopFactor),
  priority: CandidatePriority.nullable(),
  deferred: z.boolean(),
  interaction: InteractionState,
  introductionId: z.string().nullable(),
});
export type CandidateItem = z.infer<typeof CandidateItem>;

/**
 * A candidate's shared profile, opened from their card: what the candidate's display settings
 * show other matchmakers (for an own client too), never contacts, and whose client they are.
 */
export const CandidateProfileView = PublishedProfileView;
export type CandidateProfileView = z.infer<typeof CandidateProfileView>;

export const CandidateMarkBody = z
  .object({ priority: CandidatePriority.nullable().optional(), deferred: z.boolean().optional() })
  .refine((b) => b.priority !== undefined || b.deferred !== undefined, {
    message: "Give priority or deferred",
    path: ["priority"],
  });
export type CandidateMarkBody = z.infer<typeof CandidateMarkBody>;
export const CandidateMarkView = z.object({
  clientId: z.string(),
  candidateId: z.string(),
  priority: CandidatePriority.nullable(),
  deferred: z.boolean(),
});
export type CandidateMarkView = z.infer<typeof CandidateMarkView>;

export const IntroductionBody = z.object({ clientId: Id, candidateId: Id });
export type IntroductionBody = z.infer<typeof IntroductionBody>;
export const IntroductionStatus = IntroductionState.exclude(["none"]);
export type IntroductionStatus = z.infer<typeof IntroductionStatus>;
export const IntroductionAction = z.enum(["cancel", "accept", "reject"]);
export type IntroductionAction = z.infer<typeof IntroductionAction>;

/** Who must act next, and how. */
export const WaitingOn = z.object({
  role: z.enum(["matchmaker", "client"]),
  side: z.enum(["own", "other"]),
  userId: Id,
  name: z.string(),
  action: z.enum(["respond", "ask_client", "answer", "set_date", "confirm_date", "feedback"]),
});
export type WaitingOn = z.infer<typeof WaitingOn>;

export const DateView = z.object({
  startsAt: z.iso.datetime(),
  /** The meeting's time zone (IANA): pages, e-mails and the calendar file show its local time. */
  timeZone: z.string(),
  place: z.string(),
  mapUrl: z.string().nullable(),
  note: z.string().nullable(),
});
export type DateView = z.infer<typeof DateView>;

export const IntroductionView = z.object({
  id: z.string(),
  status: IntroductionStatus,
  /** outgoing: the caller's side proposed; incoming: the other side did. */
  direction: z.enum(["outgoing", "incoming"]),
  /** The caller's client (for an admin, the proposer's). */
  ownClient: PublicProfileView,
  /** The other client, as their matchmaker displays them. */
  otherClient: PublicProfileView,
  otherAgencyName: z.string().nullable(),
  /** The other side's matchmaker, to open a chat with; the caller's own id within one agency. */
  otherMatchmakerId: z.string(),
  /** Who must act next (empty once it has ended). */
  waitingOn: z.array(WaitingOn),
  /** The first date, once set. */
  date: DateView.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type IntroductionView = z.infer<typeof IntroductionView>;
/**
 * The introductions workspace's tabs: `active` waits on someone before the first date, `dates`
 * has a date planned or held, `past` is settled (a second date counts as a success).
 */
export const IntroductionGroup = z.enum(["active", "dates", "past"]);
export type IntroductionGroup = z.infer<typeof IntroductionGroup>;
export const INTRODUCTION_GROUP_STATUSES = {
  active: ["awaiting_response", "match", "asking_clients", "introduced"],
  dates: ["date_planned", "dated"],
  past: ["second_date", "ended", "declined", "expired", "rejected", "cancelled"],
} as const satisfies Record<IntroductionGroup, readonly IntroductionStatus[]>;

export const IntroductionsQuery = PageQuery.extend({
  status: IntroductionStatus.optional(),
  /** The workspace's tabs: active (waiting on someone), dates, past (INTRODUCTION_GROUP_STATUSES). */
  group: IntroductionGroup.optional(),
  /** Introductions of one client, on either side. */
  clientId: Id.optional(),
});
export type IntroductionsQuery = z.infer<typeof IntroductionsQuery>;
/** A page of introductions with how many each tab holds (within the client filter). */
export const IntroductionsPage = pageOf(IntroductionView).extend({
  counts: z.object({ active: z.number().int(), dates: z.number().int(), past: z.number().int() }),
});
export type IntroductionsPage = z.infer<typeof IntroductionsPage>;

/** What an INVITEE sees of a candidate their matchmaker shares. */
export const MyCandidateView = z.object({ profile: PublicProfileView, status: z.enum(["shared", "match"]) });
export type MyCandidateView = z.infer<typeof MyCandidateView>;
export const MyCandidatesView = z.object({
  items: z.array(MyCandidateView),
  /** Why the list is empty though it might not be: the profile is inactive or incomplete. */
  hidden: z.enum(["inactive", "incomplete"]).nullable(),
});
export type MyCandidatesView = z.infer<typeof MyCandidatesView>;

/** The partner app's signed report of like counts, by SM ID (`POST /api/partner/likes`). */
export const PartnerLikesBody = z.object({
  items: z
    .array(
      z.object({
        smId: z.string().trim().min(1).max(100),
        likes: z.number().int().min(0).max(1_000_000_000),
      }),
    )
    .min(1)
    .max(500),
});
export type PartnerLikesBody = z.infer<typeof PartnerLikesBody>;
export const PartnerLikesView = z.object({ updated: z.number().int(), unknown: z.number().int() });
export type PartnerLikesView = z.infer<typeof PartnerLikesView>;

/** The caller's link to the partner app. */
export const PartnerLinkBody = z.object({ smId: z.string().trim().min(1).max(100).nullable() });
export type PartnerLinkBody = z.infer<typeof PartnerLinkBody>;
export const PartnerLinkView = z.object({
  smId: z.string().nullable(),
  likes: z.number().int().nullable(),
  /** True when the hint "more likes improve AI matching" applies (fewer than 20, or none reported). */
  showLikesHint: z.boolean(),
});
export type PartnerLinkView = z.infer<typeof PartnerLinkView>;

/** `POST /api/ai/advice`: a matchmaker's question, about one of their clients or in general. */
export const AdviceBody = z.object({ question: z.string().trim().min(3).max(2000), clientId: Id.optional() });
export type AdviceBody = z.infer<typeof AdviceBody>;
export const AdviceFactor = z.object({ key: z.string(), label: z.string(), score: z.number().int() });
export type AdviceFactor = z.infer<typeof AdviceFactor>;
export const AdviceView = z.object({
  /** ai: the model answered; rules: the rule-based advice below is the answer. */
  source: z.enum(["ai", "rules"]),
  /** The model's answer; null for rule-based advice. */
  answer: z.string().nullable(),
  /** Fields of the client's profile and wishes that are empty and so weaken matching. */
  missing: z.array(z.object({ key: z.string(), label: z.string() })),
  /** Fit factors averaged over the client's kept results (or best candidates): best and worst. */
  strongest: z.array(AdviceFactor),
  weakest: z.array(AdviceFactor),
  basedOn: z.object({ results: z.number().int(), candidates: z.number().int() }),
});
export type AdviceView = z.infer<typeof AdviceView>;

/** Error codes of candidates, compatibility, introductions and the partner app (listed in ERROR_CODES, errors.ts). */
export const MATCHING_ERRORS = [
  "CANDIDATE_NOT_FOUND",
  "INTRODUCTION_NOT_FOUND",
  "INTRODUCTION_EXISTS",
  "INTRODUCTION_STATE",
  "PARTNER_NOT_CONFIGURED",
  "PARTNER_SIGNATURE_INVALID",
  "SM_ID_TAKEN",
] as const;

/** Fewest decided introductions before the validity page gives an AUC. */
export const VALIDITY_MIN_OUTCOMES = 20;

/** One bin of predicted chance: its mean prediction, the share that became a mutual yes, how many. */
export const CalibrationPoint = z.object({
  predicted: z.number().min(0).max(1),
  observed: z.number().min(0).max(1),
  count: z.number().int().min(1),
});
export type CalibrationPoint = z.infer<typeof CalibrationPoint>;

/**
 * `GET /api/matching/validity`: how well the chance each introduction had when it was proposed
 * predicted what happened (both clients said yes), over the caller's agency (ADMIN: the
 * marketplace). `auc` is null below VALIDITY_MIN_OUTCOMES outcomes. `trend` is the AUC over the
 * outcomes decided by the end of each of the last months (null while fewer than the minimum).
 */
export const ValidityView = z.object({
  outcomes: z.number().int().min(0),
  auc: z.number().min(0).max(1).nullable(),
  calibration: z.array(CalibrationPoint),
  /** How many of the outcomes were a mutual yes. */
  mutualYes: z.number().int().min(0),
  scope: z.enum(["agency", "marketplace"]),
  trend: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      outcomes: z.number().int().min(0),
      auc: z.number().min(0).max(1).nullable(),
    }),
  ),
});
export type ValidityView = z.infer<typeof ValidityView>;
