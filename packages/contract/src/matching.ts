import { z } from "zod";
import { Locale } from "./i18n.js";

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
