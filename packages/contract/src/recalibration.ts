import { z } from "zod";
import { Id } from "./common.js";
import { AlcoholConsumption, EducationLevel, Faith, FamilyPlan, SmokingHabits } from "./enums.js";
import { DeclineReason } from "./introductions.js";
import { WeightedPreference } from "./profiles.js";

// Decline counter and recalibration (API.md "Introductions after the match"): a client's own
// declines by reason over their recent introductions and, after enough of them, concrete changes
// to their preferences, each explained by the reason, how many declines and the declined
// candidates' values. Explanations are data: the web app words them in either language.

/**
 * "Recent" is the client's last 10 answers (yes or no to an introduction), none older than 180
 * days: a client introduced often is judged on their latest answers, one introduced rarely on
 * the last half year.
 */
export const RECALIBRATION_WINDOW = { answers: 10, days: 180 } as const;
/** Declines since the last accepted recalibration that make a proposal. */
export const RECALIBRATION_THRESHOLD = 3;
/** A change needs at least this many declines pointing the same way: one alone is noise. */
export const RECALIBRATION_MIN_EVIDENCE = 2;

/** The preference fields a recalibration may change (of PreferenceFields). */
export const RECALIBRATION_FIELDS = [
  "minAge",
  "maxAge",
  "preferredCities",
  "dealBreakers",
  "education",
  "smoking",
  "alcohol",
] as const;
export const RecalibrationField = z.enum(RECALIBRATION_FIELDS);
export type RecalibrationField = z.infer<typeof RecalibrationField>;

const count = z.number().int().min(0);

/**
 * Why a change is proposed: `declines` of the `total` declines it is based on gave `reason`, and
 * the declined candidates had `values` (their ages, cities, education...), sorted.
 */
const because = <V extends z.ZodType>(values: V) =>
  z.object({ reason: DeclineReason, declines: count, total: count, values: z.array(values) });

export const RecalibrationChange = z.discriminatedUnion("field", [
  z.object({
    field: z.literal("minAge"),
    from: z.number().int().nullable(),
    to: z.number().int(),
    because: because(z.number().int()),
  }),
  z.object({
    field: z.literal("maxAge"),
    from: z.number().int().nullable(),
    to: z.number().int(),
    because: because(z.number().int()),
  }),
  z.object({
    field: z.literal("preferredCities"),
    from: z.array(z.string()),
    to: z.array(z.string()),
    because: because(z.string()),
  }),
  z.object({
    field: z.literal("dealBreakers"),
    from: z.array(WeightedPreference),
    to: z.array(WeightedPreference),
    because: because(z.string()),
  }),
  z.object({
    field: z.literal("education"),
    from: z.array(EducationLevel),
    to: z.array(EducationLevel),
    because: because(EducationLevel),
  }),
  z.object({
    field: z.literal("smoking"),
    from: z.array(SmokingHabits),
    to: z.array(SmokingHabits),
    because: because(SmokingHabits),
  }),
  z.object({
    field: z.literal("alcohol"),
    from: z.array(AlcoholConsumption),
    to: z.array(AlcoholConsumption),
    because: because(AlcoholConsumption),
  }),
]);
export type RecalibrationChange = z.infer<typeof RecalibrationChange>;

/**
 * What the declines say where no preference field can follow (there is none for family plans or
 * faith): the declined candidates' values, for the matchmaker to talk over with the client.
 */
export const RecalibrationNote = z.discriminatedUnion("field", [
  z.object({
    field: z.literal("familyPlan"),
    because: z.object({
      reason: z.literal("FAMILY_PLANS"),
      declines: count,
      total: count,
      values: z.array(FamilyPlan),
    }),
  }),
  z.object({
    field: z.literal("faith"),
    because: z.object({
      reason: z.literal("RELIGION_CULTURE"),
      declines: count,
      total: count,
      values: z.array(Faith),
    }),
  }),
]);
export type RecalibrationNote = z.infer<typeof RecalibrationNote>;

/**
 * The card: proposed once `declines` (since the last accept) reach RECALIBRATION_THRESHOLD and no
 * dismiss came after the latest of them. `changes` may be empty when the reasons name nothing a
 * preference holds (attraction, not ready). `version` names exactly this proposal: accept and
 * dismiss send it back, so a decline or an edit in between is not accepted unseen.
 */
export const RecalibrationProposal = z.object({
  version: z.string(),
  declines: count,
  changes: z.array(RecalibrationChange),
  notes: z.array(RecalibrationNote),
});
export type RecalibrationProposal = z.infer<typeof RecalibrationProposal>;

export const RecalibrationAction = z.enum(["accepted", "dismissed"]);
export type RecalibrationAction = z.infer<typeof RecalibrationAction>;

/** The client's recalibration history: what was accepted (the changes applied) or dismissed, by whom. */
export const RecalibrationRecord = z.object({
  id: Id,
  action: RecalibrationAction,
  /** Accepted: the changes applied; dismissed: the changes that were proposed. */
  changes: z.array(RecalibrationChange),
  declines: count,
  byName: z.string().nullable(),
  at: z.iso.datetime(),
});
export type RecalibrationRecord = z.infer<typeof RecalibrationRecord>;

export const RecalibrationView = z.object({
  /** The client's answers in the window (RECALIBRATION_WINDOW) and the declines among them. */
  answers: count,
  declines: count,
  /** Every reason, in the list's order, with how often it was given in the window. */
  byReason: z.array(z.object({ reason: DeclineReason, count })),
  /** Declines in the window since the last accepted recalibration. */
  sinceAccepted: count,
  proposal: RecalibrationProposal.nullable(),
  /** Newest first, at most 10. */
  history: z.array(RecalibrationRecord),
});
export type RecalibrationView = z.infer<typeof RecalibrationView>;

const version = z.string().min(1).max(100);

/** Accept the proposal `version`, all its changes or only `fields` of them. */
export const AcceptRecalibrationBody = z.object({
  version,
  fields: z
    .array(RecalibrationField)
    .min(1)
    .max(RECALIBRATION_FIELDS.length)
    .refine((fields) => new Set(fields).size === fields.length, { message: "Each change once" })
    .optional(),
});
export type AcceptRecalibrationBody = z.infer<typeof AcceptRecalibrationBody>;

export const DismissRecalibrationBody = z.object({ version });
export type DismissRecalibrationBody = z.infer<typeof DismissRecalibrationBody>;

export const RECALIBRATION_ERRORS = [
  /** No proposal to accept or dismiss (too few declines, dismissed, or nothing to change). */
  "RECALIBRATION_NOT_AVAILABLE",
  /** The proposal changed since it was read (a new decline, an edited preference): read it again. */
  "RECALIBRATION_CHANGED",
] as const;
