import {
  AGE_RANGE,
  AlcoholConsumption,
  type DeclineReason,
  EducationLevel,
  type PreferenceFields,
  type ProfileFields,
  RECALIBRATION_FIELDS,
  RECALIBRATION_MIN_EVIDENCE,
  type RecalibrationChange,
  type RecalibrationNote,
  SmokingHabits,
  WEIGHTED_PREFERENCES,
} from "@matchdesk/contract";

// The recalibration rules: from a client's declines (each with its reasons and what the declined
// candidate was) to concrete preference changes, each explained. Pure and deterministic: the same
// declines and preferences give the same proposal, in the same order.

/** What a declined (or accepted) candidate was, as far as the client's matchmaker may know it. */
export type CandidateFacts = Pick<
  ProfileFields,
  "city" | "educationLevel" | "smoking" | "alcohol" | "familyPlan" | "faith"
> & {
  /** In whole years when the client answered. */
  age: number | null;
};

/** One of the client's own declines: a no to an introduction, or "not again" after a date. */
export type Decline = {
  introductionId: string;
  at: Date;
  reasons: readonly DeclineReason[];
  candidate: CandidateFacts;
};

export type ProposalInput = {
  client: { age: number | null; city: string | null };
  preferences: PreferenceFields;
  /** The declines the proposal rests on (since the last accepted recalibration). */
  declines: readonly Decline[];
  /** Cities of candidates the client said yes to lately: where a wider search already worked. */
  acceptedCities: readonly string[];
};

export type Proposal = { changes: RecalibrationChange[]; notes: RecalibrationNote[] };

const fold = (city: string) => city.trim().toLowerCase();
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function withReason(declines: readonly Decline[], reason: DeclineReason) {
  return declines.filter((d) => d.reasons.includes(reason));
}

function known<T>(values: readonly (T | null)[]): T[] {
  return values.filter((v): v is T => v !== null);
}

/** Distinct cities by their folded spelling, each shown as first written; sorted. */
function distinctCities(cities: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const city of cities) {
    const key = fold(city);
    if (key !== "" && !out.has(key)) out.set(key, city.trim());
  }
  return new Map([...out].sort(([a], [b]) => byText(a, b)));
}

/**
 * AGE: the declined candidates' ages against the middle of the client's range (or the client's own
 * age). At least two older than it lower the maximum to just below the youngest of them; at least
 * two younger raise the minimum to just above the oldest of them. A bound only ever narrows.
 */
function ageChanges(input: ProposalInput): RecalibrationChange[] {
  const { minAge, maxAge } = input.preferences;
  const ages = known(withReason(input.declines, "AGE").map((d) => d.candidate.age));
  const pivot =
    minAge !== null && maxAge !== null
      ? (minAge + maxAge) / 2
      : (input.client.age ??
        (maxAge !== null ? Number.NEGATIVE_INFINITY : minAge !== null ? Number.POSITIVE_INFINITY : null));
  if (pivot === null) return [];
  const older = ages.filter((a) => a > pivot).sort((a, b) => a - b);
  const younger = ages.filter((a) => a < pivot).sort((a, b) => a - b);
  const total = input.declines.length;

  let lower: Extract<RecalibrationChange, { field: "maxAge" }> | null = null;
  if (older.length >= RECALIBRATION_MIN_EVIDENCE) {
    const to = older[0]! - 1;
    if (to >= Math.max(minAge ?? AGE_RANGE.min, AGE_RANGE.min) && (maxAge === null || to < maxAge)) {
      lower = {
        field: "maxAge",
        from: maxAge,
        to,
        because: { reason: "AGE", declines: older.length, total, values: older },
      };
    }
  }
  let raise: Extract<RecalibrationChange, { field: "minAge" }> | null = null;
  if (younger.length >= RECALIBRATION_MIN_EVIDENCE) {
    const to = younger[younger.length - 1]! + 1;
    if (to <= Math.min(maxAge ?? AGE_RANGE.max, AGE_RANGE.max) && (minAge === null || to > minAge)) {
      raise = {
        field: "minAge",
        from: minAge,
        to,
        because: { reason: "AGE", declines: younger.length, total, values: younger },
      };
    }
  }
  // Both ways at once and crossing: the stronger evidence wins, a tie proposes neither.
  if (lower && raise && raise.to > lower.to) {
    if (lower.because.declines === raise.because.declines) return [];
    return lower.because.declines > raise.because.declines ? [lower] : [raise];
  }
  return [raise, lower].filter((c): c is NonNullable<typeof c> => c !== null);
}

/**
 * DISTANCE: the cities of candidates declined as too far (the client's own city aside). With no
 * preferred cities yet: the client's city and the cities of candidates they said yes to. With
 * some: drop the declined ones; if none of them was preferred, the candidates came from outside
 * the list, so make the list a deal-breaker.
 */
function distanceChanges(input: ProposalInput): RecalibrationChange[] {
  const declined = withReason(input.declines, "DISTANCE").filter((d) => d.candidate.city !== null);
  if (declined.length < RECALIBRATION_MIN_EVIDENCE) return [];
  const clientCity = input.client.city?.trim() ? input.client.city.trim() : null;
  const far = distinctCities(known(declined.map((d) => d.candidate.city)));
  if (clientCity) far.delete(fold(clientCity));
  const evidence = declined.filter((d) => far.has(fold(d.candidate.city!)));
  if (evidence.length < RECALIBRATION_MIN_EVIDENCE) return [];
  const because = {
    reason: "DISTANCE" as const,
    declines: evidence.length,
    total: input.declines.length,
    values: [...far.values()],
  };
  const current = input.preferences.preferredCities;

  if (current.length === 0) {
    const wanted = distinctCities(input.acceptedCities);
    const to = [...(clientCity ? [clientCity] : []), ...wanted.values()].filter((c) => !far.has(fold(c)));
    const unique = dedupe(to);
    return unique.length > 0 ? [{ field: "preferredCities", from: [], to: unique, because }] : [];
  }

  const kept = current.filter((c) => !far.has(fold(c)));
  if (kept.length < current.length) {
    const to = kept.length > 0 ? kept : clientCity ? [clientCity] : [];
    return to.length > 0 ? [{ field: "preferredCities", from: [...current], to, because }] : [];
  }
  const dealBreakers = input.preferences.dealBreakers;
  if (dealBreakers.includes("cities")) return [];
  const to = WEIGHTED_PREFERENCES.filter((p) => p === "cities" || dealBreakers.includes(p));
  return [{ field: "dealBreakers", from: [...dealBreakers], to, because }];
}

function dedupe(cities: string[]): string[] {
  const seen = new Set<string>();
  return cities.filter((c) => {
    const key = fold(c);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A list preference (education, smoking, alcohol): the values the declined candidates had leave
 * the accepted list (an empty list accepts every value). `keep` vetoes a rule whose evidence is
 * mixed: a non-smoker declined for lifestyle says nothing against smokers.
 */
function narrowList<F extends "education" | "smoking" | "alcohol", V extends string>(
  input: ProposalInput,
  field: F,
  reason: DeclineReason,
  all: readonly V[],
  read: (c: CandidateFacts) => V | null,
  isEvidence: (values: V[]) => boolean,
): RecalibrationChange[] {
  const values = known(withReason(input.declines, reason).map((d) => read(d.candidate)));
  if (values.length < RECALIBRATION_MIN_EVIDENCE || !isEvidence(values)) return [];
  const current = input.preferences[field] as readonly string[] as readonly V[];
  const accepted = current.length > 0 ? current : all;
  const to = all.filter((v) => accepted.includes(v) && !values.includes(v));
  if (to.length === 0 || to.length === accepted.length) return [];
  const distinct = all.filter((v) => values.includes(v));
  return [
    {
      field,
      from: all.filter((v) => current.includes(v)),
      to,
      because: { reason, declines: values.length, total: input.declines.length, values: distinct },
    } as RecalibrationChange,
  ];
}

function notes(input: ProposalInput): RecalibrationNote[] {
  const out: RecalibrationNote[] = [];
  const total = input.declines.length;
  const family = withReason(input.declines, "FAMILY_PLANS");
  if (family.length >= RECALIBRATION_MIN_EVIDENCE) {
    const values = [...new Set(known(family.map((d) => d.candidate.familyPlan)))].sort(byText);
    out.push({
      field: "familyPlan",
      because: { reason: "FAMILY_PLANS", declines: family.length, total, values },
    });
  }
  const faith = withReason(input.declines, "RELIGION_CULTURE");
  if (faith.length >= RECALIBRATION_MIN_EVIDENCE) {
    const values = [...new Set(known(faith.map((d) => d.candidate.faith)))].sort(byText);
    out.push({
      field: "faith",
      because: { reason: "RELIGION_CULTURE", declines: faith.length, total, values },
    });
  }
  return out;
}

/** The proposal for these declines: changes in RECALIBRATION_FIELDS order, then notes. */
export function proposeChanges(input: ProposalInput): Proposal {
  const changes = [
    ...ageChanges(input),
    ...distanceChanges(input),
    ...narrowList(
      input,
      "education",
      "EDUCATION_CAREER",
      EducationLevel.options,
      (c) => c.educationLevel,
      () => true,
    ),
    ...narrowList(
      input,
      "smoking",
      "LIFESTYLE_VALUES",
      SmokingHabits.options,
      (c) => c.smoking,
      (v) => !v.includes("NO"),
    ),
    ...narrowList(
      input,
      "alcohol",
      "LIFESTYLE_VALUES",
      AlcoholConsumption.options,
      (c) => c.alcohol,
      (v) => !v.includes("NO"),
    ),
  ].sort((a, b) => RECALIBRATION_FIELDS.indexOf(a.field) - RECALIBRATION_FIELDS.indexOf(b.field));
  return { changes, notes: notes(input) };
}

/** The preference patch that applies these changes. */
export function preferencePatch(changes: readonly RecalibrationChange[]): Partial<PreferenceFields> {
  return Object.fromEntries(changes.map((c) => [c.field, c.to])) as Partial<PreferenceFields>;
}
